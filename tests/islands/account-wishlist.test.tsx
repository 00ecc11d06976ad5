// The wishlist screen of the account area.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { $wishlist, type WishlistEntry } from '../../shared/stores/wishlist';
import { $customer } from '../../shared/stores/customer';
import { mountWishlist } from '../../islands/account-wishlist/wishlist';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { waitFor } from '@testing-library/preact';
import { cardTemplateHtml } from './support/card-template';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');

const coat: WishlistEntry = {
  id: 8000000001,
  handle: 'wool-wrap-coat',
  image: '/cdn/shop/files/coat.jpg?width=500',
  image2x: '/cdn/shop/files/coat.jpg?width=1000',
  url: '/en/products/wool-wrap-coat',
  title: 'Wool wrap coat',
  price: 589000,
  currency: 'UAH',
  preorder: false,
};
const skirt: WishlistEntry = {
  id: 8000000002,
  handle: 'wrap-skirt',
  image: '',
  image2x: '',
  url: 'javascript:alert(1)',
  title: 'Wrap <b>skirt</b>',
  price: 129950,
  currency: 'UAH',
  preorder: false,
};

// The theme's own card template (sections/main-account-wishlist.liquid renders it in the island).
let cardTemplate = '';
beforeAll(async () => {
  cardTemplate = await cardTemplateHtml('/en');
}, 60_000);

let node: HTMLElement;
let stop: () => void = () => {};

beforeEach(() => {
  setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  localStorage.clear();
  // The wishlist page is a signed-in customer's, and the stored list theirs.
  $customer.set({ id: 7, firstName: 'Olena', name: 'Olena Koval' });
  localStorage.setItem('wishlist_owner', '7');
  // The shop is not reachable here unless a test answers for it.
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  $wishlist.set([]);
  document.body.innerHTML = `<div data-island="account-wishlist">${cardTemplate}<noscript>needs JavaScript</noscript></div>`;
  node = document.querySelector('[data-island="account-wishlist"]')!;
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const cards = () => Array.from(node.querySelectorAll('article.product-card'));

/** The shop's product endpoint, answering with `answer` once released; the addresses asked, in order. */
function holdTheShop(answer: (url: string) => Response): { asked: string[]; release: () => void } {
  const asked: string[] = [];
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    await released;
    return answer(url);
  });
  return { asked, release: () => release() };
}

describe('wishlist grid', () => {
  it('shows the empty state with a link to the catalogue', () => {
    stop = mountWishlist(node, '/en/collections/all');
    expect(node.querySelector('.account-wishlist__empty p')!.textContent).toBe('Your wishlist is empty.');
    const link = node.querySelector('.account-wishlist__empty a')!;
    expect(link.textContent).toBe('Go to the catalogue');
    expect(link.getAttribute('href')).toBe('/en/collections/all');
  });

  it('shows a product card per stored entry: image, name, price, link, and treats stored text as text', () => {
    $wishlist.set([coat, skirt]);
    stop = mountWishlist(node, '/en/collections/all');
    expect(cards()).toHaveLength(2);
    const [first, second] = cards();
    expect(first!.querySelector('a')!.getAttribute('href')).toBe('/en/products/wool-wrap-coat');
    expect(first!.querySelector('.product-card__title')!.textContent).toBe('Wool wrap coat');
    expect(first!.querySelector('.price__current')!.textContent).toBe('5 890 UAH');
    expect(first!.querySelector('img')!.getAttribute('srcset')).toBe(
      '/cdn/shop/files/coat.jpg?width=360 360w, /cdn/shop/files/coat.jpg?width=500 500w, /cdn/shop/files/coat.jpg?width=720 720w, /cdn/shop/files/coat.jpg?width=1000 1000w',
    );
    // A stored entry is not trusted: the link is made from the handle, in the page's language,
    // never from a stored script address; markup stays text.
    expect(second!.querySelector('a')!.getAttribute('href')).toBe('/en/products/wrap-skirt');
    expect(second!.querySelector('.product-card__title')!.textContent).toBe('Wrap <b>skirt</b>');
    expect(second!.querySelector('b')).toBeNull();
    expect(second!.querySelector('.price__current')!.textContent).toBe('1 299.50 UAH');
    // Saved without an image: the drawn box, never a blank one (the template's hover photo, which
    // only a list fills, stays hidden and empty).
    expect(second!.querySelector('img:not([hidden])')).toBeNull();
    expect(second!.querySelector('img[src]')).toBeNull();
    expect(second!.querySelector('.product-card__no-image')?.textContent?.trim()).toBe('Photo coming soon');
  });

  it('never links to a stored script address, whatever the entry holds', () => {
    $wishlist.set([{ ...skirt, handle: 'not a handle' }]);
    stop = mountWishlist(node, '/en/collections/all');
    expect(cards()[0]!.querySelector('a')!.getAttribute('href')).toBe('#');
  });

  it('removes an entry from the stored wishlist and keeps the keyboard focus in the grid', () => {
    $wishlist.set([coat, skirt]);
    stop = mountWishlist(node);
    const remove = Array.from(node.querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent?.trim() === 'Remove Wool wrap coat from the wishlist',
    )!;
    expect(remove.classList.contains('is-active')).toBe(true);
    remove.focus();
    remove.click();
    expect(cards()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]').map((e: WishlistEntry) => e.handle)).toEqual(['wrap-skirt']);
    expect(document.activeElement?.textContent?.trim()).toBe('Remove Wrap <b>skirt</b> from the wishlist');
    (document.activeElement as HTMLButtonElement).click();
    expect(cards()).toHaveLength(0);
    expect(document.activeElement?.textContent).toBe('Go to the catalogue');
  });

  it('follows changes made elsewhere (another tab, the product page)', () => {
    stop = mountWishlist(node);
    expect(cards()).toHaveLength(0);
    $wishlist.set([coat]);
    expect(cards()).toHaveLength(1);
  });
});

