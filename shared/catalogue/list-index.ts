// A list's whole product index (spec §2 product lists, §4 sort and filters at any size): every
// product of a collection or a search in the one list-product shape, read from the theme's list
// index templates 250 a page (the platform's largest page size), a few pages at a time.
import { fetchPages, getJSONAt, PAST_REACH, type Page } from '../api/client';
import { endpointUrl, ENDPOINTS } from '../api/endpoints';
import { readStorefrontFilters, type StorefrontFilter } from './storefront-filters';
import type { ListProduct } from './listing';
import { safeUrl } from '../format/values';
import { inOtherCurrency } from '../stores/page-currency';

/**
 * One page of a list index: its products, where it is, how many the whole list holds, and the
 * currency its prices are in (the shopper's when the page was drawn).
 */
export type IndexPage = Page<ListProduct> & { count: number; currency?: string };

export type ListIndex = {
  /** Every product of the list, each once, in the list's own order. */
  products: ListProduct[];
  /** How many products the store says the list holds. */
  count: number;
  /**
   * Priced in another currency than the page's: the shopper changed it since the page was drawn
   * (in another tab). Its prices cannot go beside the page's, nor under its currency sign.
   */
  otherCurrency: boolean;
};

/**
 * A list longer than an index can hold (MAX_INDEX_ITEMS): not a failure, and asking again will
 * not help. The caller keeps the server's pages, or sends the shopper where they are.
 */
export const TOO_LONG = 'too_long';

/** A list's index; TOO_LONG past the reach; null when any page failed (the failure is logged). */
export type IndexAnswer = ListIndex | typeof TOO_LONG | null;

/** Whether a page names a currency other than the page's. */
const pricedInOtherCurrency = (pages: readonly IndexPage[]): boolean => pages.some((page) => inOtherCurrency(page.currency));

/** What a list is: a collection (its handle) or a search (its terms). */
export type ListSource = { collection: string } | { search: string };

/** What the list reads first of every product; an item without it is a malformed page. */
const isListItem = (item: unknown): item is ListProduct => typeof item === 'object' && item !== null && typeof (item as ListProduct).id === 'number';

/**
 * The product with only addresses a card may carry: the index may come from the browser's cache,
 * which another script on the shop (or another person on a shared device) could have written.
 */
function withSafeAddresses(product: ListProduct): ListProduct {
  const image = typeof product.image === 'string' && product.image ? safeUrl(product.image) : '';
  return { ...product, url: safeUrl(String(product.url)), image: image === '#' ? '' : image };
}

/** The pages' products, each once; null (logged) when an item is not a product (spec §8). */
function merge(pages: IndexPage[], into: ListProduct[] = [], seen = new Set<number>()): ListProduct[] | null {
  // A product that moved from one page to the next while they loaded is kept once.
  for (const page of pages) {
    for (const product of page.items) {
      if (!isListItem(product)) {
        console.error('list index: an item is not a product', product);
        return null;
      }
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      into.push(withSafeAddresses(product));
    }
  }
  return into;
}

/** Products a list index page holds (templates/*.list-index.liquid paginate by it). */
export const INDEX_PAGE_SIZE = 250;

/**
 * The most products a list index can hold: the platform's pagination reaches the 25,000th item of
 * a list and no further (shopify.dev, Liquid tags: paginate), so a longer list's index pages past
 * it would repeat the last one. Such a list is never read whole: it keeps the server's pages
 * (snippets/catalogue-screen.liquid prints no index address for it, by the same count).
 */
export const MAX_INDEX_ITEMS = 25_000;
const MAX_INDEX_PAGES = Math.ceil(MAX_INDEX_ITEMS / INDEX_PAGE_SIZE);

