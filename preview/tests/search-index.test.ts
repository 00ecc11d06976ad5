// The storefront search at any size: each product's searchable text is made once per store load
// (not on every request), and searches still find what they found.
import { describe, expect, it } from 'vitest';
import { loadStore } from '../store/load-store';
import { dropContext } from '../platform/globals';
import { SearchDrop } from '../platform/search';
import { FIXTURES } from '../testing';

const fixtures = loadStore(FIXTURES);

describe('storefront search', () => {
  it('reads each product’s text once per store load and language, then finds from it', () => {
    let reads = 0;
    const products = fixtures.products.map((p) => {
      const description = p.description;
      return Object.defineProperty({ ...p }, 'description', {
        get: () => {
          reads++;
          return description;
        },
        enumerable: true,
      });
    });
    const store = { ...fixtures, products };
    const search = (terms: string, language = 'uk') =>
      new SearchDrop(dropContext(store, language, 'UAH'), new URLSearchParams({ q: terms, type: 'product' })).results_count;
    const coats = search('coat');
    expect(coats).toBeGreaterThan(0);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    // Another shopper's searches in the same language read no product's text again.
    expect(search('coat')).toBe(coats);
    search('dress');
    expect(reads).toBe(afterFirst);
    // Another language's text is its own.
    search('coat', 'en');
    expect(reads).toBeGreaterThan(afterFirst);
  });
});
