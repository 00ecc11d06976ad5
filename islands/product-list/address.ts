// Whether the address asks the product list for a state the server's page does not show.

export function addressNeedsList(
  params = new URLSearchParams(window.location.search),
  screen = document.querySelector<HTMLElement>('[data-island="product-list"]')?.dataset['screen'],
): boolean {
  const search = (params.get('q') ?? '').trim() !== '' && params.getAll('type').includes('product');
  if (search && screen !== 'search') return true;
  if (['category', 'size', 'color', 'collection', 'sort'].some((key) => params.has(key))) return true;
  if (params.getAll('type').some((type) => !(search && type === 'product'))) return true;
  return params.get('rightSidebar') === 'filters';
}

/**
 * The controller's first request is the list index's first page (shared/catalogue/list-index.ts):
 * when it is about to load at once, that page is asked for now, while its code is on its way,
 * and its fetch() takes the preloaded answer (same address, same CORS mode). The server names the
 * page on a list it drew only part of (data-index-url); a search here reads another index.
 */
export function preloadListIndex(
  params = new URLSearchParams(window.location.search),
  node = document.querySelector<HTMLElement>('[data-island="product-list"]'),
): void {
  const href = node?.dataset['indexUrl'];
  if (!href || ((params.get('q') ?? '').trim() !== '' && params.getAll('type').includes('product'))) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.append(link);
}
