// Product filters (spec §4, §5) and their place in the address.
import { colourName, isColourOption, learnSwatches } from './colours';
import { isSizeOption } from './sizes';
import { isSortKey, type SortKey } from './sort';
import type { CatalogueProduct } from './product';

export type FilterSelection = { type: string[]; size: string[]; color: string[]; collection: string[] };

export const FILTER_DIMENSIONS = ['type', 'size', 'color', 'collection'] as const;

export function emptyFilters(): FilterSelection {
  return { type: [], size: [], color: [], collection: [] };
}

/**
 * Collections never offered in the collection filter besides the one titled ALL (spec §5:
 * "two specific hardcoded collection ids"): the platform's home-page collection and the
 * new-arrivals collection, which every new product is in and so narrows nothing.
 */
export const EXCLUDED_FILTER_COLLECTIONS: readonly string[] = ['frontpage', 'new-arrivals'];

const norm = (s: string) => s.trim().toLowerCase();
// A colour matches in any spelling (value or either label), like on the product page; a colour
// the platform gave a swatch (colours.ts) is its own. Spec §3: a colour neither knows is treated
// as black, so a product shown with a black swatch is found by the black filter (the unknown
// value is logged where it is shown, by colourFor).
const colourKey = (s: string) => colourName(s) ?? 'black';

/** Spec §7 type-products: lower-cased, blanks dropped, duplicates removed (first kept). */
export function normaliseTypes(list: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const item of list) if (typeof item === 'string' && item.trim()) seen.add(norm(item));
  return [...seen];
}

/** What the filter rule reads of a product (a list product). */
export type Filterable = Pick<CatalogueProduct, 'type' | 'productOptions' | 'collections'>;

type Matcher = (product: Filterable) => boolean;

function optionMatcher(test: (name: string) => boolean, wanted: Set<string>, toKey: (s: string) => string): Matcher {
  return (p) => p.productOptions.some((o) => test(o.name) && o.values.some((v) => wanted.has(toKey(v))));
}

/** The selection compiled once, so filtering thousands of products stays within a frame. */
function compile(filters: FilterSelection): Matcher[] {
  const matchers: Matcher[] = [];
  if (filters.type.length) {
    const types = new Set(filters.type.map(norm));
    matchers.push((p) => types.has(norm(p.type)));
  }
  if (filters.size.length) matchers.push(optionMatcher(isSizeOption, new Set(filters.size.map(norm)), norm));
  if (filters.color.length) matchers.push(optionMatcher(isColourOption, new Set(filters.color.map(colourKey)), colourKey));
  if (filters.collection.length) {
    const wanted = new Set(filters.collection.map(norm));
    matchers.push((p) => p.collections.some((handle) => wanted.has(norm(handle))));
  }
  return matchers;
}

/**
 * Spec §5: a product passes when, for each non-empty dimension, it matches any selected
 * value: type equal; size, colour or collection any of the product's.
 */
export function filterProducts<T extends Filterable>(products: readonly T[], filters: FilterSelection): T[] {
  // The products' own swatches name their colours before any is compared.
  if (filters.color.length) for (const p of products) learnSwatches(p.productOptions);
  const matchers = compile(filters);
  return matchers.length ? products.filter((p) => matchers.every((m) => m(p))) : products.slice();
}

export type FilterCollection = { id: number; handle: string; title?: string; name?: string };

/** Options of the collection filter: not ALL, not the excluded handles. */
export function collectionFilterOptions(
  collections: readonly FilterCollection[],
  excluded: readonly string[] = EXCLUDED_FILTER_COLLECTIONS,
): { value: string; label: string }[] {
  return collections
    .filter((c) => norm(c.title ?? c.name ?? '') !== 'all' && !excluded.includes(c.handle))
    .map((c) => ({ value: c.handle, label: c.title ?? c.name ?? c.handle }));
}

export type FilterState = { filters: FilterSelection; sort: SortKey | null };

// A search is /collections/all?q=…&type=product (spec §2), and the type filter shares the
// param name: with q present, type=product marks the search and is not a filter value.
const SEARCH_TYPE = 'product';
const isSearchMarker = (params: URLSearchParams, dim: string, value: string) => dim === 'type' && value === SEARCH_TYPE && params.has('q');

// What makes two values of a dimension the same choice (as the filter rule compares them).
const SAME_CHOICE: Record<(typeof FILTER_DIMENSIONS)[number], (value: string) => string> = { type: norm, size: norm, color: colourKey, collection: norm };

/**
 * Reads type=..&size=..&color=..&collection=..&sort=.. (repeated params); unknown sort → null. A
 * value repeated, or spelled another way (M and m; black, Black and Чорний), is one choice, in its
 * first spelling: the filters' number and the panel's ticks agree, and Apply tidies the address.
 */
export function readFilterState(params: URLSearchParams): FilterState {
  const filters = emptyFilters();
  for (const dim of FILTER_DIMENSIONS) {
    const seen = new Set<string>();
    filters[dim] = params.getAll(dim).filter((v) => {
      if (v.trim() === '' || isSearchMarker(params, dim, v)) return false;
      const key = SAME_CHOICE[dim](v);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const sort = params.get('sort');
  return { filters, sort: isSortKey(sort) ? sort : null };
}

/** Writes the state over base's filter params, keeping every other param (q, category, …). */
export function writeFilterState(state: FilterState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const dim of FILTER_DIMENSIONS) {
    const marker = params.getAll(dim).some((v) => isSearchMarker(base, dim, v));
    params.delete(dim);
    if (marker) params.append(dim, SEARCH_TYPE);
    for (const v of state.filters[dim]) params.append(dim, v);
  }
  params.delete('sort');
  if (state.sort) params.set('sort', state.sort);
  return params;
}
