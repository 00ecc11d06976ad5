// Storefront filtering at any size: each product's filter values are read once per store load
// (not once per request), and the counts, worked out in one walk of the list, are those of
// narrowing the list by each value in turn.
import { describe, expect, it } from 'vitest';
import { loadStore } from '../store/load-store';
import { dropContext } from '../platform/globals';
import { Filtering } from '../platform/filtering';
import type { FixtureProduct } from '../store/types';
import { FIXTURES } from '../testing';

const store = loadStore(FIXTURES);
const COLOUR = 'filter.v.option.колір';
const SIZE = 'filter.v.option.розмір';

/** The store's products, each variant's options counted as they are read. */
function countingProducts(): { products: FixtureProduct[]; reads: () => number } {
  let reads = 0;
  const products = store.products
    .filter((p) => !p.gift_card)
    .map((p) => ({
      ...p,
      variants: p.variants.map((v) => {
        const options = v.options;
        return Object.defineProperty({ ...v }, 'options', {
          get: () => {
            reads++;
            return options;
          },
          enumerable: true,
        });
      }),
    }));
  return { products, reads: () => reads };
}

/** Every value's count of every list filter, as the filter objects give them. */
function allCounts(filtering: Filtering): Record<string, Record<string, number | null>> {
  return Object.fromEntries(filtering.filters().map((f) => [f.param_name, Object.fromEntries(f.values.map((v) => [String(v.value), v.count]))]));
}

describe('storefront filtering', () => {
  it('reads each product’s values once per store load, not on every request', () => {
    const ctx = dropContext(store, 'uk', 'UAH');
    const { products, reads } = countingProducts();
    const list = products.map((p) => p.handle);
    const first = new Filtering(ctx, products, '/collections/all', new URLSearchParams(`${COLOUR}=black`), list);
    allCounts(first);
    first.results();
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    // Another shopper, another choice on the same list: nothing is read from the products again.
    const second = new Filtering(ctx, products, '/collections/all', new URLSearchParams(`${SIZE}=M&filter.v.availability=1`), list);
    allCounts(second);
    second.results();
    expect(reads()).toBe(afterFirst);
  });

  it('counts each value as narrowing the list by it would', () => {
    const ctx = dropContext(store, 'en', 'UAH');
    const products = store.products.filter((p) => !p.gift_card);
    const queries = [
      '',
      `${COLOUR}=black`,
      `${COLOUR}=black&${COLOUR}=beige&filter.v.availability=1`,
      `${SIZE}=M&filter.p.product_type=coats&filter.v.price.gte=1000`,
      'filter.v.availability=0&filter.v.price.lte=2000',
    ];
    for (const query of queries) {
      const filtering = new Filtering(ctx, products, '/collections/all', new URLSearchParams(query));
      for (const filter of filtering.filters()) {
        for (const value of filter.values) {
          // The list with this value chosen in place of the filter's own (OR: any of them).
          const params = new URLSearchParams(query);
          params.delete(filter.param_name);
          params.append(filter.param_name, String(value.value));
          const narrowed = new Filtering(ctx, products, '/collections/all', params).results().length;
          expect(value.count, `${query} → ${filter.param_name}=${value.value}`).toBe(narrowed);
        }
      }
    }
  });
});
