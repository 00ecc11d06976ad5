// Which slide of the phone strip is in view (the 'n / total' counter, spec §2).

/** The slide a horizontal strip shows: the nearest whole slide to its scroll position. */
export function slideIndex(scrollLeft: number, slideWidth: number, total: number): number {
  if (slideWidth <= 0 || total <= 0) return 0;
  return Math.min(total - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}
