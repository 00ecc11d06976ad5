// The cart panel against a stand-in platform: what a shopper sees and can do in it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { $cart, cartIdle, forgetCartOrder } from '../../shared/stores/cart';
import { closePanel } from '../../shared/stores/panel';
import CartPanel from '../../islands/panels/cart/CartPanel';
import { parseRecommendations } from '../../islands/panels/cart/recommendations';
import { FakeCartServer } from '../unit/shared-support/fake-cart-server';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');

type Product = { id: number; title: string; variant: number; compareAtPrice?: number };
const SCARF: Product = { id: 4, title: 'Silk scarf', variant: 44 };
const BELT: Product = { id: 5, title: 'Leather belt', variant: 55, compareAtPrice: 129900 };

/** The main-product section as the platform renders it for /recommendations/products. */
function recommendationsHtml(products: Product[]): string {
  const json = JSON.stringify({
    intent: 'related',
    products: products.map((p) => ({
      id: p.id,
      title: p.title,
      name: p.title,
      handle: `p${p.id}`,
      url: `/products/p${p.id}`,
      price: 99900,
      compareAtPrice: p.compareAtPrice ?? null,
      image: `/cdn/shop/files/p${p.id}.jpg?width=100`,
      image2x: `/cdn/shop/files/p${p.id}.jpg?width=200`,
      currentVariant: { id: p.variant, options: ['black', 'M'] },
      available: true,
    })),
  }).replace(/</g, '\\u003c');
  return `<div id="shopify-section-main-product" class="shopify-section"><script type="application/json" id="recommendations-json">${json}</script><div class="product">…</div></div>`;
}

let server: FakeCartServer;
let upsells: Product[];
let requested: URL[];
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await cartIdle();
  setBootstrapScript({ rootUrl: '/', cartItemCount: 0, firstProductId: 1, locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  resetClient();
  server = new FakeCartServer([
    { id: 11, productId: 1, title: 'Coat', price: 459900, stock: 3 },
    { id: 22, productId: 2, title: 'Skirt', price: 129900, stock: 10, compareAt: 159900 },
    { id: SCARF.variant, productId: SCARF.id, title: SCARF.title, price: 99900, stock: 5 },
    { id: BELT.variant, productId: BELT.id, title: BELT.title, price: 99900, stock: 5 },
  ]);
  server.newLines = 'end';
  upsells = [SCARF, BELT];
  requested = [];
  configureClient({
    storage: null,
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      requested.push(url);
      if (url.pathname === '/recommendations/products') return new Response(recommendationsHtml(upsells.slice(0, Number(url.searchParams.get('limit')))));
      return server.fetch(input, init);
    },
  });
  $cart.set(null);
  forgetCartOrder();
  closePanel();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  errors.mockRestore();
});

const recommendationCalls = () => requested.filter((u) => u.pathname === '/recommendations/products');
const lineTitles = () =>
  screen
    .queryAllByRole('listitem')
    .filter((li) => li.classList.contains('cart-line'))
    .map((li) => li.querySelector('.cart-line__title')?.textContent);

