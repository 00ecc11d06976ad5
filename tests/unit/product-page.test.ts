// The product page's small modules, and the places where the theme (Liquid, CSS) and the islands
// must say the same thing: colour labels and swatches, strings both draw, the selection query.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSelectionQuery, selectionHref } from '../../islands/product-form/query';
import { slideIndex } from '../../islands/product-gallery/slides';
import { popupPlacement } from '../../islands/look/Look';
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

  it('flips the popup at 25 % of the width (spec §4)', () => {
    expect(popupPlacement(0)).toBe('right');
    expect(popupPlacement(24.99)).toBe('right');
    expect(popupPlacement(25)).toBe('left');
    expect(popupPlacement(80)).toBe('left');
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
