// Wishlist toggles (start.ts) on the product page and in product cards: the stored state is
// painted at once (paint.ts, no framework), the buttons come on first touch of a toggle.
import { island, type StartIsland } from '../../shared/islands/schedule';
import { paintStoredWishlist, toggleProductId } from './paint';

const TOGGLE = '[data-island="wishlist-toggle"]';
/** How long a held press waits, once the code has started, for its product's button to be drawn. */
const BUTTON_TIMEOUT_MS = 5000;

/** Resolves the button `find` answers as soon as one is drawn, or null after `timeout` ms. */
function whenDrawn(find: () => HTMLButtonElement | null, timeout: number): Promise<HTMLButtonElement | null> {
  const now = find();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const settle = (button: HTMLButtonElement | null): void => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(button);
    };
    const observer = new MutationObserver(() => {
      const drawn = find();
      if (drawn) settle(drawn);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => settle(find()), timeout);
  });
}

/**
 * A customer's server-drawn heart is a link to the wishlist page (what it does without
 * JavaScript). Its first click is also what loads the button's code: hold that click, and give
 * it to the button once drawn, so the first press adds the product as every later one does,
 * however long the code takes. The product list may redraw its cards meanwhile (its whole index
 * arrived): the press then goes to the product's button in the new card. Only if the code fails
 * (or started but drew no button for the product) is the link followed. Presses on a heart
 * whose first press is still held are that same press: two quick taps add the product once. A
 * guest's heart (data-action="login") is the shell's.
 */
function holdFirstClicks(startToggles: StartIsland): void {
  const held = new Set<string>();
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.wishlist-toggle__control:not([data-action])');
      const node = link?.closest<HTMLElement>(TOGGLE);
      if (!link || !node || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const href = link.href;
      const id = toggleProductId(node);
      const key = id ?? href;
      if (held.has(key)) return;
      held.add(key);
      const button = (): HTMLButtonElement | null =>
        node.isConnected
          ? node.querySelector<HTMLButtonElement>('button.wishlist-toggle__control')
          : id
            ? document.querySelector<HTMLButtonElement>(`button.wishlist-toggle__control[data-product-id="${id}"]`)
            : null;
      void startToggles()
        .then((started) => (started ? whenDrawn(button, BUTTON_TIMEOUT_MS) : null))
        .then((press) => {
          held.delete(key);
          if (press) press.click();
          else window.location.assign(href);
        });
    },
    true,
  );
}

paintStoredWishlist();
const startToggles = island('wishlist-toggle', () => import('./start'), { interaction: true });
if (document.querySelector(TOGGLE)) holdFirstClicks(startToggles);
