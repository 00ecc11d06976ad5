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
