// Wishlist toggles (start.ts) on the product page and in product cards: the stored state is
// painted at once (paint.ts, no framework), the buttons come on first touch of a toggle.
import { island } from '../../shared/islands/schedule';
import { paintStoredWishlist, toggleProductId } from './paint';

const TOGGLE = '[data-island="wishlist-toggle"]';
/** How long a held click waits for the button before following the server's link (a failed load). */
const BUTTON_TIMEOUT_MS = 5000;

/**
 * A customer's server-drawn heart is a link to the wishlist page (what it does without
 * JavaScript). Its first click is also what loads the button's code: hold that click, and give
 * it to the button once drawn, so the first press adds the product as every later one does. The
 * product list may redraw its cards meanwhile (its whole index arrived): the press then goes to
 * the product's button in the new card. A guest's heart (data-action="login") is the shell's; if
 * the code never comes, the link is followed.
 */
function holdFirstClicks(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.wishlist-toggle__control:not([data-action])');
      const node = link?.closest<HTMLElement>(TOGGLE);
      if (!link || !node || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const href = link.href;
      const id = toggleProductId(node);
      const button = (): HTMLButtonElement | null =>
        node.isConnected
          ? node.querySelector<HTMLButtonElement>('button.wishlist-toggle__control')
          : id
            ? document.querySelector<HTMLButtonElement>(`button.wishlist-toggle__control[data-product-id="${id}"]`)
            : null;
      let done = false;
      const finish = (press: HTMLButtonElement | null): void => {
        if (done) return;
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        if (press) press.click();
        else window.location.assign(href);
      };
      const observer = new MutationObserver(() => {
        const drawn = button();
        if (drawn) finish(drawn);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      const timer = setTimeout(() => finish(button()), BUTTON_TIMEOUT_MS);
      const drawn = button();
      if (drawn) finish(drawn);
    },
    true,
  );
}

paintStoredWishlist();
if (document.querySelector(TOGGLE)) holdFirstClicks();
island('wishlist-toggle', () => import('./start'), { interaction: true });
