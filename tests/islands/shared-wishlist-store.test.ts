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

  it('follows a change made in another tab', async () => {
    const { $wishlist } = await load();
    localStorage.setItem('wishlist', JSON.stringify([dress]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist' }));
    expect($wishlist.get()).toEqual([dress]);
  });
});
