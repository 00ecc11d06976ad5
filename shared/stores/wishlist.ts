// The wishlist (spec §3, §4, §6): kept in the browser under the key `wishlist`; guests are
// sent to the login panel instead of adding.
import { atom, computed } from 'nanostores';
import { readStorage, writeStorage } from '../storage';
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

const KEY = 'wishlist';

function isEntry(v: unknown): v is WishlistEntry {
  return typeof v === 'object' && v !== null && (v as WishlistEntry).id != null && typeof (v as WishlistEntry).handle === 'string';
}

/** Whatever the storage holds (nothing, bad JSON, a throwing storage) → a list, never a crash. */
function read(): WishlistEntry[] {
  const raw = readStorage(KEY);
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isEntry) : [];
  } catch {
    console.error('Stored wishlist is not JSON; starting empty');
    return [];
  }
}

export const $wishlist = atom<WishlistEntry[]>(read());
/** Ids as strings: stored ids may come back as strings from older entries. */
export const $wishlistIds = computed($wishlist, (list) => new Set(list.map((e) => String(e.id))));

$wishlist.listen((list) => {
  writeStorage(KEY, JSON.stringify(list));
});

// Another tab changed the wishlist.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) $wishlist.set(read());
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
