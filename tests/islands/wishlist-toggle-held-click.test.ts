// A customer's first press on a server-drawn heart loads the button's code; the press is held and
// given to the button once drawn (islands/wishlist-toggle/index.tsx). When the product list
// redraws its cards in between (its whole index arrived), the press goes to the product's button
// in the new card instead of falling back to the wishlist page's link.
import { describe, expect, it, vi } from 'vitest';

describe("a customer's first press on a heart", () => {
  it("reaches the product's button in the card the list drew meanwhile", async () => {
    // A card in a product list that has started: the heart is its own island, not started yet.
    document.body.innerHTML = `<div data-island="product-list" data-island-mounted><div class="product-card"><div class="wishlist-toggle" data-island="wishlist-toggle">
      <script type="application/json" data-island-props>{"id": 42, "title": "Coat", "url": "/products/coat", "price": 100, "preorder": false}</script>
      <a class="wishlist-toggle__control" href="/collections/all?view=wishlist">heart</a>
    </div></div></div>`;
    await import('../../islands/wishlist-toggle/index');
    const before = location.href;
    const link = document.querySelector<HTMLAnchorElement>('a.wishlist-toggle__control')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);

    // The list redraws: the server's card is gone, a new card holds the product's button.
    document.body.innerHTML = '<div class="product-card"><button type="button" class="wishlist-toggle__control" data-product-id="7">other</button></div>';
    const pressed = vi.fn();
    const button = document.createElement('button');
    button.className = 'wishlist-toggle__control';
    button.dataset['productId'] = '42';
    button.addEventListener('click', pressed);
    document.body.append(button);

    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    expect(location.href).toBe(before);
  });
});
