// Wishlist toggles (start.ts) on the product page and in product cards: the stored state is
// painted at once (paint.ts, no framework), the buttons come on first touch of a toggle.
import { island } from '../../shared/runtime/schedule';
import { holdFirstClicks } from '../../shared/runtime/hold-clicks';
import { paintStoredWishlist, toggleProductId } from './paint';

const TOGGLE = '[data-island="wishlist-toggle"]';

paintStoredWishlist();
const startToggles = island('wishlist-toggle', () => import('./start'), { interaction: true });
// A customer's server-drawn heart is a link to the wishlist page; its first click is held for the
// button (shared/runtime/hold-clicks.ts). The product list may redraw its cards meanwhile (its
// whole index arrived): the click then goes to the product's button in the new card. A guest's
// heart (data-action="login") is the shell's.
holdFirstClicks('a.wishlist-toggle__control:not([data-action])', startToggles, (link) => {
  const node = link.closest<HTMLElement>(TOGGLE);
  if (!node) return null;
  const id = toggleProductId(node);
  return {
    key: id,
    control: () =>
      node.isConnected
        ? node.querySelector<HTMLButtonElement>('button.wishlist-toggle__control')
        : id
          ? document.querySelector<HTMLButtonElement>(`button.wishlist-toggle__control[data-product-id="${id}"]`)
          : null,
  };
});
