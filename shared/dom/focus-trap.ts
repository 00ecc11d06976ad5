// Keeps keyboard focus inside an open dialog (panel, menu, search) and gives it back to the
// opener on close, as accessible dialogs do (STYLE.md, Dawn).
import { inDesignMode } from '../bootstrap';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Whether the element is drawn at all. A control the stylesheet hides (display: none, as the
 * localization forms' no-JavaScript buttons are once their choices submit themselves) is not a
 * stop for Tab: counted as the last one, it let Tab leave the trap from the real last control.
 * Where the browser cannot tell (checkVisibility is missing), it counts as drawn.
 */
function isDrawn(el: HTMLElement): boolean {
  return typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true });
}

/** The elements Tab can reach inside container, in document order. */
export function focusableIn(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getAttribute('tabindex') !== '-1' && isDrawn(el),
  );
}

export type FocusTrap = { activate(): void; deactivate(): void };

/**
 * `fallback` names where focus goes on close when there is no opener: an island that rendered
 * over the server markup replaced the very element the shopper clicked, or nothing opened the
 * panel but its address.
 */
export function createFocusTrap(container: HTMLElement, fallback?: () => HTMLElement | null): FocusTrap {
  let previous: HTMLElement | null = null;
  let active = false;

  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Tab') return;
    const items = focusableIn(container);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      // Nothing to move to: keep focus on the container itself.
      event.preventDefault();
      container.focus();
      return;
    }
    const current = document.activeElement;
    const outside = !container.contains(current);
    if (event.shiftKey && (current === first || current === container || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return {
    activate() {
      if (active) return;
      active = true;
      // Focus on the page's body is no opener: a panel opened by the address (a link, a reload).
      const opener = document.activeElement;
      previous = opener instanceof HTMLElement && opener !== document.body ? opener : null;
      document.addEventListener('keydown', onKeydown);
      // In the theme editor the merchant may be typing in the editor's sidebar, outside this
      // page: a panel the editor opened must not take the keyboard from there.
      if (inDesignMode() && !document.hasFocus()) return;
      // Opened by its address (a link from another page, a reload), nothing was pressed: focus goes
      // to the dialog itself, which a screen reader announces by its name, and no control shows a
      // focus ring the shopper did not ask for. Tab goes on to its first control.
      const first = previous ? focusableIn(container)[0] : undefined;
      if (first) {
        first.focus();
      } else {
        if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1');
        container.focus();
      }
    },
    deactivate() {
      if (!active) return;
      active = false;
      document.removeEventListener('keydown', onKeydown);
      // The opener may have been re-rendered away meanwhile: then its stand-in, if any.
      const target = previous?.isConnected ? previous : (fallback?.() ?? null);
      target?.focus();
      previous = null;
    },
  };
}
