// The bag count in the header, from the shared cart store ($cartCount): any island that changes
// the cart (product page, cart panel, another tab) updates it. The server printed the count; the
// bag may have changed since (in another tab, before this code was here, or while the page sat in
// the back-forward cache), so it is read again.
import { $cartCount, loadCart } from '../../shared/stores/cart';
import { onUnload } from '../../shared/runtime/schedule';

export function start(nodes: HTMLElement[]): void {
  for (const node of nodes) {
    onUnload(
      node,
      $cartCount.subscribe((count) => {
        node.textContent = `(${count})`;
      }),
    );
  }
  void loadCart();
}

// The page kept whole in the back-forward cache and shown again: the bag may have changed since.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) void loadCart();
});