describe('cart panel', () => {
  it('shows a spinner, then the lines with named − and + buttons, the total and an enabled checkout', async () => {
    server.put(11, 2);
    render(<CartPanel titleId="title" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Coat' });
    expect(screen.getByRole('button', { name: 'Decrease quantity of Coat' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).id).toBe('title');
    expect(screen.getByText('9 198 UAH', { selector: '.cart-line__price .price__current' })).toBeTruthy();
    expect(screen.getByText('9 198 UAH', { selector: '.cart-total__amount' })).toBeTruthy();
    const checkout = screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(false);
    expect(checkout.name).toBe('checkout');
    expect(checkout.form?.getAttribute('action')).toBe('/cart');
    expect(checkout.form?.method).toBe('post');
    fireEvent.click(plus);
    await waitFor(() => expect(screen.getByText('3', { selector: '.quantity__value' })).toBeTruthy());
  });

  it('strikes through the compare-at total of a reduced line, read as "was …, now …", and follows the quantity', async () => {
    server.put(11, 1);
    server.put(22, 2);
    render(<CartPanel titleId="title" />);
    const skirt = await waitFor(() => {
      const line = screen.getAllByRole('listitem').find((li) => li.querySelector('.cart-line__title')?.textContent === 'Skirt');
      expect(line?.querySelector('.price__compare')).toBeTruthy();
      return line!;
    });
    expect(skirt.querySelector('.cart-line__price')?.textContent).toBe('Was 3 198 UAH, now 2 598 UAH');
    expect(skirt.querySelector('.price--sale')).toBeTruthy();
    // The coat has no compare-at price: its price alone.
    const coat = screen.getAllByRole('listitem').find((li) => li.querySelector('.cart-line__title')?.textContent === 'Coat')!;
    expect(coat.querySelector('.price__compare')).toBeNull();
    // Each product is asked once, through its product endpoint.
    expect(
      requested
        .filter((u) => u.pathname.startsWith('/products/'))
        .map((u) => u.pathname)
        .sort(),
    ).toEqual(['/products/p1.js', '/products/p2.js']);
    fireEvent.click(within(skirt).getByRole('button', { name: 'Increase quantity of Skirt' }));
    await waitFor(() => expect(skirt.querySelector('.price__compare')?.textContent).toBe('4 797 UAH'));
  });

  it('tells the shopper what the shop said when an increase is refused, and keeps the quantity', async () => {
    server.put(11, 3);
    render(<CartPanel titleId="title" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Coat' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("You can't add more Coat to the cart.");
    expect(screen.getByText('3', { selector: '.quantity__value' })).toBeTruthy();
    expect(errors).toHaveBeenCalledWith('Could not increase quantity');
  });

  it('does not show an old refusal when the panel opens again', async () => {
    server.put(11, 3);
    const first = render(<CartPanel titleId="title" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Coat' }));
    await screen.findByRole('alert');
    first.unmount();
    render(<CartPanel titleId="title" />);
    await screen.findByRole('button', { name: 'Increase quantity of Coat' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a line when its quantity of 1 is decreased, and then shows the empty bag with checkout disabled', async () => {
    server.put(22, 1);
    render(<CartPanel titleId="title" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Skirt' }));
    await screen.findByText('Your bag is empty');
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for three related upsells for a one-line bag and adds one to the top of the bag', async () => {
    server.put(11, 1);
    render(<CartPanel titleId="title" />);
    const section = await screen.findByRole('region', { name: 'You may also like' });
    const [call] = recommendationCalls();
    expect(Object.fromEntries(call!.searchParams)).toEqual({ section_id: 'main-product', product_id: '1', limit: '3', intent: 'related' });
    // A reduced upsell strikes through its compare-at price; a full-price one shows its price alone.
    const prices = Array.from(section.querySelectorAll('.upsell__price'), (p) => p.textContent);
    expect(prices).toEqual(['999 UAH', 'Was 1 299 UAH, now 999 UAH']);
    fireEvent.click(within(section).getByRole('button', { name: 'Add to bag: Silk scarf' }));
    await waitFor(() => expect(lineTitles()).toEqual(['Silk scarf', 'Coat']));
    expect(within(screen.getByRole('region', { name: 'You may also like' })).queryByText('Silk scarf')).toBeNull();
    expect($cart.get()?.items.find((i) => i.id === SCARF.variant)?.quantity).toBe(1);
  });

  it('asks for one upsell when the bag has two lines, and for the shop’s first product when it is empty (no catalogue download)', async () => {
    server.put(11, 1);
    server.put(22, 1);
    const first = render(<CartPanel titleId="title" />);
    await screen.findByRole('region', { name: 'You may also like' });
    expect(recommendationCalls()[0]?.searchParams.get('limit')).toBe('1');
    first.unmount();
    server.lines = [];
    requested = [];
    render(<CartPanel titleId="title" />);
    await screen.findByText('Your bag is empty');
    await waitFor(() => expect(recommendationCalls()).toHaveLength(1));
    expect(recommendationCalls()[0]?.searchParams.get('product_id')).toBe('1');
    expect(recommendationCalls()[0]?.searchParams.get('limit')).toBe('3');
    expect(requested.filter((u) => u.pathname.startsWith('/pages/api') || u.pathname.startsWith('/collections'))).toEqual([]);
  });

  it('draws no recommendations block when none arrive', async () => {
    upsells = [];
    server.put(11, 1);
    render(<CartPanel titleId="title" />);
    await screen.findByRole('button', { name: 'Increase quantity of Coat' });
    await waitFor(() => expect(recommendationCalls()).toHaveLength(1));
    await cartIdle();
    expect(screen.queryByRole('region', { name: 'You may also like' })).toBeNull();
  });
});

describe('parseRecommendations', () => {
  it('reads the products from the section HTML and skips entries without ids', () => {
    const html = recommendationsHtml([SCARF]).replace('"products":[', '"products":[{"title":"no id"},');
    expect(parseRecommendations(html).map((p) => [p.id, p.title, p.currentVariant.id])).toEqual([[4, 'Silk scarf', 44]]);
  });

  it('answers none for HTML without the block or with broken JSON', () => {
    expect(parseRecommendations('<div>nothing</div>')).toEqual([]);
    expect(parseRecommendations('<script type="application/json" id="recommendations-json">{oops</script>')).toEqual([]);
  });
});
