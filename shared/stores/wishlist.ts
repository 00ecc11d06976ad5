// The wishlist (spec §3, §4, §6): kept in the browser under the key `wishlist`, shown only to the
// customer whose it is (shared/wishlist/owner.ts); guests are sent to the login panel instead of
// adding.
import { atom, computed } from 'nanostores';
import { writeStorage } from '../storage';
import { claimStoredWishlist, ownsStoredWishlist, OWNER_KEY, storedWishlistOf, WISHLIST_KEY } from '../wishlist/owner';
import { $customer } from './customer';
import { $currency } from './locale';
import { openPanel } from './panel';

export type WishlistEntry = {
  id: number;
  handle: string;
  image: string;
  image2x: string;
  url: string;
  title: string;
  price: number;
  /** The currency `price` is in (the one active when the entry was saved); older entries lack it. */
  currency?: string;
  preorder: boolean;
};

function isEntry(v: unknown): v is WishlistEntry {
  return typeof v === 'object' && v !== null && (v as WishlistEntry).id != null && typeof (v as WishlistEntry).handle === 'string';
}

const customerId = (): number | null => $customer.get()?.id ?? null;

/**
 * This customer's stored list. Whatever the storage holds (nothing, bad JSON, a throwing storage,
 * another customer's list) → a list, never a crash; a guest's is empty.
 */
function read(): WishlistEntry[] {
  const raw = storedWishlistOf(customerId());
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isEntry) : [];
  } catch {
    console.error('Stored wishlist is not JSON; starting empty');
    return [];
  }
}

claimStoredWishlist(customerId());
export const $wishlist = atom<WishlistEntry[]>(read());
/** Ids as strings: stored ids may come back as strings from older entries. */
export const $wishlistIds = computed($wishlist, (list) => new Set(list.map((e) => String(e.id))));

// Stored only while the list is this customer's: a tab left open from before another customer
// signed in on this browser must not write over the newer one's list.
// What another tab stored is shown, never written back: mid-way through another customer's
// claim, writing it back could put this tab's list over theirs.
let fromAnotherTab = false;
$wishlist.listen((list) => {
  if (!fromAnotherTab && ownsStoredWishlist(customerId())) writeStorage(WISHLIST_KEY, JSON.stringify(list));
});

// Another tab changed the wishlist, or its owner (another customer's list took its place: this
// tab then shows none).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== WISHLIST_KEY && event.key !== OWNER_KEY) return;
    fromAnotherTab = true;
    try {
      $wishlist.set(read());
    } finally {
      fromAnotherTab = false;
    }
  });
}

export function isInWishlist(id: number | string): boolean {
  return $wishlistIds.get().has(String(id));
}

export type ToggleResult = 'added' | 'removed' | 'login';

/**
 * Adds the entry, or removes it when present. A guest (no customer) cannot add: the login
 * panel opens instead and the answer is 'login'. Removing needs no account.
 */
export function toggleWishlist(entry: WishlistEntry): ToggleResult {
  const list = $wishlist.get();
  if (isInWishlist(entry.id)) {
    $wishlist.set(list.filter((e) => String(e.id) !== String(entry.id)));
    return 'removed';
  }
  if (!$customer.get()) {
    openPanel('login');
    return 'login';
  }
  $wishlist.set([...list, { ...entry, currency: entry.currency ?? $currency.get() }]);
  return 'added';
}
