// What a hostile client or a very large product can make the preview hold or do (issue 17,
// item 14): cart attributes and update.js lines are bounded as the platform bounds them, resized
// images do not pile up on disk, and a product with 10,164 variants renders what the platform's
// Liquid renders (its first 250 variants) instead of every variant over and over.
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, testPreview } from '../testing';
import { loadStore } from '../store/load-store';
import { MAX_CART_ATTRIBUTES, MAX_CART_ATTRIBUTES_SIZE, MAX_CART_LINES } from '../platform/cart';
import { clearImageMemoryCache } from '../store/images';

const store = loadStore(FIXTURES);
const variantIds = store.products.flatMap((p) => p.variants.map((v) => v.id));

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, cookie: string) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { cookie } });

describe('cart attributes', () => {
  it('keeps a cart within the platform’s 250 attributes and a bounded size, however many posts arrive', async () => {
    const cookie = await newBrowser(app);
    const statuses: number[] = [];
    for (let round = 0; round < 150; round++) {
      const attributes = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`key-${round}-${i}`, 'v'.repeat(200)]));
      statuses.push((await post('/cart/update.js', { attributes }, cookie)).statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(new Set(statuses.slice(1))).toEqual(new Set([422]));
    const cart = await app.inject({ url: '/cart.js', headers: { cookie } });
    expect(cart.body.length).toBeLessThan(MAX_CART_ATTRIBUTES_SIZE + 10_000);
  }, 60_000);

  it(`answers 422 beyond ${MAX_CART_ATTRIBUTES} attributes and changes nothing, in the shopper’s language`, async () => {
    const cookie = await newBrowser(app);
    const first = Object.fromEntries(Array.from({ length: MAX_CART_ATTRIBUTES }, (_, i) => [`a${i}`, 'x']));
    expect((await post('/cart/update.js', { attributes: first }, cookie)).statusCode).toBe(200);
    const over = await post('/en/cart/update.js', { attributes: { one_more: 'x' }, note: 'kept?' }, cookie);
    expect(over.statusCode).toBe(422);
    expect(over.json<{ description: string }>().description).toBe(`Your cart can't hold more than ${MAX_CART_ATTRIBUTES} attributes.`);
    const uk = await post('/cart/update.js', { attributes: { one_more: 'x' } }, cookie);
    expect(uk.json<{ description: string }>().description).toBe(`Кошик не може містити більше ${MAX_CART_ATTRIBUTES} атрибутів.`);
    const cart = (await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ attributes: Record<string, string>; note: string }>();
    expect(Object.keys(cart.attributes)).toHaveLength(MAX_CART_ATTRIBUTES);
    expect(cart.note).toBe('');
    // A blank value removes an attribute, which makes room again.
    expect((await post('/cart/update.js', { attributes: { a0: '', one_more: 'x' } }, cookie)).statusCode).toBe(200);
  });

  it('refuses attributes larger in all than the bound', async () => {
    const cookie = await newBrowser(app);
    const large = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`big${i}`, 'x'.repeat(1000)]));
    const response = await post('/cart/update.js', { attributes: large }, cookie);
    expect(response.statusCode).toBe(422);
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ attributes: object }>().attributes).toEqual({});
  });
});

describe('update.js lines', () => {
  it(`stops at ${MAX_CART_LINES} lines as add does, all or nothing`, async () => {
    expect(variantIds.length).toBeGreaterThan(MAX_CART_LINES + 300);
    const cookie = await newBrowser(app);
    const many = await post('/cart/update.js', { updates: Object.fromEntries(variantIds.slice(0, 800).map((id) => [id, 1])) }, cookie);
    expect(many.statusCode).toBe(422);
    expect(many.json<{ description: string }>().description).toBe(`Кошик не може містити більше ${MAX_CART_LINES} позицій.`);
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ items: unknown[] }>().items).toHaveLength(0);

    expect((await post('/cart/update.js', { updates: Object.fromEntries(variantIds.slice(0, 300).map((id) => [id, 1])) }, cookie)).statusCode).toBe(200);
    const more = await post('/cart/update.js', { updates: Object.fromEntries(variantIds.slice(300, 600).map((id) => [id, 1])) }, cookie);
    expect(more.statusCode).toBe(422);
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ items: unknown[] }>().items).toHaveLength(300);
    // The form post (updates[id]=n) is bounded the same way.
    const form = new URLSearchParams(variantIds.slice(300, 600).map((id) => [`updates[${id}]`, '1'])).toString();
    const native = await app.inject({
      method: 'POST',
      url: '/cart/update',
      payload: form,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(native.statusCode).toBe(422);
  });
});

