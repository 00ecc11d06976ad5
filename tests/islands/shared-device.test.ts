// A shared device (one browser, several people): the hearts show the signed-in customer's own
// stored wishlist, a full storage never costs a customer's list, and a page shown from history
// for someone else is asked for again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { claimStoredWishlist } from '../../shared/wishlist/owner';
import { MemoryStorage, setBootstrapScript } from '../unit/shared-support/memory-storage';

/** A storage that is full for the keys `full` says: writing them throws, as a full one does. */
function fullFor(full: (key: string) => boolean, seed: Record<string, string>): MemoryStorage {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(seed)) storage.data.set(key, value);
  const setItem = storage.setItem.bind(storage);
  storage.setItem = (key: string, value: string) => {
    if (full(key)) throw new DOMException('full', 'QuotaExceededError');
    setItem(key, value);
  };
  return storage;
}

const saved = (id: number) => ({ id, handle: `p-${id}`, image: '', image2x: '', url: `/products/p-${id}`, title: `P ${id}`, price: 100, preorder: false });

function toggle(id: number): string {
  return `<div data-island="wishlist-toggle"><script type="application/json" data-island-props>{"id": ${id}}</script><a class="wishlist-toggle__control" href="#"></a></div>`;
}

const filled = () =>
  Array.from(document.querySelectorAll('.wishlist-toggle__control.is-active'), (a) => a.closest('[data-island]')!.querySelector('script')!.textContent);

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function paintAs(customer: { id: number } | null): Promise<void> {
  setBootstrapScript({ customer: customer && { ...customer, firstName: 'X', name: 'X Y' }, rootUrl: '/' });
  resetBootstrap();
  document.body.innerHTML = toggle(1) + toggle(2);
  const { paintStoredWishlist } = await import('../../islands/wishlist-toggle/paint');
  paintStoredWishlist();
}

/** What the wishlist holds once its code has come (a heart's first touch loads it). */
async function inTheStore(): Promise<string[]> {
  const { isInWishlist } = await import('../../shared/stores/wishlist');
  return [1, 2].filter((id) => isInWishlist(id)).map((id) => `{"id": ${id}}`);
}

describe('the hearts a page draws before any touch', () => {
  it('show a list stored before lists had owners to the customer signed in (her first click must not remove what she saw as saved)', async () => {
    localStorage.setItem('wishlist', JSON.stringify([saved(1)]));
    await paintAs({ id: 5 });
    expect(filled()).toEqual(['{"id": 1}']);
    // The store makes it hers and holds what the hearts showed: a click removes only a filled one.
    expect(await inTheStore()).toEqual(filled());
    expect(localStorage.getItem('wishlist_owner')).toBe('5');
  });

  it('show the signed-in customer her own list, kept aside while another customer was signed in', async () => {
    localStorage.setItem('wishlist_owner', '9');
    localStorage.setItem('wishlist', JSON.stringify([saved(1)]));
    localStorage.setItem('wishlist_of_5', JSON.stringify([saved(2)]));
    await paintAs({ id: 5 });
    expect(filled()).toEqual(['{"id": 2}']);
    expect(await inTheStore()).toEqual(filled());
    expect(JSON.parse(localStorage.getItem('wishlist_of_9')!)).toEqual([saved(1)]);
  });

  it('show a guest none', async () => {
    localStorage.setItem('wishlist_owner', '5');
    localStorage.setItem('wishlist', JSON.stringify([saved(1)]));
    await paintAs(null);
    expect(filled()).toEqual([]);
    expect(await inTheStore()).toEqual([]);
  });
});

describe('a full storage', () => {
  it('stops a change of owner before anything is lost: the first customer’s list stays', () => {
    const storage = fullFor((key) => key.startsWith('wishlist_of_'), { wishlist_owner: '9', wishlist: JSON.stringify([saved(1)]) });
    vi.stubGlobal('localStorage', storage);
    claimStoredWishlist(5);
    expect(JSON.parse(storage.data.get('wishlist')!)).toEqual([saved(1)]);
    expect(storage.data.get('wishlist_owner')).toBe('9');
  });

  it('drops the note of whom the newest page was drawn for rather than keep an old one', async () => {
    const storage = fullFor((key) => key === 'page_drawn_for', { page_drawn_for: '9' });
    vi.stubGlobal('localStorage', storage);
    setBootstrapScript({ customer: null, rootUrl: '/' });
    resetBootstrap();
    const { reloadPagesRestoredForAnotherSession } = await import('../../islands/shell/account-pages');
    expect(reloadPagesRestoredForAnotherSession()).toBe(false);
    // Back to a page drawn for customer 9 now finds no note, and a customer's page is asked for again.
    expect(storage.data.has('page_drawn_for')).toBe(false);
  });
});
