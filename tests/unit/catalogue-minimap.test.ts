// The collections minimap's arithmetic (spec §9: frame offset 8, thumbnail step 94).
import { describe, expect, it } from 'vitest';
import { FRAME_OFFSET, STEP, frameTop, overflow, progressAt, progressForFrameAt, scrollFor, trackShift } from '../../islands/collections-minimap/geometry';

const box = { top: 200, bottom: 5200, viewport: 1000 };
// 15 collections: 8px offset, 15 thumbnails of 86px with 8px gaps, 8px at the end.
const tall = { count: 15, trackHeight: 8 + 15 * 94, windowHeight: 800 };
const short = { count: 5, trackHeight: 8 + 5 * 94, windowHeight: 800 };

describe('collections minimap', () => {
  it('uses the spec constants', () => {
    expect(FRAME_OFFSET).toBe(8);
    expect(STEP).toBe(94);
  });

  it('puts the frame 8px down at the start and 94px further per collection', () => {
    expect(frameTop(0, tall)).toBe(8);
    expect(frameTop(1, tall)).toBe(8 + 14 * 94);
    expect(frameTop(0.5, short)).toBe(8 + 2 * 94);
    expect(frameTop(2, short)).toBe(8 + 4 * 94);
  });

  it('maps the page scroll through the list to progress and back', () => {
    expect(progressAt(0, box)).toBe(0);
    expect(progressAt(200, box)).toBe(0);
    expect(progressAt(200 + 2000, box)).toBe(0.5);
    expect(progressAt(99999, box)).toBe(1);
    for (const p of [0, 0.25, 0.5, 1]) expect(progressAt(scrollFor(p, box), box)).toBeCloseTo(p);
    // A list shorter than the viewport never scrolls through.
    expect(progressAt(500, { top: 0, bottom: 300, viewport: 1000 })).toBe(0);
  });

  it('slides a track taller than its window up, so the frame stays in view', () => {
    expect(overflow(short)).toBe(0);
    expect(trackShift(1, short)).toBe(0);
    expect(overflow(tall)).toBe(tall.trackHeight - 800);
    expect(trackShift(1, tall)).toBe(overflow(tall));
    const onScreen = frameTop(1, tall) - trackShift(1, tall);
    expect(onScreen + 92).toBeLessThanOrEqual(tall.windowHeight + 8);
  });

  it('turns a dragged frame position back into the progress that shows it there', () => {
    for (const track of [short, tall]) {
      for (const p of [0, 0.3, 0.7, 1]) {
        const y = frameTop(p, track) - trackShift(p, track);
        expect(progressForFrameAt(y, track)).toBeCloseTo(p);
      }
      expect(progressForFrameAt(-50, track)).toBe(0);
      expect(progressForFrameAt(10_000, track)).toBe(1);
    }
    expect(progressForFrameAt(100, { count: 1, trackHeight: 102, windowHeight: 800 })).toBe(0);
  });
});
