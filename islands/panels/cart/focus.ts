// A control that goes with its item (a line removed, an upsell added) would leave the keyboard's
// focus on the page's body, outside the open bag: it goes instead to the same control of the item
// now in that place, or of the last one, or to where the bag leads next.

/** Where a control stands among the controls of its kind in the panel. */
export function placeOf(control: HTMLElement, selector: string): { panel: HTMLElement | null; index: number } {
  const panel = control.closest<HTMLElement>('.cart-panel');
  const index = panel ? Array.from(panel.querySelectorAll(selector)).indexOf(control) : -1;
  return { panel, index };
}

/**
 * Once the panel has drawn the change: when the focus has left the panel (its control is gone),
 * focus the control of `selector` at `index` (or the last one), else the first of `fallbacks`.
 */
export function refocusInPlace(panel: HTMLElement | null, selector: string, index: number, fallbacks: string[]): void {
  // The panel draws a store change on its next render; a frame later it is on the page.
  requestAnimationFrame(() => {
    if (!panel?.isConnected || panel.contains(document.activeElement)) return;
    const same = Array.from(panel.querySelectorAll<HTMLElement>(selector));
    const target = same[Math.min(index, same.length - 1)] ?? fallbacks.map((s) => panel.querySelector<HTMLElement>(s)).find(Boolean);
    (target ?? panel.closest<HTMLElement>('[role="dialog"]'))?.focus();
  });
}
