// Whether the address asks the product list for a state the server's page does not show.

/**
 * A search (spec §2: q with type=product), as shared/catalogue/listing.ts reads it. Not imported
 * from there: this module is also the inline preload script, which must not carry the listing.
 */
const isSearch = (params: URLSearchParams): boolean => (params.get('q') ?? '').trim() !== '' && params.getAll('type').includes('product');

export function addressNeedsList(
  params = new URLSearchParams(window.location.search),
  screen = document.querySelector<HTMLElement>('[data-island="product-list"]')?.dataset['screen'],
): boolean {
  const search = isSearch(params);
  if (search && screen !== 'search') return true;
  if (['category', 'size', 'color', 'collection', 'sort'].some((key) => params.has(key))) return true;
  if (params.getAll('type').some((type) => !(search && type === 'product'))) return true;
  return params.get('rightSidebar') === 'filters';
}

/** Index pages asked for ahead of the code, at most: a 5,000-product list (issue 16). */
export const INDEX_PRELOAD_LIMIT = 20;

/**
 * The controller's first requests are the list index's pages (shared/catalogue/list-index.ts):
 * when it is about to load at once, they are asked for now, while its code is on its way, and
 * its fetch() takes each preloaded answer (same address, same CORS mode). Over HTTP/2 or 3 (a
 * shop's storefront) every page the server's count implies goes at once, up to
 * INDEX_PRELOAD_LIMIT; over HTTP/1.1, whose six connections the code itself needs, only the
 * first. The server names the first page on a list it drew only part of (data-index-url) and
 * how many pages the index has (data-index-pages); a search here reads another index.
 */
export function preloadListIndex(
  params = new URLSearchParams(window.location.search),
  node = document.querySelector<HTMLElement>('[data-island="product-list"]'),
  protocol = navigationProtocol(),
): void {
  const href = node?.dataset['indexUrl'];
  if (!href || isSearch(params)) return;
  const known = Number(node?.dataset['indexPages']);
  const pages = /^h[23]/.test(protocol) && Number.isInteger(known) && known > 1 ? Math.min(known, INDEX_PRELOAD_LIMIT) : 1;
  for (let page = 1; page <= pages; page++) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = href.replace(/([?&]page=)1$/, `$1${page}`);
    document.head.append(link);
  }
}

/** The protocol the page itself came over ('h2', 'h3', 'http/1.1'; '' when unknown). */
function navigationProtocol(): string {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.nextHopProtocol ?? '';
}
