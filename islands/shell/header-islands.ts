// The islands of the header and the left menu, on every page: scheduled here, by the shell's own
// script, rather than each by a module script of its own (three more requests on every page, and
// their imports, for three one-line schedules). Their code still comes only when needed, and
// snippets/island-code (build.mjs) still lists what each loads.
import { island } from '../../shared/runtime/schedule';

export function scheduleHeaderIslands(): void {
  // The bag count (cart-count/count.ts): the server printed it, and only the shopper's input or a
  // bag changed in another tab (the cart store's BroadcastChannel) can change it, so the cart
  // store loads then; and at once on a page shown from history (Back, Forward), whose printed
  // count is as old as the page.
  island('cart-count', () => import('../cart-count/count'), { page: true, message: 'cart', history: true });
  // The search overlay (search/overlay.ts): its code comes with the shopper's first input anywhere
  // (a tap on the search button starts it; until it runs, the button is a link to the search page).
  island('search', () => import('../search/overlay'), { page: true });
  // The slide-out left menu (left-menu/menu.ts): with the first input anywhere (until it runs, the
  // no-JavaScript #left-menu anchor opens the menu), or at once when the address opens it. Loading
  // it on idle as well kept every page over the 12 KB no-input budget for a menu most visits
  // never open.
  island('left-menu', () => import('../left-menu/menu'), { page: true, now: window.location.hash === '#left-menu' });
}
