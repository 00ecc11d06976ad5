// A product list on the page (spec §2 product list screen and collection page) as the filters
// panel sees it, and the list's state in the address. The list island provides the listing; the
// panel, a separate lazily loaded chunk, reads it and applies filters through it.
import { atom } from 'nanostores';
import type { Language } from '../i18n';
import { COLOUR_NAMES, colourFor, colourName, isColourOption, learnSwatches, type Colour, type Swatch } from './colours';
import { emptyFilters, readFilterState, storefrontCount, writeFilterState, FILTER_DIMENSIONS, type FacetKey, type FilterSelection } from './filters';
import type { StorefrontFilter } from './storefront-filters';
import { isSizeOption, toSize, type Size } from './sizes';
import type { CatalogueProduct } from './product';
import type { SortKey } from './sort';

/**
 * The part of a Product (spec §3) a list needs: the card, the wishlist entry, the filter rule and
 * the sorts. One snippet writes every product's JSON (snippets/catalogue-product-json.liquid): this
 * part for the page's own products and the list indexes (collection.list-index, search.list-index),
 * the whole product, same fields, for the product API (page.api-products).
 */
export type ListProduct = Pick<
  CatalogueProduct,
  'id' | 'name' | 'url' | 'available' | 'type' | 'price' | 'image' | 'preorder' | 'productOptions' | 'collections' | 'compareAtPrice'
> & {
  /** A variant is out of stock: the platform's out-of-stock filter value (absent when none is). */
  soldOutVariant?: boolean;
  /** The photo's focal point ("x% y%"), only where the shop set one. */
  focal?: string;
};

/** A product's handle from its address (/products/h or /en/products/h, maybe with a query). */
export function handleOfUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Why a list's whole will not come, so nothing waits for it: its load failed (a retry may bring
 * it), or it is longer than the platform paginates (MAX_INDEX_ITEMS; nothing will).
 */
export type Unavailable = 'failed' | 'too_long';

export type Listing = {
  filters: FilterSelection;
  /** Every product of the list, once known; null while only the server's page is (options wait for it). */
  products: readonly ListProduct[] | null;
  /** Why the whole list will not come; null while it may. */
  unavailable: Unavailable | null;
  /** The merchant's storefront filters as the platform last counted them for the list (none when it gives none). */
  storefront?: readonly StorefrontFilter[];
  /**
   * How many products each value would show with the applied filters, per dimension (the spec's
   * four as the filter rule compares values; a storefront filter by its parameter): counted in the
   * browser over the whole list, or by the platform for a list it filters. Null while unknown.
   */
  counts?: ReadonlyMap<FacetKey, ReadonlyMap<string, number>> | null;
};

/** The list on this page, or null when the page has none (the panel then sends filters to all products). */
export const $listing = atom<Listing | null>(null);

type ListingHandlers = {
  apply: (filters: FilterSelection) => void;
  /** Asks once more for the whole list whose load failed. */
  retry: () => void;
};

let handlers: ListingHandlers | null = null;

/** The list island registers itself; the returned function unregisters (tests, a list that goes away). */
export function provideListing(listing: Listing, listHandlers: ListingHandlers): () => void {
  $listing.set(listing);
  handlers = listHandlers;
  return () => {
    $listing.set(null);
    handlers = null;
  };
}

export function updateListing(patch: Partial<Listing>): void {
  const current = $listing.get();
  if (current) $listing.set({ ...current, ...patch });
}

/** Spec §4: filters are set on Apply. False when no list on the page took them. */
export function applyListingFilters(filters: FilterSelection): boolean {
  if (!handlers) return false;
  handlers.apply(filters);
  return true;
}

/** The filters panel's Try again, for a list whose whole failed to load. */
export function retryListing(): void {
  handlers?.retry();
}

export function activeFilterCount(filters: FilterSelection): number {
  return FILTER_DIMENSIONS.reduce((sum, dim) => sum + filters[dim].length, 0) + storefrontCount(filters);
}

// ---- the address -------------------------------------------------------------------------

export type ListingState = {
  filters: FilterSelection;
  sort: SortKey;
  /** ?category= (lower case): the list narrowed to one product type. */
  category: string | null;
  /** ?q= with type=product: a search (spec §2). */
  search: string | null;
};

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The list's state from its address. Spec §4: choosing a category resets sort and filters and
 * sets the type filter, so ?category=x without type params means type=[x]. A sort the screen
 * does not offer falls back to the screen's default.
 */
export function readListingState(params: URLSearchParams, sorts: readonly SortKey[], defaultSort: SortKey): ListingState {
  const { filters, sort } = readFilterState(params);
  const category = norm(params.get('category') ?? '') || null;
  if (category && filters.type.length === 0) filters.type = [category];
  const q = params.get('q')?.trim() ?? '';
  const search = q && params.getAll('type').includes('product') ? q : null;
  return { filters, sort: sort && sorts.includes(sort) ? sort : defaultSort, category, search };
}

/**
 * The address for a new state, keeping every other param (q, rightSidebar…). The category stays
 * while the type filter is exactly that category (the category view); any other type choice is
 * written as type params and the category goes. The default sort is not written, and a new
 * state starts at the list's first page.
 */
