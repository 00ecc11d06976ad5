// The merchant's storefront filters beside the spec's four dimensions (issues 35, 41): their place
// in the address (the platform's own parameters), what the browser answers of them, the counts
// per value, and the spec's state in the platform's parameters for a list the platform filters.
import { describe, expect, it } from 'vitest';
import { emptyFilters, facetCounts, filterProducts, readFilterState, writeFilterState, type FilterSelection } from '../../shared/catalogue/filters';
import { platformParams, readStorefrontFilters, specParams } from '../../shared/catalogue/storefront-filters';
import { listProduct } from './shared-support/products';
import type { ListProduct } from '../../shared/catalogue/listing';

function item(id: number, over: Partial<ListProduct>): ListProduct {
  return listProduct({
    id,
    type: 'coats',
    productOptions: [{ name: 'Color', values: ['black'] }],
    collections: ['outerwear'],
    available: true,
    price: 100_000,
    ...over,
  });
}

const list = [
  // 1 has a size sold out: in stock and out of stock.
  item(1, { price: 150_000, soldOutVariant: true }),
  item(2, { available: false, soldOutVariant: true, price: 90_000, type: 'dresses', productOptions: [{ name: 'Color', values: ['Beige', 'navy'] }] }),
  item(3, { price: 300_000, productOptions: [{ name: 'Колір', values: ['Чорний'] }] }),
  item(4, { available: false, soldOutVariant: true, price: 250_000, type: 'dresses', collections: ['summer'] }),
];

describe('storefront filters in the address', () => {
  it('are read and written as the platform’s parameters, beside the spec’s, a price end once', () => {
    const params = new URLSearchParams(
      'color=black&filter.v.availability=1&filter.v.availability=1&filter.v.price.gte=10&filter.v.price.gte=20&filter.p.vendor=Mavka&q=x',
    );
    const state = readFilterState(params);
    expect(state.filters.color).toEqual(['black']);
    expect(state.filters.storefront).toEqual({ 'filter.v.availability': ['1'], 'filter.v.price.gte': ['10'], 'filter.p.vendor': ['Mavka'] });
    const next: FilterSelection = { ...state.filters, storefront: { 'filter.v.price.lte': ['50'] } };
    const written = writeFilterState({ filters: next, sort: null }, params);
    expect(written.getAll('filter.v.availability')).toEqual([]);
    expect(written.get('filter.v.price.lte')).toBe('50');
    expect(written.get('q')).toBe('x');
    expect(readFilterState(new URLSearchParams('color=red')).filters.storefront).toBeUndefined();
  });
});

describe('storefront filters in the browser', () => {
  it('availability and a price range narrow the list with the spec’s dimensions', () => {
    const ids = (filters: FilterSelection) => filterProducts(list, filters).map((p) => p.id);
    expect(ids({ ...emptyFilters(), storefront: { 'filter.v.availability': ['1'] } })).toEqual([1, 3]);
    expect(ids({ ...emptyFilters(), storefront: { 'filter.v.availability': ['0'] } })).toEqual([1, 2, 4]);
    expect(ids({ ...emptyFilters(), storefront: { 'filter.v.price.gte': ['1000'], 'filter.v.price.lte': ['2500'] } })).toEqual([1, 4]);
    // 2's navy is not one of the shop's colours: black (spec §3).
    expect(ids({ ...emptyFilters(), color: ['black'], storefront: { 'filter.v.price.lte': ['2000'] } })).toEqual([1, 2]);
  });

  it('counts each value as choosing it with the other dimensions as they are', () => {
    const filters: FilterSelection = { ...emptyFilters(), color: ['black'], storefront: { 'filter.v.availability': ['1'] } };
    const counts = facetCounts(list, filters);
    // Availability, with black chosen (every product: 2's navy counts as black): 1 and 3 in stock; 1, 2 and 4 with a variant out of stock.
    expect(Object.fromEntries(counts.get('filter.v.availability')!)).toEqual({ '1': 2, '0': 3 });
    // Colours, in stock: black (1, 3 in Ukrainian), beige none in stock.
    expect(Object.fromEntries(counts.get('color')!)).toEqual({ black: 2 });
    expect(Object.fromEntries(counts.get('type')!)).toEqual({ coats: 2 });
    // Every count is the length of the list narrowed by that value instead.
    for (const [value, count] of counts.get('color')!) expect(filterProducts(list, { ...filters, color: [value] })).toHaveLength(count);
  });
});

describe('the spec’s state in the platform’s parameters', () => {
  const storefront = readStorefrontFilters([
    { param: 'filter.p.product_type', label: 'Type', type: 'list', values: [{ value: 'Coats', label: 'Coats', count: 2 }] },
    {
      param: 'filter.v.option.колір',
      label: 'Колір',
      type: 'list',
      values: ['black', 'Чорний', 'beige', 'navy'].map((value) => ({ value, label: value, count: 1 })),
    },
    { param: 'filter.v.option.розмір', label: 'Size', type: 'list', values: [{ value: 'M', label: 'M', count: 1 }] },
    { param: 'filter.v.price', label: 'Price', type: 'price_range', max: 300_000 },
    { param: 'javascript:alert(1)', label: 'x', type: 'list', values: [] },
  ]);

  it('reads only well-formed filters and finds the spec’s dimensions among them', () => {
    expect(storefront.map((f) => f.param)).toEqual(['filter.p.product_type', 'filter.v.option.колір', 'filter.v.option.розмір', 'filter.v.price']);
    expect(specParams(storefront)).toEqual({ type: 'filter.p.product_type', size: 'filter.v.option.розмір', color: 'filter.v.option.колір' });
  });

  it('sends a colour in every spelling the list offers (an unknown one is black), a size in any case, a type as the shop writes it', () => {
    const params = platformParams(
      { ...emptyFilters(), type: ['coats'], color: ['Black'], size: ['m'], storefront: { 'filter.v.availability': ['1'] } },
      storefront,
      (v) => v,
    );
    expect(params).not.toBeNull();
    const p = params as URLSearchParams;
    expect(p.getAll('filter.p.product_type')).toEqual(['Coats']);
    expect(p.getAll('filter.v.option.колір')).toEqual(['black', 'Чорний', 'navy']);
    expect(p.getAll('filter.v.option.розмір')).toEqual(['M']);
    expect(p.get('filter.v.availability')).toBe('1');
  });

  it('knows no product matches a colour the list does not offer, and cannot answer a dimension the shop has no filter for', () => {
    expect(platformParams({ ...emptyFilters(), color: ['red'] }, storefront, (v) => v)).toBe('none');
    expect(platformParams({ ...emptyFilters(), color: ['red'] }, [], (v) => v)).toBeNull();
  });
});
