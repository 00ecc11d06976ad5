// The theme's JSON endpoints (theme/templates/page.api-*.liquid, spec §3 and §7), rendered by the
// preview from the real theme: they parse, carry the spec's fields, page within the platform's
// limits, and cannot be broken out of by the data they carry.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, OLENA, signIn, testPreview } from '../testing';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview({ theme: 'real' }));
});
afterAll(() => app.close());

async function api<T = unknown>(name: string, options: { prefix?: string; query?: string; cookie?: string } = {}): Promise<T> {
  const url = `${options.prefix ?? ''}/pages/api/${name}${options.query ? `?${options.query}` : ''}`;
  const response = await app.inject({ url, headers: options.cookie ? { cookie: options.cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toMatch(/^application\/json/);
  return JSON.parse(response.body) as T;
}

type Product = Record<string, unknown> & { id: number; images: Record<string, unknown>[]; variants: Record<string, unknown>[] };
type Page<T> = { items: T[]; page: number; pages: number };

describe('every endpoint of the client table', () => {
  it('answers JSON at the path shared/api uses (/pages/api?view=api-<name>) and at the spec’s /pages/api/<name>', async () => {
    const themePages = Object.entries(ENDPOINTS).filter(([, e]) => e.path.startsWith('pages/api?view='));
    expect(themePages.map(([name]) => name).sort()).toEqual([
      'cart',
      'collections',
      'contacts',
      'customer',
      'menus',
      'products',
      'shop-locale',
      'text-pages',
      'type-products',
    ]);
    for (const [name, endpoint] of themePages) {
      const viaView = await app.inject({ url: `/en/${endpoint.path}` });
      expect(viaView.statusCode, name).toBe(200);
      const viaPath = await app.inject({ url: `/en/pages/api/${name}` });
      expect(viaPath.body, name).toBe(viaView.body);
      expect(() => JSON.parse(viaView.body), name).not.toThrow();
    }
  });
});

describe('menus, shop-locale, type-products', () => {
  it('menus: the six menus by handle, links with title, url and nested links, in the page language', async () => {
    const menus = await api<Record<string, { title: string; links: { title: string; url: string; links: unknown[] }[] }>>('menus', { prefix: '/en' });
    expect(Object.keys(menus)).toEqual(['side-menu-1', 'side-menu-2', 'header-menu', 'recommendation', 'info', 'contacts']);
    for (const menu of Object.values(menus)) {
      expect(menu.links.length).toBeGreaterThan(0);
      for (const link of menu.links) expect(Object.keys(link)).toEqual(['title', 'url', 'links']);
    }
    const nested = menus['side-menu-1']!.links.find((l) => l.links.length > 0)!;
    expect(nested.url).toMatch(/^\/en\//);
    expect((nested.links[0] as { title: string }).title).toBe('Coats');
    const uk = await api<Record<string, { links: { title: string; url: string }[] }>>('menus');
    expect(uk['header-menu']!.links[0]).toMatchObject({ title: 'Новинки', url: '/collections/new-arrivals' });
  });

  it('shop-locale: locales, requestLocale, currencies with symbols and the cart currency', async () => {
    expect(await api('shop-locale', { prefix: '/en' })).toEqual({
      locales: [{ isoCode: 'uk' }, { isoCode: 'en' }],
      requestLocale: { isoCode: 'en' },
      currencies: [
        { isoCode: 'UAH', symbol: '₴' },
        { isoCode: 'USD', symbol: '$' },
      ],
      cartCurrency: { isoCode: 'UAH' },
    });
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { currency: 'USD' }, headers: { cookie } });
    expect(await api('shop-locale', { cookie })).toMatchObject({ requestLocale: { isoCode: 'uk' }, cartCurrency: { isoCode: 'USD' } });
  });

  it('window.Shopify.currency: the active currency and its rate from the shop’s currency', async () => {
    const shopify = (html: string) => JSON.parse(/window\.Shopify = (\{.*?\});<\/script>/.exec(html)![1]!) as { currency: { active: string; rate: string } };
    expect(shopify((await app.inject({ url: '/' })).body).currency).toEqual({ active: 'UAH', rate: '1' });
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { currency: 'USD' }, headers: { cookie } });
    // The fixture shop's dollar prices are its hryvnia prices / 41, and so is its rate.
    const { currency } = shopify((await app.inject({ url: '/', headers: { cookie } })).body);
    expect(currency.active).toBe('USD');
    expect(Number(currency.rate)).toBeCloseTo(1 / 41, 10);
  });

  it('type-products: the product types as strings', async () => {
    expect(new Set(await api<string[]>('type-products'))).toEqual(new Set(store.products.map((p) => p.type)));
  });
});

