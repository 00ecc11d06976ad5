// Entry of the product list island (snippets/catalogue-screen.liquid). The server has drawn the
// first page, so the controller is not needed for the first paint: it loads when the browser is
// idle, or at once when the address asks for a state the server could not draw (a filter, a
// sort, a category, the filters panel, or a search on a page that is not the search's own).
import { lazyIsland } from '../../shared/islands/schedule';

function addressNeedsList(params: URLSearchParams, screen: string | undefined): boolean {
  const search = (params.get('q') ?? '').trim() !== '' && params.getAll('type').includes('product');
  if (search && screen !== 'search') return true;
  if (['category', 'size', 'color', 'collection', 'sort'].some((key) => params.has(key))) return true;
  if (params.getAll('type').some((type) => !(search && type === 'product'))) return true;
  return params.get('rightSidebar') === 'filters';
}

const screen = document.querySelector<HTMLElement>('[data-island="product-list"]')?.dataset['screen'];
lazyIsland('product-list', () => import('./controller').then((m) => ({ start: m.startProductLists })), {
  now: addressNeedsList(new URLSearchParams(window.location.search), screen),
  idle: true,
});
