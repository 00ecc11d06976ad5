// Where a look's popup goes (issue 17): near its dot, inside the image, covering no dot. Spec §4
// flips the popup at 25 % of the width (right of a dot left of that line, else left of it); with
// dots at 25/50/75 % a popup beside its dot covers the next one at some widths, so that rule only
// orders the tries here. When no spot near the dot is free (a phone, where the image is shorter
// than the popup, or a crowded look) the popup opens as a sheet under the image, pointing at its dot.

export type Size = { width: number; height: number };
/** A dot's centre, in px from the image's top left corner. */
export type Point = { x: number; y: number };

export type FloatSide = 'below' | 'above' | 'right' | 'left';
export type Placement =
  | { kind: 'float'; side: FloatSide; left: number; top: number }
  /** Under the image; left is the sheet's offset, caret where its arrow points (both px). */
  | { kind: 'sheet'; left: number; caret: number };

/** From a dot's centre to the popup: the dot's target's radius (22) and a little air. */
const GAP = 24;
/** Half a dot's target (44 px, the button's ::before): the square the popup keeps clear of. */
const DOT_CLEARANCE = 22;
/** The popup keeps this far from the image's edges. */
const EDGE = 8;
/** A sheet is no wider than this on a wide image, so it still reads as the dot's. */
export const SHEET_MAX_WIDTH = 420;
/** The popup's tip is at least this far from the sheet's ends. */
const CARET_INSET = 20;

type Box = { left: number; top: number; right: number; bottom: number };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The first free spot for the popup of dots[open], tried in this order: below the dot (above it
 * for a dot low in the image), then the other way; each with the popup running to the spec's side
 * of the dot, then to the other side, then centred; then beside the dot, spec's side first. Free
 * means inside the image (EDGE from its sides) and clear of every dot. None free: a sheet.
 */
export function placePopup(image: Size, popup: Size, dots: Point[], open: number): Placement {
  const dot = dots[open];
  if (!dot) return { kind: 'sheet', left: 0, caret: image.width / 2 };
  const { width: w, height: h } = popup;
  const specRight = dot.x < image.width * 0.25;
  const low = dot.y > image.height * 0.6;

  const runs = [specRight ? dot.x - GAP : dot.x + GAP - w, specRight ? dot.x + GAP - w : dot.x - GAP, dot.x - w / 2];
  const tries: { side: FloatSide; left: number; top: number }[] = [];
  for (const side of low ? (['above', 'below'] as const) : (['below', 'above'] as const)) {
    const top = side === 'below' ? dot.y + GAP : dot.y - GAP - h;
    for (const run of runs) tries.push({ side, left: clamp(run, EDGE, image.width - EDGE - w), top });
  }
  const besideTop = clamp(dot.y - h / 2, EDGE, image.height - EDGE - h);
  for (const side of specRight ? (['right', 'left'] as const) : (['left', 'right'] as const)) {
    tries.push({ side, left: side === 'right' ? dot.x + GAP : dot.x - GAP - w, top: besideTop });
  }

  const clear = dots.map((d) => ({ left: d.x - DOT_CLEARANCE, top: d.y - DOT_CLEARANCE, right: d.x + DOT_CLEARANCE, bottom: d.y + DOT_CLEARANCE }));
  const fits = ({ left, top }: { left: number; top: number }) => {
    const box = { left, top, right: left + w, bottom: top + h };
    const inside = left >= EDGE - 0.5 && top >= EDGE - 0.5 && box.right <= image.width - EDGE + 0.5 && box.bottom <= image.height - EDGE + 0.5;
    return inside && clear.every((d) => !overlaps(box, d));
  };
  const free = tries.find(fits);
  if (free) return { kind: 'float', ...free };

  const sheetWidth = Math.min(image.width, SHEET_MAX_WIDTH);
  const left = clamp(dot.x - sheetWidth / 2, 0, image.width - sheetWidth);
  return { kind: 'sheet', left, caret: clamp(dot.x - left, CARET_INSET, sheetWidth - CARET_INSET) };
}
