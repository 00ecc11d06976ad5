// Product filters (spec §4, §5) and their place in the address.
import { colourName, isColourOption, learnSwatches } from './colours';
import { isSizeOption } from './sizes';
import { isSortKey, type SortKey } from './sort';
import type { CatalogueProduct } from './product';

/**
 * The merchant's storefront filters chosen besides the spec's four dimensions, by the platform's
 * own parameter (`filter.v.availability`, `filter.v.price.gte`, `filter.p.vendor`, …): the
 * address carries them as the platform reads them, so the server's page, the platform's filtering
 * of a large list and the address a shopper shares all agree. A price end is one value.
 */
export type StorefrontSelection = Record<string, string[]>;

export type FilterSelection = {
  type: string[];
  size: string[];
  color: string[];
  collection: string[];
  /** Absent when none is chosen. */
  storefront?: StorefrontSelection;
};

/** The platform's parameters of its price range filter and its availability filter. */
export const PRICE_GTE = 'filter.v.price.gte';
export const PRICE_LTE = 'filter.v.price.lte';
export const AVAILABILITY = 'filter.v.availability';
const STOREFRONT_PARAM = /^filter\.[pv]\./;

/** The storefront filters chosen, without empty ones; undefined when none is. */
export function storefrontChoices(filters: FilterSelection): StorefrontSelection | undefined {
  const entries = Object.entries(filters.storefront ?? {}).filter(([, values]) => values.length > 0);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** How many values are chosen across the storefront filters (a price range counts once). */
export function storefrontCount(filters: FilterSelection): number {
  const chosen = storefrontChoices(filters) ?? {};
  const price = chosen[PRICE_GTE] || chosen[PRICE_LTE] ? 1 : 0;
  return price + Object.entries(chosen).reduce((sum, [name, values]) => sum + (name === PRICE_GTE || name === PRICE_LTE ? 0 : values.length), 0);
}

/** A price end from the address in minor units (major units there, as the platform writes them). */
export function priceEnd(values: readonly string[] | undefined): number | null {
  const value = values?.[0];
  if (value === undefined || !/^\s*\d{1,9}(?:\.\d{1,2})?\s*$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

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
export type Filterable = Pick<CatalogueProduct, 'type' | 'productOptions' | 'collections'> &
  Partial<Pick<CatalogueProduct, 'available' | 'price'>> & { soldOutVariant?: boolean };

/** The platform's availability values of a product: in stock (1) when a variant is, out of stock (0) when a variant is. */
const availabilityOf = (p: Filterable): string[] => [...(p.available === false ? [] : ['1']), ...(p.soldOutVariant ? ['0'] : [])];

/**
 * Whether a list's own products answer the storefront filters chosen exactly as the platform does
 * (the same address must show the same products whichever answers it). The platform reads
 * availability and price on variants, together with size and colour: in stock and black is a
 * black variant in stock. The list's products say whether some variant is in stock and whether
 * some variant is not, and their lowest price (some variant at most a price): so the browser
 * answers availability, or a highest price, with the spec's product-level dimensions (type,
 * collection); anything else (a lowest price, either beside a size, a colour or each other, a
 * vendor, tag or metafield filter) is the platform's to answer (islands/product-list asks it).
 */
export function answerableInBrowser(filters: FilterSelection): boolean {
  const chosen = storefrontChoices(filters) ?? {};
  const names = Object.keys(chosen);
  if (!names.length) return true;
  if (names.length > 1 || filters.size.length || filters.color.length) return false;
  return names[0] === AVAILABILITY || names[0] === PRICE_LTE;
}

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
  const chosen = storefrontChoices(filters) ?? {};
  const availability = chosen[AVAILABILITY];
  // In stock (1), out of stock (0), or either.
  if (availability) matchers.push((p) => availabilityOf(p).some((v) => availability.includes(v)));
  const gte = priceEnd(chosen[PRICE_GTE]);
  const lte = priceEnd(chosen[PRICE_LTE]);
  if (gte !== null || lte !== null) matchers.push((p) => typeof p.price === 'number' && (gte === null || p.price >= gte) && (lte === null || p.price <= lte));
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

/** A dimension of the panel: one of the spec's four, or a storefront filter's parameter. */
export type FacetKey = (typeof FILTER_DIMENSIONS)[number] | `filter.${string}`;

/**
 * How many products each value would show, with the other dimensions as chosen (the platform's
 * counts, spec §5's rule): per spec dimension, its values as the rule compares them (size lower
 * case, colour by name, type lower case, collection by handle); per storefront availability, in
 * stock ('1') and out of stock ('0'), as the platform has them. One walk of the list.
 */
export function facetCounts(products: readonly Filterable[], filters: FilterSelection): Map<FacetKey, Map<string, number>> {
  const dims: { key: FacetKey; without: FilterSelection; values: (p: Filterable) => string[] }[] = [
    { key: 'type', without: { ...filters, type: [] }, values: (p) => [norm(p.type)] },
    { key: 'size', without: { ...filters, size: [] }, values: (p) => p.productOptions.filter((o) => isSizeOption(o.name)).flatMap((o) => o.values.map(norm)) },
    {
      key: 'color',
      without: { ...filters, color: [] },
      values: (p) => p.productOptions.filter((o) => isColourOption(o.name)).flatMap((o) => o.values.map(colourKey)),
    },
    { key: 'collection', without: { ...filters, collection: [] }, values: (p) => p.collections.map(norm) },
    { key: AVAILABILITY, without: { ...filters, storefront: { ...(filters.storefront ?? {}), [AVAILABILITY]: [] } }, values: availabilityOf },
  ];
  const compiled = dims.map((d) => compile(d.without));
  const counts = new Map<FacetKey, Map<string, number>>(dims.map((d) => [d.key, new Map<string, number>()]));
  for (const p of products) {
    dims.forEach((d, i) => {
      if (!compiled[i]!.every((m) => m(p))) return;
      const into = counts.get(d.key)!;
      for (const value of new Set(d.values(p))) into.set(value, (into.get(value) ?? 0) + 1);
    });
  }
  return counts;
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
  const storefront: StorefrontSelection = {};
  for (const [name, value] of params) {
    if (!STOREFRONT_PARAM.test(name) || value.trim() === '') continue;
    const values = (storefront[name] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  // A price end is one amount: the first the address gives.
  for (const end of [PRICE_GTE, PRICE_LTE]) if (storefront[end]) storefront[end] = storefront[end].slice(0, 1);
  if (Object.keys(storefront).length) filters.storefront = storefront;
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
  for (const name of [...new Set(params.keys())]) if (STOREFRONT_PARAM.test(name)) params.delete(name);
  for (const [name, values] of Object.entries(state.filters.storefront ?? {})) for (const v of values) params.append(name, v);
  params.delete('sort');
  if (state.sort) params.set('sort', state.sort);
  return params;
}
