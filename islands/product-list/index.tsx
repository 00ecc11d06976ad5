// Entry of the product list island (controller.tsx). The server has drawn the first page, so the
// controller is not needed for the first paint: it loads with the shopper's first input aimed at
// the list (a scroll towards more products; a touch, focus or key in the list, its sort or
// filters among them), or at once when the address asks for a state the server could not draw (a
// filter, a sort, a category, the filters panel, or a search on a page that is not the search's
// own). Any first input on the page used to start it: opening the menu cost 24.6 KB (issue 40).
import { island } from '../../shared/runtime/schedule';
import { addressNeedsList } from './address';

// The index's pages are already on their way when it starts at once (snippets/list-index-preload).
island('product-list', () => import('./controller'), { interaction: true, scroll: true, now: addressNeedsList() });
