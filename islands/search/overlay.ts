// The search overlay (spec §2): a Hide control and a text box; Enter submits q with
// type=product to /search (which the shell sends on to /collections/all?q=…&type=product).
// The header section renders the form hidden; without JavaScript the header's search link
// goes to the search page instead. This module shows it when $searchOpen is set: focus moves
// to the box, stays in the overlay, and returns to the opener; Escape and Hide close it.
import { $searchOpen, closeLeftMenu, closeSearch } from '../../shared/stores/panel';
import { createFocusTrap } from '../../shared/dom/focus-trap';
import { onUnload } from '../../shared/runtime/schedule';
import type { PredictiveSearch } from './predictive';

function enhance(overlay: HTMLElement): void {
  const input = overlay.querySelector<HTMLInputElement>('input[name="q"]');
  const trap = createFocusTrap(overlay);
  const predictive = loadPredictiveOnIntent(overlay, input);
  overlay.querySelector('[data-search-hide]')?.addEventListener('click', () => closeSearch());

  const show = (): void => {
    // A modal dialog only while shown, so hidden it answers no [role=dialog] query.
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-labelledby', 'search-overlay-title');
    overlay.hidden = false;
    trap.activate();
    input?.focus();
  };

  const markOpeners = (open: boolean): void => {
    for (const opener of Array.from(document.querySelectorAll('[data-action="search"]'))) opener.setAttribute('aria-expanded', String(open));
  };

  // The store outlives a header the theme editor re-renders: the old overlay stops listening.
  const unlisten = $searchOpen.listen((open) => {
    markOpeners(open);
    if (open) {
      // Opened from the left menu (phones): the menu gives way and hands focus back to the
      // menu button, which is then where focus returns when the search is hidden. nanostores
      // tells the menu after this listener returns, so the overlay takes focus a tick later.
      closeLeftMenu();
      queueMicrotask(() => {
        if ($searchOpen.get()) show();
      });
    } else {
      predictive.current?.close();
      overlay.hidden = true;
      for (const name of ['role', 'aria-modal', 'aria-labelledby']) overlay.removeAttribute(name);
      trap.deactivate();
    }
  });
  onUnload(overlay, () => {
    unlisten();
    predictive.current?.destroy();
    trap.deactivate();
  });

  // Opened before this module arrived (the click that brought it, or a quick one at page start).
  if ($searchOpen.get()) {
    markOpeners(true);
    show();
  }

  // An empty search would only list everything: keep the shopper in the box instead.
  overlay.querySelector('form')?.addEventListener('submit', (event) => {
    if (input && input.value.trim() === '') {
      event.preventDefault();
      input.focus();
    }
  });
}

/**
 * Predictive search (predictive.ts) comes when the shopper first focuses or types in the box:
 * a page that never searches never loads it. Until it has come, the box is a plain search field.
 */
function loadPredictiveOnIntent(overlay: HTMLElement, input: HTMLInputElement | null): { current: PredictiveSearch | null } {
  const handle: { current: PredictiveSearch | null } = { current: null };
  const panel = overlay.querySelector<HTMLElement>('[data-predictive-search]');
  const status = overlay.querySelector<HTMLElement>('[data-predictive-status]');
  if (!input || !panel || !status) return handle;
  const load = (): void => {
    input.removeEventListener('focus', load);
    input.removeEventListener('input', load);
    import('./predictive')
      .then(({ attachPredictiveSearch }) => {
        if (overlay.isConnected) handle.current = attachPredictiveSearch(input, panel, status);
      })
      .catch((error: unknown) => console.error('Predictive search could not load', error));
  };
  input.addEventListener('focus', load);
  input.addEventListener('input', load);
  return handle;
}

export function start(nodes: HTMLElement[]): void {
  for (const overlay of nodes) enhance(overlay);
}
