// The bag count in the header, from the shared cart store ($cartCount): any island that changes
// the cart (product page, cart panel, another tab) updates it. The server printed the count.
import { $cartCount } from '../../shared/stores/cart';

export function start(nodes: HTMLElement[]): void {
  $cartCount.subscribe((count) => {
    for (const node of nodes) node.textContent = `(${count})`;
  });
}
