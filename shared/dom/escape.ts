// One document keydown listener for the whole page: Escape closes the topmost of search,
// right panel and left menu (spec §2), whichever island opened it.
import { closeTopmost } from '../stores/panel';

let installed = false;

function onKeydown(event: KeyboardEvent): void {
  // A control that handled Escape itself (an open <select>, a combobox) prevents default.
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  if (closeTopmost()) event.preventDefault();
}

/** Installs the listener once, however many islands call it. Returns an uninstall (tests). */
export function listenForEscape(): () => void {
  if (!installed && typeof document !== 'undefined') {
    document.addEventListener('keydown', onKeydown);
    installed = true;
  }
  return () => {
    document.removeEventListener('keydown', onKeydown);
    installed = false;
  };
}