export function writeListingState(state: Pick<ListingState, 'filters' | 'sort'>, base: URLSearchParams, defaultSort: SortKey): URLSearchParams {
  const category = norm(base.get('category') ?? '');
  const keepCategory = category !== '' && state.filters.type.length === 1 && norm(state.filters.type[0]!) === category;
  const filters = keepCategory ? { ...state.filters, type: [] } : state.filters;
  const params = writeFilterState({ filters, sort: state.sort === defaultSort ? null : state.sort }, base);
  if (!keepCategory) params.delete('category');
  params.delete('page');
  return params;
}

/**
 * A category or type value as one of the shop's product types. The left menu's category links
 * carry the entry's title lower-cased (in the page language: ?category=сукні), while products
 * carry the type (dresses), so a value matches a type or that type's label. Unknown values
 * stay as they are (and match nothing).
 */
export function resolveType(value: string, types: Iterable<string>, label: (type: string) => string): string {
  const wanted = norm(value);
  const list = [...types].map(norm);
  return list.find((type) => type === wanted) ?? list.find((type) => norm(label(type)) === wanted) ?? wanted;
}

// ---- options of the filters panel, from the data ----------------------------------------

// Sizes in the order a shopper reads them; others follow in the order first seen.
const SIZE_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', 'one size'];

export function sizeOptions(products: readonly Pick<ListProduct, 'productOptions'>[]): Size[] {
  const seen = new Map<string, Size>();
  for (const p of products) {
    for (const o of p.productOptions) {
      if (!isSizeOption(o.name)) continue;
      for (const raw of o.values) {
        const size = toSize(raw);
        if (size.value && !seen.has(size.value)) seen.set(size.value, size);
      }
    }
  }
  const rank = (s: Size) => {
    const i = SIZE_ORDER.indexOf(s.value);
    return i < 0 ? SIZE_ORDER.length : i;
  };
  return [...seen.values()]
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * The option values the platform's storefront filters count over a whole list (its props'
 * `filterOptions`, from collection.filters or search.filters: snippets/catalogue-screen), as the
 * one product sizeOptions and colourOptions read. A filter counts when its option's name or its
 * label names size or colour, with the platform's swatches of its values (filter_value.swatch);
 * anything malformed is left out. Null when none does: a shop
 * without option filters, or a list the platform does not filter (over 5,000 products).
 */
export function platformFilterOptions(filterOptions: unknown): Pick<ListProduct, 'productOptions'>[] | null {
  if (!Array.isArray(filterOptions)) return null;
  const productOptions: ListProduct['productOptions'] = [];
  for (const filter of filterOptions as { name?: unknown; label?: unknown; values?: unknown; swatches?: unknown }[]) {
    if (typeof filter !== 'object' || filter === null || !Array.isArray(filter.values)) continue;
    const values = filter.values.filter((v): v is string => typeof v === 'string');
    const name = [filter.name, filter.label].find((n): n is string => typeof n === 'string' && (isSizeOption(n) || isColourOption(n)));
    // The values' swatches (filter_value.swatch) go as they came: learnSwatches takes only what is safe.
    const swatches = filter.swatches && typeof filter.swatches === 'object' ? (filter.swatches as Record<string, Swatch>) : undefined;
    if (name) productOptions.push({ name, values, ...(swatches ? { swatches } : {}) });
  }
  return productOptions.length ? [{ productOptions }] : null;
}

/**
 * The colours the products come in, one per supported colour, in the table's order, then the
 * colours only the platform knows (their swatches in the products' data), labelled in the page
 * language. Each spelling neither knows is logged once and counts as black (spec §3).
 */
export function colourOptions(products: readonly Pick<ListProduct, 'productOptions'>[], lang: Language): Colour[] {
  const raw = new Set<string>();
  for (const p of products) {
    learnSwatches(p.productOptions);
    for (const o of p.productOptions) if (isColourOption(o.name)) for (const v of o.values) raw.add(v);
  }
  const byName = new Map<string, Colour>();
  for (const value of raw) {
    const colour = colourFor(value, lang);
    if (!byName.has(colour.name)) byName.set(colour.name, { ...colour, value: colour.name });
  }
  const order = (c: Colour): number => {
    const at = (COLOUR_NAMES as readonly string[]).indexOf(c.name);
    return at < 0 ? COLOUR_NAMES.length : at;
  };
  return [...byName.values()].sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

/**
 * The card's link: the product URL, with ?color= for the first selected colour the product comes
 * in (in the product's own spelling), so the product page opens on that colour (spec §2).
 */
export function cardUrl(product: Pick<ListProduct, 'url' | 'productOptions'>, colours: readonly string[]): string {
  // '#': an address that was not safe to link (shared/format/values.ts) stays a link to nowhere.
  if (!colours.length || product.url === '#') return product.url;
  const wanted = colours.map((c) => colourName(c) ?? 'black');
  const values = product.productOptions.find((o) => isColourOption(o.name))?.values ?? [];
  for (const want of wanted) {
    const value = values.find((v) => (colourName(v) ?? 'black') === want);
    if (value) return `${product.url}${product.url.includes('?') ? '&' : '?'}color=${encodeURIComponent(value)}`;
  }
  return product.url;
}

export { emptyFilters };