describe('products', () => {
  it('pages every product 50 at a time as {items, page, pages}', async () => {
    // The endpoint lists the `all` collection: every product but the gift card, which the
    // merchant keeps out of her collections.
    const catalogue = store.collectionsByHandle.get('all')!.products.map((handle) => store.productsByHandle.get(handle)!);
    expect(catalogue.length).toBe(store.products.length - 1);
    const first = await api<Page<Product>>('products');
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(catalogue.length / 50) });
    expect(first.items).toHaveLength(50);
    const second = await api<Page<Product>>('products', { query: 'page=2' });
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(catalogue.length - 50);
    const ids = new Set([...first.items, ...second.items].map((p) => p.id));
    expect(ids).toEqual(new Set(catalogue.map((p) => p.id)));
    expect((await api<Page<Product>>('products', { query: 'page=3' })).items).toEqual([]);
  });

  it('gives each product the fields of spec §3', async () => {
    const pages = [await api<Page<Product>>('products', { prefix: '/en' }), await api<Page<Product>>('products', { prefix: '/en', query: 'page=2' })];
    const items = pages.flatMap((page) => page.items);
    for (const product of items) {
      expect(Object.keys(product)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'handle',
          'url',
          'available',
          'type',
          'info',
          'price',
          'image',
          'image2x',
          'images',
          'preorder',
          'productOptions',
          'collections',
          'variants',
          'currentVariant',
          'content',
        ]),
      );
    }
    const coat = items.find((p) => p.handle === 'wool-wrap-coat')!;
    const fixture = store.productsByHandle.get('wool-wrap-coat')!;
    expect(coat).toMatchObject({
      id: fixture.id,
      name: 'Wool wrap coat',
      url: '/en/products/wool-wrap-coat',
      available: true,
      type: 'coats',
      price: Math.min(...fixture.variants.map((v) => v.price['UAH']!)),
      preorder: false,
      image: expect.stringMatching(/^\/cdn\/shop\/files\/wool-wrap-coat-1\.jpg\?width=500$/),
      image2x: expect.stringMatching(/width=1000$/),
      productOptions: [
        { name: 'Color', values: fixture.options[0]!.values },
        { name: 'Size', values: fixture.options[1]!.values },
      ],
      currentVariant: { id: fixture.variants.find((v) => v.inventory_quantity > 0)!.id },
    });
    expect(coat.images[0]).toEqual({
      id: fixture.images[0]!.id,
      src: expect.stringMatching(/width=1000$/),
      src2x: expect.stringMatching(/width=2000$/),
      width: fixture.images[0]!.width,
      height: fixture.images[0]!.height,
    });
    expect(coat.variants[0]).toEqual({
      id: fixture.variants[0]!.id,
      available: true,
      options: fixture.variants[0]!.options,
      price: fixture.variants[0]!.price['UAH'],
    });
    expect(coat['collections']).toContain('coats-and-jackets');
    expect(coat['content']).toMatch(/Composition/);
    const preorder = items.find((p) => p.handle === 'oversized-cocoon-coat')!;
    expect(preorder['preorder']).toBe(true);
    const soldOut = items.find((p) => p.handle === 'floral-maxi-dress');
    expect(soldOut?.['available']).toBe(false);
  });

  it('sends a product in one shape: the list index has the same fields, the same values, as the product API', async () => {
    const all = [
      ...(await api<Page<Product>>('products', { prefix: '/en' })).items,
      ...(await api<Page<Product>>('products', { prefix: '/en', query: 'page=2' })).items,
    ];
    const response = await app.inject({ url: '/en/collections/all?view=list-index' });
    const listed = (JSON.parse(response.body) as Page<Product>).items;
    expect(listed.length).toBe(all.length);
    for (const item of listed) {
      const full = all.find((p) => p.id === item.id)!;
      expect(Object.fromEntries(Object.keys(item).map((key) => [key, full[key]]))).toEqual(item);
    }
    // A product with a variant out of stock says so (the platform's out-of-stock filter value); the others leave it out.
    const store = loadStore(FIXTURES);
    for (const item of listed) {
      const fixture = store.products.find((p) => p.id === item.id)!;
      const outOfStock = fixture.variants.some((v) => !(v.inventory_quantity > 0 || (v.inventory_policy ?? fixture.inventory_policy) === 'continue'));
      expect(item['soldOutVariant'], fixture.handle).toBe(outOfStock ? true : undefined);
    }
    expect(listed.some((item) => item['soldOutVariant'] === undefined)).toBe(true);
    expect(Object.keys(listed.find((item) => item['soldOutVariant'] === undefined)!).sort()).toEqual([
      'available',
      'collections',
      'compareAtPrice',
      'id',
      'image',
      'name',
      'preorder',
      'price',
      'productOptions',
      'type',
      'url',
    ]);
  }, 60_000); // renders every product twice

  it('the list indexes name the currency their prices are in, which follows the shopper’s', async () => {
    const cookie = await newBrowser(app);
    const indexOf = async (url: string) =>
      (await app.inject({ url, headers: { cookie } })).json() as { currency: string; items: { id: number; price: number }[] };
    const hryvnia = await indexOf('/en/collections/all?view=list-index');
    expect(hryvnia.currency).toBe('UAH');
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { currency: 'USD' }, headers: { cookie } });
    const dollars = await indexOf('/en/collections/all?view=list-index');
    expect(dollars.currency).toBe('USD');
    expect(dollars.items[0]!.price).not.toBe(hryvnia.items[0]!.price);
    expect((await indexOf('/en/search?q=coat&type=product&view=list-index')).currency).toBe('USD');
  });

  it('gives a product without images empty image URLs and no images, never a broken URL', async () => {
    const all = [...(await api<Page<Product>>('products')).items, ...(await api<Page<Product>>('products', { query: 'page=2' })).items];
    const poncho = all.find((p) => p.handle === 'poncho-sweater')!;
    expect(poncho).toMatchObject({ image: '', image2x: '', images: [] });
  });
});