describe('resized images', () => {
  const saved = { dir: process.env['PREVIEW_IMAGE_CACHE'], files: process.env['PREVIEW_IMAGE_CACHE_FILES'] };
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    process.env['PREVIEW_IMAGE_CACHE'] = dir;
    process.env['PREVIEW_IMAGE_CACHE_FILES'] = '12';
  });
  afterAll(() => {
    for (const [key, value] of [
      ['PREVIEW_IMAGE_CACHE', saved.dir],
      ['PREVIEW_IMAGE_CACHE_FILES', saved.files],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('keep at most the disk cache’s bound of files, however many sizes are asked for', async () => {
    clearImageMemoryCache();
    for (let width = 100; width < 130; width++) {
      const response = await app.inject({ url: `/cdn/shop/files/wool-wrap-coat-1.jpg?width=${width}` });
      expect(response.statusCode).toBe(200);
    }
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(12);
    // The newest sizes are the ones kept.
    clearImageMemoryCache();
    expect((await app.inject({ url: '/cdn/shop/files/wool-wrap-coat-1.jpg?width=129' })).statusCode).toBe(200);
    expect(readdirSync(dir).length).toBeLessThanOrEqual(12);
  }, 60_000);
});

describe('a product with 10,164 variants', () => {
  let big: FastifyInstance;
  const colours = ['beige', 'black', 'milk'];
  const sizes = ['XS', 'S', 'M', 'L'];
  const lengths = Array.from({ length: 847 }, (_, i) => `L${i + 1}`);
  const firstId = 9_100_000_001;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'many-variants-'));
    for (const file of ['shop.json', 'collections.json', 'menus.json', 'pages.json', 'customers.json'])
      writeFileSync(join(dir, file), readFileSync(join(FIXTURES, file)));
    symlinkSync(join(FIXTURES, 'images'), join(dir, 'images'), 'dir');
    const products = JSON.parse(readFileSync(join(FIXTURES, 'products.json'), 'utf8')) as Record<string, unknown>[];
    const template = structuredClone(products[0]!) as { options: unknown[]; images: { id: number }[]; metafields: { custom: Record<string, unknown> } };
    let id = firstId;
    const variants = colours.flatMap((colour) =>
      sizes.flatMap((size) =>
        lengths.map((length) => ({
          id: id++,
          options: [colour, size, length],
          price: { UAH: 100000 + (id % 7) * 100, USD: 2500 },
          compare_at_price: null,
          inventory_quantity: length === 'L847' && colour === 'milk' ? 3 : 0,
          inventory_policy: 'deny',
          sku: `MANY-${id}`,
        })),
      ),
    );
    expect(variants).toHaveLength(10_164);
    products.push({
      ...template,
      id: 8_000_009_999,
      handle: 'many-variants',
      options: [...template.options, { name: { uk: 'Довжина', en: 'Length' }, values: lengths }],
      images: template.images.map((image, i) => ({ ...image, id: 7_100_000_000 + i })),
      metafields: { custom: { ...template.metafields.custom, style_number: 'MANY-1' } },
      variants,
    });
    writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
    ({ app: big } = await testPreview({ theme: 'real', storeDir: dir }));
  });
  afterAll(async () => {
    await big?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the platform’s first 250 variants, not all of them', async () => {
    const response = await big.inject({ url: '/products/many-variants' });
    expect(response.statusCode).toBe(200);
    // A byte budget, not a clock: every variant printed twice made 3.3 MB.
    expect(response.body.length).toBeLessThan(400_000);
    const props =
      /<script type="application\/json" data-island-props>([\s\S]*?)<\/script>/.exec(
        response.body.slice(response.body.indexOf('data-island="product-form"')),
      )?.[1] ?? '{}';
    const product = (JSON.parse(props) as { product: { variants: unknown[]; currentVariant: { id: number } } }).product;
    expect(product.variants).toHaveLength(250);
    expect((response.body.match(/<option value="91\d{8}"/g) ?? []).length).toBe(251);
    // The first available variant lies far beyond the first 250: it is still the one offered.
    const available = firstId + 2 * 4 * 847 + 846;
    expect(product.currentVariant.id).toBe(available);
    expect(response.body).toMatch(new RegExp(`<option value="${available}" data-values="[^"]*" selected>`));
  });

  it('selects a variant beyond the first 250 named in the address', async () => {
    const chosen = firstId + 5000;
    const response = await big.inject({ url: `/en/products/many-variants?variant=${chosen}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`<option value="${chosen}" data-values="[^"]*" selected disabled>`));
  });
});
