import { describe, expect, it } from 'vitest';
import {
  EXCLUDED_FILTER_COLLECTIONS,
  collectionFilterOptions,
  emptyFilters,
  filterProducts,
  normaliseTypes,
  readFilterState,
  writeFilterState,
  type FilterSelection,
} from '../../shared/catalogue/filters';
import { sortProducts } from '../../shared/catalogue/sort';
import { listProduct, product } from './shared-support/products';
import type { ListProduct } from '../../shared/catalogue/listing';

function item(id: number, type: string, colours: string[], sizes: string[], collections: string[]): ListProduct {
  return listProduct({
    id,
    type,
    productOptions: [
      { name: 'Color', values: colours },
      { name: 'Розмір', values: sizes },
    ],
    collections,
  });
}

const catalogue = [
  item(1, 'coats', ['Black', 'White'], ['S', 'M'], ['outerwear', 'new-arrivals']),
  item(2, 'dresses', ['Red'], ['M'], ['summer']),
  item(3, 'Dresses', ['Pink', 'Black'], ['L'], ['summer', 'evening']),
  item(4, 'skirts', ['Brown'], ['XS', 'S'], []),
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);
const select = (over: Partial<FilterSelection>): FilterSelection => ({ ...emptyFilters(), ...over });

describe('filters', () => {
  it('passes everything with no selection', () => {
    expect(ids(filterProducts(catalogue, emptyFilters()))).toEqual([1, 2, 3, 4]);
  });

  it('matches any selected value within a dimension', () => {
    expect(ids(filterProducts(catalogue, select({ type: ['coats', 'skirts'] })))).toEqual([1, 4]);
    expect(ids(filterProducts(catalogue, select({ color: ['black', 'red'] })))).toEqual([1, 2, 3]);
    expect(ids(filterProducts(catalogue, select({ size: ['s'] })))).toEqual([1, 4]);
    expect(ids(filterProducts(catalogue, select({ collection: ['evening', 'outerwear'] })))).toEqual([1, 3]);
  });

  it('needs every non-empty dimension to match', () => {
    expect(ids(filterProducts(catalogue, select({ type: ['dresses'], color: ['black'] })))).toEqual([3]);
    expect(ids(filterProducts(catalogue, select({ type: ['dresses'], size: ['s'] })))).toEqual([]);
  });

  it('compares type by equality, ignoring case, not by substring', () => {
    expect(ids(filterProducts(catalogue, select({ type: ['dress'] })))).toEqual([]);
    expect(ids(filterProducts(catalogue, select({ type: ['DRESSES'] })))).toEqual([2, 3]);
  });

  it('matches a colour in any spelling', () => {
    expect(filterProducts([catalogue[1]!], select({ color: ['Червоний'] }))).toHaveLength(1);
  });

  it('normalises types: lower case, no blanks, no duplicates', () => {
    expect(normaliseTypes(['Coats', ' coats ', '', '  ', 'Dresses', null, 'dresses', 'Tops'])).toEqual(['coats', 'dresses', 'tops']);
  });

  it('offers collections except ALL and the excluded handles', () => {
    const collections = [
      { id: 1, handle: 'all', title: 'ALL' },
      { id: 2, handle: 'frontpage', title: 'Home page' },
      { id: 3, handle: 'new-arrivals', title: 'New arrivals' },
      { id: 4, handle: 'summer', title: 'Summer' },
      { id: 5, handle: 'everything', name: 'All' },
    ];
    expect(EXCLUDED_FILTER_COLLECTIONS).toEqual(['frontpage', 'new-arrivals']);
    expect(collectionFilterOptions(collections)).toEqual([{ value: 'summer', label: 'Summer' }]);
    expect(collectionFilterOptions(collections, []).map((o) => o.value)).toEqual(['frontpage', 'new-arrivals', 'summer']);
  });
});

