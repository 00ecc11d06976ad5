// What the list index leaves out and a browser works out (issue 16): a card's image at each
// width of its srcset, and a product's handle from its address.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_WIDTHS } from '../../shared/catalogue/card';
import { imageAtWidth } from '../../shared/format/values';
import { handleOfUrl } from '../../shared/catalogue/listing';

describe('imageAtWidth', () => {
  it('sets the width and keeps the address’s own query', () => {
    expect(imageAtWidth('/cdn/shop/files/coat.jpg?width=500', 360)).toBe('/cdn/shop/files/coat.jpg?width=360');
    expect(imageAtWidth('//cdn.example.com/s/files/coat.jpg?v=17&width=500', 1000)).toBe('//cdn.example.com/s/files/coat.jpg?v=17&width=1000');
    expect(imageAtWidth('/cdn/shop/files/coat.jpg', 720)).toBe('/cdn/shop/files/coat.jpg?width=720');
  });

  it('offers the widths the server’s card lists, so a card looks the same whoever drew it', () => {
    const snippet = readFileSync('theme/snippets/product-card.liquid', 'utf8');
    // The card's own srcset (a 2×2 tile adds a wider file after it).
    const srcset = /capture card_srcset -%\}\s*([^\n]*)/.exec(snippet)?.[1] ?? '';
    const widths = [...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([...CARD_IMAGE_WIDTHS]);
  });
});

describe('handleOfUrl', () => {
  it('reads the handle at the end of a product address in either language', () => {
    expect(handleOfUrl('/products/wool-wrap-coat')).toBe('wool-wrap-coat');
    expect(handleOfUrl('/en/products/wool-wrap-coat?variant=9')).toBe('wool-wrap-coat');
    expect(handleOfUrl('/en/products/%D0%BF%D0%B0%D0%BB%D1%8C%D1%82%D0%BE')).toBe('пальто');
  });
});
