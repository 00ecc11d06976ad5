import type { FixtureProduct, FixtureVariant } from '../store/types.js';

// A list's storefront-filter values in arrays, made once per list (a collection's products, kept
// for as long as the store is loaded; a search's results, per request): each variant's value of
// each variant filter and each product's values of each product filter as small integers, so
// narrowing and counting a list of 50,000 products (some 650,000 variants) is a walk of arrays,
// not of the products' options. Filtering (filtering.ts) reads it.

/** What the index needs of a filter: where its values live and how a product or variant has them. */
export interface IndexedRule {
  scope: 'p' | 'v';
  /** No values: a price range reads the variants' prices (IndexedList.prices). */
  priced: boolean;
  valuesOf(product: FixtureProduct, variant: FixtureVariant | null): string[];
}

/** One filter's values: each value's number, and the values by number in the order first met. */
export interface ValueTable {
  ids: Map<string, number>;
  values: string[];
}

export class IndexedList {
  /** Variants of product i are variants[variantStart[i] .. variantStart[i + 1]). */
  readonly variantStart: Int32Array;
  readonly variants: FixtureVariant[] = [];
  readonly tables: ValueTable[];
  /** Per variant filter: each variant's value number (-1 for none); null for a product filter. */
  readonly variantValues: (Int32Array | null)[];
  /** Per product filter: product i's value numbers are ids[start[i] .. start[i + 1]); null for a variant filter. */
  readonly productValues: ({ start: Int32Array; ids: Int32Array } | null)[];
  private priceMemo = new Map<string, Float64Array>();

  constructor(
    readonly products: readonly FixtureProduct[],
    rules: readonly IndexedRule[],
  ) {
    const n = products.length;
    this.variantStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      this.variantStart[i] = this.variants.length;
      for (const v of products[i]!.variants) this.variants.push(v);
    }
    this.variantStart[n] = this.variants.length;
    this.tables = rules.map(() => ({ ids: new Map<string, number>(), values: [] }));
    const idOf = (table: ValueTable, value: string): number => {
      let id = table.ids.get(value);
      if (id === undefined) {
        id = table.values.length;
        table.ids.set(value, id);
        table.values.push(value);
      }
      return id;
    };
    this.variantValues = rules.map((rule, r) => {
      if (rule.scope !== 'v' || rule.priced) return null;
      const table = this.tables[r]!;
      const out = new Int32Array(this.variants.length).fill(-1);
      for (let i = 0; i < n; i++) {
        const product = products[i]!;
        for (let j = this.variantStart[i]!; j < this.variantStart[i + 1]!; j++) {
          // A variant has one value of an option or of availability.
          const value = rule.valuesOf(product, this.variants[j]!)[0];
          if (value !== undefined) out[j] = idOf(table, value);
        }
      }
      return out;
    });
    this.productValues = rules.map((rule, r) => {
      if (rule.scope !== 'p') return null;
      const table = this.tables[r]!;
      const start = new Int32Array(n + 1);
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        start[i] = ids.length;
        for (const value of new Set(rule.valuesOf(products[i]!, null))) ids.push(idOf(table, value));
      }
      start[n] = ids.length;
      return { start, ids: Int32Array.from(ids) };
    });
  }

  /** Each variant's price in one currency, in minor units (made once per currency). */
  prices(currency: string, priceOf: (variant: FixtureVariant) => number): Float64Array {
    let prices = this.priceMemo.get(currency);
    if (!prices) {
      prices = Float64Array.from(this.variants, priceOf);
      this.priceMemo.set(currency, prices);
    }
    return prices;
  }
}

/** Lists indexed for as long as what stands for them lives (a collection's handles: the store's life). */
const kept = new WeakMap<object, Map<string, IndexedList>>();

/** The index of a list: kept under `listKey` and the filters' setup, or made for this request without one. */
export function indexedList(products: readonly FixtureProduct[], rules: readonly IndexedRule[], listKey: object | null, setup: string): IndexedList {
  if (!listKey) return new IndexedList(products, rules);
  let bySetup = kept.get(listKey);
  if (!bySetup) kept.set(listKey, (bySetup = new Map<string, IndexedList>()));
  let list = bySetup.get(setup);
  if (!list) bySetup.set(setup, (list = new IndexedList(products, rules)));
  return list;
}
