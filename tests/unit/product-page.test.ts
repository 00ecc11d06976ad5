// The product page's small modules, and the places where the theme (Liquid, CSS) and the islands
// must say the same thing: colour labels and swatches, strings both draw, the selection query.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSelectionQuery, selectionHref } from '../../islands/product-form/query';
import { slideIndex } from '../../islands/product-gallery/slides';
import { placePopup, SHEET_MAX_WIDTH, type Point, type Size } from '../../islands/look/placement';
import { COLOUR_NAMES } from '../../shared/catalogue/colours';
import type { CatalogueProduct } from '../../shared/catalogue/product';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const themeLocales = { uk: json('theme/locales/uk.default.json'), en: json('theme/locales/en.json') };

const product = {
  productOptions: [
    { name: 'Колір', values: ['beige', 'black'] },
    { name: 'Розмір', values: ['XS', 'M'] },
  ],
  variants: [
    { id: 1, available: true, options: ['beige', 'XS'] },
    { id: 2, available: false, options: ['beige', 'M'] },
    { id: 3, available: true, options: ['black', 'XS'] },
    { id: 4, available: true, options: ['black', 'M'] },
  ],
  currentVariant: { id: 4 },
} as unknown as CatalogueProduct;

describe('selection query (spec §4)', () => {
  it('reads ?color= and ?size=, ignoring blank values', () => {
    expect(readSelectionQuery('?color=Black&size=m', product)).toEqual({ color: 'Black', size: 'm' });
    expect(readSelectionQuery('?color=%20&size=', product)).toEqual({ color: null, size: null });
    expect(readSelectionQuery('', product)).toEqual({ color: null, size: null });
  });

  it('falls back to the current variant for a platform ?variant= link, not over an explicit choice', () => {
    expect(readSelectionQuery('?variant=4', product)).toEqual({ color: 'black', size: 'M' });
    expect(readSelectionQuery('?variant=4&size=xs', product)).toEqual({ color: null, size: 'xs' });
  });

  it('writes color and size over the address, keeping every other parameter', () => {
    const href = selectionHref('https://shop.example/en/products/coat?rightSidebar=cart&color=old#top', { color: 'black', size: 'm' });
    const url = new URL(href);
    expect(url.pathname).toBe('/en/products/coat');
    expect(url.searchParams.get('rightSidebar')).toBe('cart');
    expect(url.searchParams.get('color')).toBe('black');
    expect(url.searchParams.get('size')).toBe('m');
    expect(url.hash).toBe('#top');
    expect(new URL(selectionHref(href, { color: 'beige', size: null })).searchParams.has('size')).toBe(false);
    // No variant link, none written.
    expect(new URL(selectionHref(href, { color: 'beige', size: null }, 3)).searchParams.has('variant')).toBe(false);
  });

  it('keeps a variant link’s ?variant= on the chosen variant, or drops it when no variant has the choice', () => {
    const link = 'https://shop.example/products/coat?variant=4&rightSidebar=cart';
    const chosen = new URL(selectionHref(link, { color: 'beige', size: 's' }, 7));
    expect([chosen.searchParams.get('variant'), chosen.searchParams.get('color'), chosen.searchParams.get('size')]).toEqual(['7', 'beige', 's']);
    expect(chosen.searchParams.get('rightSidebar')).toBe('cart');
    expect(new URL(selectionHref(link, { color: 'beige', size: 'xxl' }, null)).searchParams.has('variant')).toBe(false);
  });
});

describe('gallery counter and look popup placement', () => {
  it('counts the slide nearest to the scroll position, within 1..total', () => {
    expect(slideIndex(0, 375, 3)).toBe(0);
    expect(slideIndex(180, 375, 3)).toBe(0);
    expect(slideIndex(200, 375, 3)).toBe(1);
    expect(slideIndex(750, 375, 3)).toBe(2);
    expect(slideIndex(5000, 375, 3)).toBe(2);
    expect(slideIndex(-40, 375, 3)).toBe(0);
    expect(slideIndex(100, 0, 3)).toBe(0);
  });
});

