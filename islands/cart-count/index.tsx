// The bag count in the header, from the shared cart store ($cartCount): any island that changes
// the cart (product page, cart panel, another tab) updates it. The server already printed the
// count, so the store (and the cart API client behind it) loads when the browser is idle
// instead of with the page; an island that changes the cart has loaded it by then anyway, and
// subscribing reads the current value, so no change is missed.
import { whenIdle } from '../../shared/islands/schedule';

const nodes = Array.from(document.querySelectorAll<HTMLElement>('[data-island="cart-count"]:not([data-island-mounted])'));
if (nodes.length) {
  whenIdle(() => {
    import('../../shared/stores/cart')
      .then(({ $cartCount }) => {
        $cartCount.subscribe((count) => {
          for (const node of nodes) node.textContent = `(${count})`;
        });
        for (const node of nodes) node.setAttribute('data-island-mounted', '');
      })
      .catch((error: unknown) => console.error('Island "cart-count" failed', error));
  });
}
