// The slide-out left menu (spec §2). The header section renders it complete, so without
// JavaScript it opens with the #left-menu anchor (:target) and shows every sub-link. This
// module turns it into a modal panel that follows $leftMenuOpen: the opener's aria-expanded,
// focus moved in, trapped and returned, body scroll locked (shared/stores/panel), the backdrop
// and the close control close it, Escape too (shared/dom/escape). Entries with sub-links
// collapse behind a + / - toggle.
import { $leftMenuOpen, closeLeftMenu, openLeftMenu } from '../../shared/stores/panel';
import { createFocusTrap } from '../../shared/dom/focus-trap';
import { onUnload } from '../../shared/runtime/schedule';

const OPENERS = '[data-action="menu"]';

function setExpanded(toggle: HTMLButtonElement, list: HTMLElement, expanded: boolean): void {
  toggle.setAttribute('aria-expanded', String(expanded));
  list.hidden = !expanded;
}

/** Sub-link lists start closed, except the one holding the current page. */
function enhanceToggles(menu: HTMLElement): void {
  for (const toggle of Array.from(menu.querySelectorAll<HTMLButtonElement>('button[data-submenu-toggle]'))) {
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!list) continue;
    setExpanded(toggle, list, list.querySelector('[aria-current="page"]') !== null);
    toggle.hidden = false;
    toggle.addEventListener('click', () => setExpanded(toggle, list, toggle.getAttribute('aria-expanded') !== 'true'));
  }
}

function enhance(menu: HTMLElement): void {
  const panel = menu.querySelector<HTMLElement>('[data-left-menu-panel]');
  if (!panel) return;
  menu.dataset['enhanced'] = '';
  enhanceToggles(menu);

  for (const closer of Array.from(menu.querySelectorAll<HTMLElement>('[data-left-menu-close]'))) {
    closer.addEventListener('click', (event) => {
      event.preventDefault();
      closeLeftMenu();
    });
  }

  const trap = createFocusTrap(panel);
  const sync = (open: boolean): void => {
    menu.classList.toggle('is-open', open);
    // A modal dialog while open; closed, the labelled region it is without JavaScript, out of
    // the way of any [role=dialog] query (the right-hand panel's, for one).
    panel.setAttribute('role', open ? 'dialog' : 'region');
    if (open) panel.setAttribute('aria-modal', 'true');
    else panel.removeAttribute('aria-modal');
    for (const opener of Array.from(document.querySelectorAll(OPENERS))) opener.setAttribute('aria-expanded', String(open));
    if (open) trap.activate();
    else trap.deactivate();
  };
  // The store outlives a section the theme editor re-renders: the old menu stops listening.
  const unlisten = $leftMenuOpen.listen(sync);
  onUnload(menu, () => {
    unlisten();
    trap.deactivate();
  });

  // Opened without JavaScript's help (#left-menu in the address, a shared link): take over.
  if (window.location.hash === `#${menu.id}`) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    openLeftMenu();
  }
  sync($leftMenuOpen.get());
}

export function start(nodes: HTMLElement[]): void {
  for (const menu of nodes) enhance(menu);
}