describe('look popup placement (issue 17: at any dot position it covers no dot and stays in the image)', () => {
  const POPUP: Size = { width: 300, height: 188 };
  const at = (image: Size, ...percent: [number, number][]): Point[] => percent.map(([x, y]) => ({ x: (x / 100) * image.width, y: (y / 100) * image.height }));
  const overlapsDot = (box: { left: number; top: number }, dot: Point) =>
    box.left < dot.x + 22 && dot.x - 22 < box.left + POPUP.width && box.top < dot.y + 22 && dot.y - 22 < box.top + POPUP.height;

  it("keeps the spec's 25 % flip where the image has room: right of a dot left of the line, else left of it", () => {
    const image = { width: 676, height: 405 };
    const dots = at(image, [20, 30], [60, 30]);
    const left = placePopup(image, POPUP, dots, 0);
    expect(left).toMatchObject({ kind: 'float', side: 'below' });
    if (left.kind === 'float') expect(left.left).toBeGreaterThanOrEqual(dots[0]!.x - 24);
    const right = placePopup(image, POPUP, dots, 1);
    expect(right).toMatchObject({ kind: 'float', side: 'below' });
    if (right.kind === 'float') expect(right.left + POPUP.width).toBeLessThanOrEqual(dots[1]!.x + 24);
  });

  it('opens above a dot low in the image', () => {
    const image = { width: 676, height: 405 };
    expect(placePopup(image, POPUP, at(image, [40, 80]), 0)).toMatchObject({ kind: 'float', side: 'above' });
  });

  it('does not cover the 50 % dot from the 25 % one at 1280 and 1440 px (the defect), nor any other', () => {
    for (const image of [
      { width: 596, height: 358 },
      { width: 676, height: 405 },
      { width: 1376, height: 826 },
    ]) {
      const dots = at(image, [25, 43.33], [50, 51.42], [75, 44.5]);
      dots.forEach((_, open) => {
        const placed = placePopup(image, POPUP, dots, open);
        if (placed.kind === 'float') for (const dot of dots) expect(overlapsDot(placed, dot)).toBe(false);
      });
    }
  });

  it('never covers a dot nor leaves the image, over many layouts and sizes', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    let floats = 0;
    for (let round = 0; round < 400; round++) {
      const width = 320 + Math.round(random() * 1100);
      const image = { width, height: Math.round(width * (0.5 + random())) };
      const dots = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({ x: random() * image.width, y: random() * image.height }));
      dots.forEach((dot, open) => {
        const placed = placePopup(image, POPUP, dots, open);
        if (placed.kind === 'sheet') {
          const sheet = Math.min(image.width, SHEET_MAX_WIDTH);
          expect(placed.left).toBeGreaterThanOrEqual(0);
          expect(placed.left + sheet).toBeLessThanOrEqual(image.width);
          expect(Math.abs(placed.left + placed.caret - dot.x)).toBeLessThanOrEqual(Math.max(0, Math.max(20 - dot.x, dot.x - (image.width - 20))) + 0.001);
          return;
        }
        floats++;
        expect(placed.left).toBeGreaterThanOrEqual(7.5);
        expect(placed.top).toBeGreaterThanOrEqual(7.5);
        expect(placed.left + POPUP.width).toBeLessThanOrEqual(image.width - 7.5);
        expect(placed.top + POPUP.height).toBeLessThanOrEqual(image.height - 7.5);
        for (const other of dots) expect(overlapsDot(placed, other)).toBe(false);
      });
    }
    expect(floats).toBeGreaterThan(100);
  });

  it('opens as a sheet under a phone-sized image, its arrow at the dot', () => {
    const image = { width: 343, height: 206 };
    const dots = at(image, [25, 43], [50, 51], [98, 5]);
    expect(placePopup(image, POPUP, dots, 0)).toEqual({ kind: 'sheet', left: 0, caret: dots[0]!.x });
    // A dot at the very edge: the arrow stays on the sheet.
    expect(placePopup(image, POPUP, dots, 2)).toEqual({ kind: 'sheet', left: 0, caret: 343 - 20 });
  });
});

describe('the 24 colours', () => {
  it('each have a label in both theme languages (the labels islands and Liquid both read)', () => {
    for (const lang of ['uk', 'en'] as const) {
      const labels = themeLocales[lang].product.colours as Record<string, string>;
      expect(Object.keys(labels).sort()).toEqual([...COLOUR_NAMES].sort());
    }
  });
});