describe('collections', () => {
  type Collection = Record<string, unknown> & { handle: string; productsCount: number; dots: Record<string, unknown>[]; looks: { dots: unknown[] }[] };

  it('lists every collection with the fields of spec §3, paged', async () => {
    const page = await api<Page<Collection>>('collections', { prefix: '/en' });
    expect(page).toMatchObject({ page: 1, pages: 1 });
    expect(page.items.map((c) => c.handle)).toEqual(store.collections.map((c) => c.handle));
    for (const collection of page.items) {
      expect(Object.keys(collection)).toEqual(
        expect.arrayContaining(['id', 'handle', 'name', 'title', 'url', 'image', 'image2x', 'background', 'productsCount', 'dots']),
      );
      // No list cut at the platform's 50-item loop limit: a collection's products come from its list index.
      expect(collection).not.toHaveProperty('productIds');
    }
    const dresses = page.items.find((c) => c.handle === 'dresses')!;
    expect(dresses).toMatchObject({
      name: 'Dresses',
      title: 'Dresses',
      url: '/en/collections/dresses',
      background: expect.stringMatching(/^\/cdn\/shop\/files\/bg-dresses\.jpg\?width=1000$/),
    });
    expect(dresses.productsCount).toBe(store.collectionsByHandle.get('dresses')!.products.length);
  });

  it("gives a collection's product ids in its own order from its list index, every one of them (spec §3 productIds)", async () => {
    const index = await app.inject({ url: '/en/collections/dresses?view=list-index' });
    const { items } = JSON.parse(index.body) as { items: { id: number }[] };
    expect(items.map((p) => p.id)).toEqual(store.collectionsByHandle.get('dresses')!.products.map((h) => store.productsByHandle.get(h)!.id));
  });

  it('gives the looks’ dots with pixel coordinates and a product reference ending in the product id', async () => {
    const { items } = await api<Page<Collection>>('collections');
    const coats = items.find((c) => c.handle === 'coats-and-jackets')!;
    const fixture = store.collectionsByHandle.get('coats-and-jackets')!.metafields.custom.looks;
    expect(coats.looks).toHaveLength(fixture.length);
    expect(coats.dots).toHaveLength(fixture.reduce((n, look) => n + look.dots.length, 0));
    const first = fixture[0]!.dots[0]!;
    expect(coats.dots[0]).toEqual({
      x_coordinate: first.x_coordinate,
      y_coordinate: first.y_coordinate,
      product: `gid://shopify/Product/${store.productsByHandle.get(first.product)!.id}`,
      productId: store.productsByHandle.get(first.product)!.id,
      look: 0,
    });
  });
});

