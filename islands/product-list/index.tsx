// Entry of the product list island (snippets/catalogue-screen.liquid). The server has drawn the
// whole first page, so the controller is not needed for the first paint: it loads when the
// browser is idle, or at once when the address already asks for a search, a filter, a sort or
// the filters panel (the list must show that state as soon as it can).
import { lazyIsland } from '../../shared/islands/schedule';

const LIST_STATE = /[?&](q|category|type|size|color|collection|sort|rightSidebar)=/;

lazyIsland('product-list', () => import('./controller').then((m) => ({ start: m.startProductLists })), {
  now: LIST_STATE.test(window.location.search),
  idle: true,
});
