// Whose stored wishlist it is. The browser keeps the wishlist under the key `wishlist` (spec §3),
// and a shared device has more than one person on it: the list is shown only to the customer who
// made it, a guest sees none, and another customer signing in on the same browser gets their own
// list, while the first one's is kept aside for when they sign in again. The server-drawn hearts
// are painted before this module loads (islands/wishlist-toggle/paint.ts reads these keys the
// way claimStoredWishlist would leave them, without writing).
import { readStorage, removeStorage, writeStorage } from '../storage';

export const WISHLIST_KEY = 'wishlist';
export const OWNER_KEY = 'wishlist_owner';
const keptFor = (owner: string): string => `wishlist_of_${owner}`;

type CustomerId = number | string | null | undefined;

/** Whether the stored list is this customer's; never a guest's. */
export function ownsStoredWishlist(customerId: CustomerId): boolean {
  return customerId != null && readStorage(OWNER_KEY) === String(customerId);
}

/**
 * Makes the stored list the signed-in customer's, once a page starts: a list stored with no owner
 * (before owners were kept; only customers can add) becomes theirs, and another customer's is
 * set aside for its owner while this one's own comes back. A guest changes nothing. Only at
 * start, never on another tab's change: two tabs drawn for different customers would take the
 * list from each other for ever.
 */
export function claimStoredWishlist(customerId: CustomerId): void {
  if (customerId == null) return;
  const id = String(customerId);
  const owner = readStorage(OWNER_KEY);
  if (owner === id) return;
  // Theirs aside, then this customer's back (or none); a storage that cannot take a step (full)
  // stops the claim there, with nothing removed that was not first copied.
  if (owner !== null && !(move(WISHLIST_KEY, keptFor(owner)) && move(keptFor(id), WISHLIST_KEY))) return;
  writeStorage(OWNER_KEY, id);
}

/** Moves a key's value to another key (none moves as none); false, leaving both, when it cannot be written. */
function move(from: string, to: string): boolean {
  const value = readStorage(from);
  if (value === null) removeStorage(to);
  else if (!writeStorage(to, value)) return false;
  removeStorage(from);
  return true;
}

/** The stored list's text when it is this customer's; null for a guest or someone else's. */
export function storedWishlistOf(customerId: CustomerId): string | null {
  return ownsStoredWishlist(customerId) ? readStorage(WISHLIST_KEY) : null;
}
