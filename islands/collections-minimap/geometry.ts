// The minimap's arithmetic (spec §9): the frame starts FRAME_OFFSET px down the track and moves
// STEP px per collection (a thumbnail and its gap). Pure, so it is tested without a browser.

export const FRAME_OFFSET = 8;
export const STEP = 94;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export type ListBox = {
  /** Document y of the list's top and bottom. */
  top: number;
  bottom: number;
  /** Height of the viewport. */
  viewport: number;
};

/** How far the page has scrolled through the list, 0 (its top at the viewport's top) to 1 (its end in view). */
export function progressAt(scrollY: number, box: ListBox): number {
  const range = box.bottom - box.viewport - box.top;
  if (range <= 0) return 0;
  return clamp((scrollY - box.top) / range, 0, 1);
}

/** The page scroll that puts the list at progress p; the inverse of progressAt. */
export function scrollFor(progress: number, box: ListBox): number {
  const range = Math.max(0, box.bottom - box.viewport - box.top);
  return box.top + clamp(progress, 0, 1) * range;
}

export type Track = {
  /** Number of collections (thumbnails). */
  count: number;
  /** Height of the track's content (offset, thumbnails and gaps) and of the window showing it. */
  trackHeight: number;
  windowHeight: number;
};

/** Pixels the track hides below the window; it slides up by a share of that as the frame moves down. */
export function overflow(track: Track): number {
  return Math.max(0, track.trackHeight - track.windowHeight);
}

/** The frame's top within the track (FRAME_OFFSET at the first collection, STEP more per collection). */
export function frameTop(progress: number, track: Track): number {
  return FRAME_OFFSET + clamp(progress, 0, 1) * Math.max(0, track.count - 1) * STEP;
}

/** How far the track slides up at progress p, so the frame stays inside the window. */
export function trackShift(progress: number, track: Track): number {
  return clamp(progress, 0, 1) * overflow(track);
}

/**
 * The progress for a frame whose top is y px below the window's top (what a drag asks for).
 * On screen the frame moves STEP px per collection less the track's slide.
 */
export function progressForFrameAt(y: number, track: Track): number {
  const steps = Math.max(0, track.count - 1);
  if (steps === 0) return 0;
  const span = steps * STEP - overflow(track);
  if (span <= 0) return 0;
  return clamp((y - FRAME_OFFSET) / span, 0, 1);
}
