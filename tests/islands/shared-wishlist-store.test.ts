import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import type { WishlistEntry } from '../../shared/stores/wishlist';

const coat: WishlistEntry = {
  id: 1,
  handle: 'coat',
  image: '/c.jpg',
  image2x: '/c2.jpg',
  url: '/products/coat',
  title: 'Coat',
  price: 459900,
  currency: 'UAH',
  preorder: false,
};
const dress: WishlistEntry = { ...coat, id: 2, handle: 'dress', title: 'Dress', preorder: true };

async function load(customer: unknown = { id: 5, firstName: 'Iryna', name: 'Iryna P' }) {
  setBootstrapScript({ customer, rootUrl: '/' });
  vi.resetModules();
  const wishlist = await import('../../shared/stores/wishlist');
  const panel = await import('../../shared/stores/panel');
  return { ...wishlist, ...panel };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/products/coat');
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
  vi.unstubAllGlobals();
});

describe('wishlist', () => {
  it('starts from the stored list', async () => {
    localStorage.setItem('wishlist', JSON.stringify([coat]));
    const { $wishlist, isInWishlist } = await load();
    expect($wishlist.get()).toEqual([coat]);
    expect(isInWishlist(1)).toBe(true);
    expect(isInWishlist(2)).toBe(false);
  });

  it('adds and removes for a customer, and stores every change under "wishlist"', async () => {
    const { toggleWishlist, isInWishlist, $wishlist } = await load();
    expect(toggleWishlist(coat)).toBe('added');
    expect(toggleWishlist(dress)).toBe('added');
    // Each entry remembers the currency its price was saved in (the shop's, UAH, here).
    const saved = (entry: WishlistEntry) => ({ ...entry, currency: 'UAH' });
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([saved(coat), saved(dress)]);
    expect(toggleWishlist(coat)).toBe('removed');
    expect(isInWishlist(1)).toBe(false);
    expect($wishlist.get()).toEqual([saved(dress)]);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([saved(dress)]);
  });

  it('matches ids stored as strings', async () => {
    localStorage.setItem('wishlist', JSON.stringify([{ ...coat, id: '1' }]));
    const { isInWishlist, toggleWishlist } = await load();
    expect(isInWishlist(1)).toBe(true);
    expect(toggleWishlist(coat)).toBe('removed');
  });

  it('sends a guest to the login panel instead of adding', async () => {
    const { toggleWishlist, $wishlist, $rightSidebar } = await load(null);
    expect(toggleWishlist(coat)).toBe('login');
    expect($wishlist.get()).toEqual([]);
    expect(localStorage.getItem('wishlist')).toBeNull();
    expect($rightSidebar.get()).toBe('login');
    expect(new URLSearchParams(window.location.search).get('rightSidebar')).toBe('login');
  });

  it.each([
    ['bad JSON', '[{"id":'],
    ['not a list', '{"id":1}'],
    ['junk entries', '[null, 3, "x", {"title":"no id"}]'],
  ])('starts empty from %s', async (_, stored) => {
    localStorage.setItem('wishlist', stored);
    const { $wishlist, toggleWishlist } = await load();
    expect($wishlist.get()).toEqual([]);
    expect(toggleWishlist(coat)).toBe('added');
  });

  it('survives a storage that throws on every call', async () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    vi.stubGlobal('localStorage', throwing);
    const { $wishlist, toggleWishlist, isInWishlist } = await load();
    expect($wishlist.get()).toEqual([]);
    expect(toggleWishlist(coat)).toBe('added');
    expect(isInWishlist(1)).toBe(true);
  });

  it('shows a guest none of the stored list, and leaves it stored for its owner', async () => {
    localStorage.setItem('wishlist', JSON.stringify([coat]));
    localStorage.setItem('wishlist_owner', '5');
    const { $wishlist, isInWishlist } = await load(null);
    expect($wishlist.get()).toEqual([]);
    expect(isInWishlist(1)).toBe(false);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([coat]);
  });

  it('keeps one customer’s list aside while another is signed in on the same browser, and gives it back', async () => {
    localStorage.setItem('wishlist', JSON.stringify([coat]));
    localStorage.setItem('wishlist_owner', '5');
    const maria = { id: 9, firstName: 'Maria', name: 'Maria K' };
    const second = await load(maria);
    expect(second.$wishlist.get()).toEqual([]);
    expect(second.toggleWishlist(dress)).toBe('added');
    const iryna = await load();
    expect(iryna.$wishlist.get()).toEqual([coat]);
    const again = await load(maria);
    expect(again.$wishlist.get()).toEqual([{ ...dress, currency: 'UAH' }]);
  });

  it('makes a list stored before lists had owners the signed-in customer’s', async () => {
    localStorage.setItem('wishlist', JSON.stringify([coat]));
    const { $wishlist } = await load();
    expect($wishlist.get()).toEqual([coat]);
    expect(localStorage.getItem('wishlist_owner')).toBe('5');
  });

  it('does not write over another customer’s list from a tab drawn before they signed in', async () => {
    const stale = await load();
    // Meanwhile, another tab: someone else signed in, and their list took the key.
    localStorage.setItem('wishlist_owner', '9');
    localStorage.setItem('wishlist', JSON.stringify([dress]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist' }));
    expect(stale.$wishlist.get()).toEqual([]);
    stale.toggleWishlist(coat);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([dress]);
    expect(localStorage.getItem('wishlist_owner')).toBe('9');
  });

  it('shows none once another tab made the stored list another customer’s, and writes nothing back', async () => {
    localStorage.setItem('wishlist', JSON.stringify([coat]));
    const stale = await load();
    expect(stale.$wishlist.get()).toEqual([coat]);
    localStorage.setItem('wishlist_owner', '9');
    window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist_owner' }));
    expect(stale.$wishlist.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([coat]);
  });

  it('follows a change made in another tab', async () => {
    const { $wishlist } = await load();
    localStorage.setItem('wishlist', JSON.stringify([dress]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist' }));
    expect($wishlist.get()).toEqual([dress]);
  });
});
