// The stored wishlist painted on the server's toggles at once, without the toggle's framework
// code: a product already in the wishlist shows a filled heart before the shopper touches
// anything. The button itself (label, click) comes with start.ts on first touch.
import { bootstrap } from '../../shared/bootstrap';
import { readStorage } from '../../shared/storage';

/**
 * Ids of the products in the signed-in customer's stored wishlist (spec §6: the key `wishlist`);
 * none for a guest, for another customer's list, or on bad data.
 */
function storedIds(): Set<string> {
  // The list the store will make this customer's when a heart is first touched
  // (shared/wishlist/owner.ts claimStoredWishlist), read without writing and without its module:
  // a list with no owner yet, or theirs, under `wishlist`; theirs kept aside under
  // `wishlist_of_<id>` while another customer's is there. So a heart shows what a click changes.
  const customerId = bootstrap().customer?.id;
  if (customerId == null) return new Set();
  const owner = readStorage('wishlist_owner');
  const stored = owner === null || owner === String(customerId) ? readStorage('wishlist') : readStorage(`wishlist_of_${customerId}`);
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return new Set(Array.isArray(list) ? list.map((e) => String((e as { id?: unknown })?.id)) : []);
  } catch {
    return new Set();
  }
}

/** The product id a server-drawn toggle carries in its props (read without parsing the rest). */
export function toggleProductId(node: Element): string | undefined {
  return /"id":\s*"?(\d+)/.exec(node.querySelector('script[data-island-props]')?.textContent ?? '')?.[1];
}

export function paintStoredWishlist(): void {
  const ids = storedIds();
  if (!ids.size) return;
  for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="wishlist-toggle"]'))) {
    const id = toggleProductId(node);
    if (id && ids.has(id)) node.querySelector('.wishlist-toggle__control')?.classList.add('is-active');
  }
}