describe('text pages and contacts', () => {
  it('text-pages: the five static pages by slug with title, content, slogan and intro', async () => {
    const pages = await api<Record<string, Record<string, string | null>>>('text-pages', { prefix: '/en' });
    expect(Object.keys(pages)).toEqual(['about-us', 'shipping-and-returns', 'public-offer', 'terms-of-use', 'contacts']);
    for (const page of Object.values(pages)) expect(Object.keys(page)).toEqual(['title', 'content', 'slogan', 'intro']);
    expect(pages['about-us']).toMatchObject({ title: 'About us', content: expect.stringContaining('<h2>MAVKA is a Ukrainian womenswear brand</h2>') });
    expect(pages['about-us']!['slogan']).toBeTruthy();
    expect(pages['about-us']!['intro']).toBeTruthy();
  });

  it('contacts: the contact page’s image strip as URLs that load', async () => {
    const urls = await api<string[]>('contacts');
    expect(urls.length).toBe(store.pagesByHandle.get('contacts')!.metafields.custom.images.length);
    const image = await app.inject({ url: urls[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('customer and cart', () => {
  it('customer: null for a guest; the spec §3 customer with orders for the demo customer', async () => {
    expect(await api('customer')).toBeNull();
    const cookie = await signIn(app);
    const customer = await api<Record<string, unknown> & { orders: Record<string, unknown>[]; default_address: Record<string, unknown> }>('customer', {
      prefix: '/en',
      cookie,
    });
    expect(customer).toMatchObject({
      id: OLENA.id,
      email: OLENA.email,
      first_name: 'Олена',
      last_name: 'Коваль',
      name: 'Олена Коваль',
      has_account: true,
      accepts_marketing: true,
      orders_count: 10,
      addresses_count: 1,
      phone: '+380671234567',
    });
    expect(Object.keys(customer.default_address)).toEqual(
      expect.arrayContaining(['id', 'address1', 'address2', 'city', 'country', 'province', 'zip', 'phone', 'first_name', 'street']),
    );
    expect(customer.orders.map((o) => o['name'])).toEqual(['#1010', '#1009', '#1008', '#1007', '#1006', '#1005', '#1004', '#1003', '#1002', '#1001']);
    const order = customer.orders[0]!;
    // Spec §3's Order.currency is not sent: the platform's order has none; amounts come as the money filter writes them.
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining([
        'name',
        'created_at',
        'financial_status',
        'total_price',
        'total_price_text',
        'email',
        'shipping_address',
        'shipping_methods',
        'line_items',
      ]),
    );
    expect(order['total_price_text']).toMatch(/^[\d ]+ UAH$/);
    expect(order['shipping_address']).toEqual({ name: 'Олена Коваль', phone: '+380671234567' });
    expect((order['line_items'] as Record<string, unknown>[])[0]).toMatchObject({
      quantity: 1,
      price: 289000,
      price_text: '2 890 UAH',
      product: { name: 'Cropped denim jacket' },
      variant: { options: ['light-blue', 'S'] },
      image: expect.stringMatching(/width=200$/),
    });
    expect(customer.orders.find((o) => o['name'] === '#1001')!['shipping_methods']).toEqual([]);
  });

  it('cart: the bag with the fields the cart panel reads', async () => {
    const cookie = await newBrowser(app);
    expect(await api('cart', { cookie })).toEqual({ itemCount: 0, totalPrice: 0, currency: 'UAH', items: [] });
    await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: 9000000136, quantity: 1 }, headers: { cookie } });
    const cart = await api<{ itemCount: number; totalPrice: number; items: Record<string, unknown>[] }>('cart', { prefix: '/en', cookie });
    expect(cart).toMatchObject({ itemCount: 1, totalPrice: 589000 });
    expect(cart.items[0]).toMatchObject({
      id: 9000000136,
      product_id: store.productsByHandle.get('tweed-jacket')!.id,
      url: '/en/products/tweed-jacket?variant=9000000136',
      image: expect.stringMatching(/width=100$/),
      image2x: expect.stringMatching(/width=200$/),
      product_title: 'Tweed jacket',
      title: 'Tweed jacket - pink / XS',
      options_with_values: [
        { name: 'Color', value: 'pink' },
        { name: 'Size', value: 'XS' },
      ],
      variant_options: ['pink', 'XS'],
      quantity: 1,
      price: 589000,
    });
  });
});

describe('safety: data cannot break out of a script tag', () => {
  let hostile: FastifyInstance;
  let dir: string;
  const evil = '</script><script>alert(1)</script> & \u2028';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'preview-hostile-'));
    cpSync(FIXTURES, dir, { recursive: true });
    const products = JSON.parse(readFileSync(join(dir, 'products.json'), 'utf8')) as { title: Record<string, string> }[];
    products[0]!.title = { uk: evil, en: evil };
    writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
    const pages = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as { handle: string; body_html: Record<string, string> }[];
    pages.find((p) => p.handle === 'about-us')!.body_html = { uk: `<p>${evil}</p>`, en: `<p>${evil}</p>` };
    writeFileSync(join(dir, 'pages.json'), JSON.stringify(pages));
    ({ app: hostile } = await testPreview({ theme: 'real', storeDir: dir }));
  }, 60_000);
  afterAll(async () => {
    await hostile.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('escapes < > & / and U+2028 in every value, and the data still reads back exactly', async () => {
    for (const url of ['/pages/api/products', '/pages/api/text-pages', '/pages/api/collections', '/pages/api/menus']) {
      const body = (await hostile.inject({ url })).body;
      expect(body, url).not.toMatch(/<\/script|<script|\u2028/i);
    }
    const products = JSON.parse((await hostile.inject({ url: '/pages/api/products' })).body) as Page<Product>;
    expect(products.items[0]!['name']).toBe(evil);
    const pages = JSON.parse((await hostile.inject({ url: '/en/pages/api/text-pages' })).body) as Record<string, { content: string }>;
    expect(pages['about-us']!.content).toBe(`<p>${evil}</p>`);
  });

  it('keeps the product shape inside its script tag on a list page, and in the list index', async () => {
    const index = (await hostile.inject({ url: '/collections/all?view=list-index' })).body;
    expect(index).not.toMatch(/<\/script|<script|\u2028/i);
    expect((JSON.parse(index) as Page<Product>).items.map((p) => p['name'])).toContain(evil);
    const html = (await hostile.inject({ url: '/collections/all' })).body;
    const scripts = [...html.matchAll(/<script type="application\/json" data-island-props[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const names = scripts.flatMap((text) => (JSON.stringify(JSON.parse(text)).includes(evil) ? [evil] : []));
    expect(names).toContain(evil);
    expect(html).not.toContain('<script>alert(1)');
  }, 60_000);
});
