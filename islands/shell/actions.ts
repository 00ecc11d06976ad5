// Header and menu controls are plain links that work without JavaScript (/cart, /account/login,
// /search, #left-menu). With JavaScript, a click on one marked data-action opens its panel instead.
import { openPanel, openSearch, toggleLeftMenu, isPanelName } from '../../shared/stores/panel';

export function installActionLinks(root: Document): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    if (!target) return;
    const action = target.dataset['action'];
    if (action === 'menu') toggleLeftMenu();
    else if (action === 'search') openSearch();
    else if (isPanelName(action)) openPanel(action);
    else return;
    event.preventDefault();
  });
}