/**
 * The whole index of one list; null when any page fails, TOO_LONG when the list is longer than an
 * index can hold (the caller keeps the server's page). `expectedCount`, the list's count as the server
 * printed it, lets every page be asked for at once. `attempt` counts the caller's tries: a
 * second one asks at other addresses (&retry=2), because the browser hands a fetch the answer
 * of the page's preload for the same address (snippets/list-index-preload) however old, and
 * after a failed load the preloads not yet taken hold failures too. The platform ignores the
 * parameter. `readAgain` false: pages that do not fit together are not read a third time.
 */
export async function loadListIndex(source: ListSource, expectedCount = 0, attempt = 1, readAgain = true): Promise<IndexAnswer> {
  const expectedPages = Math.ceil(expectedCount / INDEX_PAGE_SIZE);
  const retry = attempt > 1 ? attempt : undefined;
  const pages =
    'search' in source
      ? await fetchPages<ListProduct, IndexPage>('search-index', { q: source.search, type: 'product', retry }, expectedPages, MAX_INDEX_PAGES)
      : await fetchPages<ListProduct, IndexPage>('collection-index', { handle: source.collection, retry }, expectedPages, MAX_INDEX_PAGES);
  if (pages === PAST_REACH) return TOO_LONG;
  if (!pages) return null;
  const products = merge(pages);
  if (!products) return null;
  const count = pages[0]?.count;
  // Pages read at different times (some from the cache, written up to its 300 s apart, or while
  // the merchant changed the list) may not fit together: a product that moved from one to another
  // is lost, or seen twice. Then their counts differ, or the products do not add up to the count,
  // and every page is read once more at fresh addresses; the count shown is always the products'.
  const fits = typeof count !== 'number' || (pages.every((page) => page.count === count) && products.length === count);
  if (!fits && readAgain) return loadListIndex(source, count, attempt + 1, false);
  return { products, count: typeof count === 'number' ? count : products.length, otherCurrency: pricedInOtherCurrency(pages) };
}

/**
 * Several collections as one list (the FRONTPAGE list: every collection whose handle starts with
 * frontpage), each product once, in the order of the collections given.
 */
export async function loadCollectionsIndex(handles: readonly string[]): Promise<IndexAnswer> {
  const products: ListProduct[] = [];
  const seen = new Set<number>();
  let otherCurrency = false;
  for (const handle of handles) {
    const pages = await fetchPages<ListProduct, IndexPage>('collection-index', { handle }, 1, MAX_INDEX_PAGES);
    if (pages === PAST_REACH) return TOO_LONG;
    if (!pages || !merge(pages, products, seen)) return null;
    otherCurrency ||= pricedInOtherCurrency(pages);
  }
  return { products, count: products.length, otherCurrency };
}

/** One page of a list as the platform filtered and sorted it, with its storefront filters' counts (first page). */
export type PlatformPage = { products: ListProduct[]; count: number; page: number; pages: number; filters: StorefrontFilter[] };

/**
 * One page of a collection as the platform filters and sorts it (storefront filtering: the
 * `filter.*` parameters and `sort_by`), through the collection's list index (250 a page, the first
 * with the filters and their counts): the answer for a list too large to read whole. Null when it
 * failed (logged), is malformed, or is priced in another currency than the page's.
 */
export async function loadPlatformPage(handle: string, params: URLSearchParams, sortBy: string | null, page: number): Promise<PlatformPage | null> {
  const query = new URLSearchParams(params);
  if (sortBy) query.set('sort_by', sortBy);
  query.set('page', String(page));
  const url = `${endpointUrl('collection-index', { handle })}&${query.toString()}`;
  const answer = await getJSONAt<IndexPage & { filters?: unknown }>(url, ENDPOINTS['collection-index'].ttl);
  if (!answer || !Array.isArray(answer.items) || typeof answer.count !== 'number' || pricedInOtherCurrency([answer])) return null;
  const products = merge([answer]);
  if (!products) return null;
  return { products, count: answer.count, page: answer.page, pages: answer.pages, filters: readStorefrontFilters(answer.filters) };
}