describe('wishlist cards in the page’s language', () => {
  it('shows each product’s current name and links to it in the page’s language, whichever language it was saved in', async () => {
    // Saved on the Ukrainian page; this page is English, and the shop answers in English.
    const saved = { ...coat, title: 'Пальто з запахом', url: '/products/wool-wrap-coat' };
    const { asked, release: answer } = holdTheShop(
      () => new Response(JSON.stringify({ handle: 'wool-wrap-coat', title: 'Wool wrap coat', price: 589000, available: true })),
    );
    $wishlist.set([saved]);
    stop = mountWishlist(node, '/en/collections/all');
    // Meanwhile the Ukrainian name is not shown on the English page.
    expect(cards()[0]!.querySelector('.product-card__title')!.textContent).toBe('');
    answer();
    await waitFor(() => expect(cards()[0]!.querySelector('.product-card__title')!.textContent).toBe('Wool wrap coat'));
    expect(asked).toEqual(['/en/products/wool-wrap-coat.js']);
    expect(cards()[0]!.querySelector('a')!.getAttribute('href')).toBe('/en/products/wool-wrap-coat');
    expect(node.querySelector('.account-wishlist__remove')!.textContent!.trim()).toBe('Remove Wool wrap coat from the wishlist');
  });

  it('shows the saved name, whatever its language, when the shop cannot be asked', async () => {
    $wishlist.set([{ ...coat, title: 'Пальто з запахом', url: '/products/wool-wrap-coat' }]);
    stop = mountWishlist(node, '/en/collections/all');
    await waitFor(() => expect(cards()[0]!.querySelector('.product-card__title')!.textContent).toBe('Пальто з запахом'));
  });

  it('shows a product the shop no longer has as sold out, with no price and no link to a page that is gone', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    $wishlist.set([coat]);
    stop = mountWishlist(node, '/en/collections/all');
    await waitFor(() => expect(Array.from(cards()[0]!.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Sold out']));
    const [gone] = cards();
    expect(gone!.querySelector('.price__current')!.textContent).toBe('');
    expect(gone!.querySelector('.product-card__link')!.hasAttribute('href')).toBe(false);
    // Still listed by its saved name, and still removable.
    expect(gone!.querySelector('.product-card__title')!.textContent).toBe('Wool wrap coat');
    node.querySelector<HTMLButtonElement>('.account-wishlist__remove')!.click();
    expect(cards()).toHaveLength(0);
  });
});

describe('wishlist prices', () => {
  it('shows the shop’s current price in the active currency, never a saved price in another one', async () => {
    setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'USD' } } });
    resetBootstrap();
    const { $currency } = await import('../../shared/stores/locale');
    $currency.set('USD');
    // The platform's product endpoint answers each saved product in the shopper's currency.
    const current: Record<string, number> = { 'wool-wrap-coat': 21900, 'wrap-skirt': 3500 };
    const { asked, release } = holdTheShop((url) => {
      const handle = /products\/([\w-]+)\.js$/.exec(url)?.[1] ?? '';
      const reduced = handle === 'wool-wrap-coat' ? { compare_at_price: 29900 } : { compare_at_price: null };
      return handle in current
        ? new Response(JSON.stringify({ handle, price: current[handle], available: handle !== 'wrap-skirt', ...reduced }))
        : new Response('', { status: 404 });
    });
    $wishlist.set([coat, { ...skirt, currency: 'USD', price: 3200 }]);
    stop = mountWishlist(node, '/en/collections/all');
    const prices = () => cards().map((c) => c.querySelector('.price__current')!.textContent);
    // Saved in hryvnias: no price rather than hryvnias printed as dollars; saved in dollars: shown meanwhile.
    expect(prices()).toEqual(['', '$32']);
    await waitFor(() => expect(asked.sort()).toEqual(['/en/products/wool-wrap-coat.js', '/en/products/wrap-skirt.js']));
    release();
    await waitFor(() => expect(prices()).toEqual(['$219', '$35']));
    // The shop's compare-at price and availability come with it: struck through, and the badges.
    const [coatCard, skirtCard] = cards();
    expect(coatCard!.querySelector('.product-card__price')!.textContent!.replace(/\s+/g, ' ').trim()).toBe('Was $299, now $219');
    expect(Array.from(coatCard!.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Sale']);
    expect(skirtCard!.querySelector('.price__compare')).toBeNull();
    expect(Array.from(skirtCard!.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Sold out']);
    $currency.set('UAH');
  });
});