describe('filter state in the address', () => {
  it('reads repeated params and the sort', () => {
    const state = readFilterState(new URLSearchParams('type=coats&type=dresses&size=m&color=black&collection=summer&sort=price_low_to_high&q=x'));
    expect(state).toEqual({
      filters: { type: ['coats', 'dresses'], size: ['m'], color: ['black'], collection: ['summer'] },
      sort: 'price_low_to_high',
    });
  });

  it('reads a value repeated, or spelled another way, as one choice in its first spelling', () => {
    const state = readFilterState(
      new URLSearchParams('color=black&color=Black&color=navy&color=Чорний&color=red&size=M&size=m&size=%20m%20&type=Coats&type=coats'),
    );
    // navy is not a supported colour, so it is black (spec §3), as the filter rule reads it.
    expect(state.filters).toEqual({ type: ['Coats'], size: ['M'], color: ['black', 'red'], collection: [] });
  });

  it('drops an unknown sort and empty values', () => {
    expect(readFilterState(new URLSearchParams('sort=cheapest&type='))).toEqual({ filters: emptyFilters(), sort: null });
  });

  it('writes over the old filter params, keeping the others, and round-trips', () => {
    const base = new URLSearchParams('q=silk&type=product&color=red&sort=alphabetically&rightSidebar=filters');
    const state = { filters: select({ color: ['black', 'white'], size: ['s'] }), sort: 'price_high_to_low' as const };
    const params = writeFilterState(state, base);
    expect(params.getAll('color')).toEqual(['black', 'white']);
    expect(params.get('q')).toBe('silk');
    expect(params.get('rightSidebar')).toBe('filters');
    expect(params.get('sort')).toBe('price_high_to_low');
    expect(readFilterState(params).filters).toEqual(state.filters);
    expect(base.get('color')).toBe('red');
  });

  it("keeps a search's type=product, which is not a type filter", () => {
    const search = new URLSearchParams('q=silk&type=product');
    expect(readFilterState(search).filters.type).toEqual([]);
    const params = writeFilterState({ filters: select({ type: ['dresses'] }), sort: null }, search);
    expect(params.getAll('type')).toEqual(['product', 'dresses']);
    expect(readFilterState(params).filters.type).toEqual(['dresses']);
    expect(writeFilterState({ filters: emptyFilters(), sort: null }, params).toString()).toBe('q=silk&type=product');
    // Without a search, "product" is an ordinary value.
    expect(readFilterState(new URLSearchParams('type=product')).filters.type).toEqual(['product']);
  });
});

describe('sortProducts', () => {
  const list = [
    product({ id: 1, name: 'Єва dress', price: 300 }),
    product({ id: 2, name: 'Apple coat', price: 100 }),
    product({ id: 3, name: 'Іва top', price: 300 }),
    product({ id: 4, name: 'Жакет', price: 200 }),
    product({ id: 5, name: 'apple skirt', price: 100 }),
  ];

  it('sorts by price either way, stably', () => {
    expect(ids(sortProducts(list, 'price_low_to_high', 'en'))).toEqual([2, 5, 4, 1, 3]);
    expect(ids(sortProducts(list, 'price_high_to_low', 'en'))).toEqual([1, 3, 4, 2, 5]);
  });

  it('sorts alphabetically in the language: є after е, і after и', () => {
    const uk = [product({ id: 1, name: 'Іра' }), product({ id: 2, name: 'Єва' }), product({ id: 3, name: 'Ева' }), product({ id: 4, name: 'Ира' })];
    expect(sortProducts(uk, 'alphabetically', 'uk').map((p) => p.name)).toEqual(['Ева', 'Єва', 'Ира', 'Іра']);
    expect(ids(sortProducts(list, 'alphabetically', 'en')).slice(0, 2)).toEqual([2, 5]);
  });

  it('featured restores the given order and never changes the input', () => {
    const byPrice = sortProducts(list, 'price_low_to_high', 'en');
    expect(ids(sortProducts(list, 'featured', 'en'))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(list)).toEqual([1, 2, 3, 4, 5]);
    expect(byPrice).not.toBe(list);
  });
});
