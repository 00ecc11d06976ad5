// The AJAX Cart API of the preview [CART]: the platform's shapes, status codes and messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, form, newBrowser, STOCK_ONE_VARIANT, testPreview } from '../testing';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
const inStock = store.products.find((p) => p.handle === 'wool-wrap-coat')!.variants.find((v) => v.inventory_quantity >= 5)!;
const soldOut = store.products.find((p) => p.handle === 'floral-maxi-dress')!.variants[0]!;
const preorder = store.products.find((p) => p.handle === 'oversized-cocoon-coat')!.variants[0]!;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

async function post(cookie: string, url: string, payload: unknown) {
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>(), headers: response.headers };
}

async function cart(cookie: string, prefix = '') {
  return (await app.inject({ url: `${prefix}/cart.js`, headers: { cookie } })).json<{
    item_count: number;
    total_price: number;
    items: Record<string, unknown>[];
    currency: string;
    note: string;
    attributes: Record<string, string>;
  }>();
}

describe('GET /cart.js', () => {
  it('answers the platform cart, empty for a new browser, with a session cookie', async () => {
    const response = await app.inject({ url: '/cart.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['set-cookie']).toMatch(/_preview_session=[a-f0-9]{32}; Path=\/; HttpOnly; SameSite=Lax/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'attributes',
        'cart_level_discount_applications',
        'currency',
        'discount_codes',
        'item_count',
        'items',
        'items_subtotal_price',
        'note',
        'original_total_price',
        'requires_shipping',
        'token',
        'total_discount',
        'total_price',
        'total_weight',
      ].sort(),
    );
    expect(body).toMatchObject({ item_count: 0, items: [], total_price: 0, currency: 'UAH', note: '', attributes: {} });
  });

  it('keeps one cart per browser', async () => {
    const a = await newBrowser(app);
    const b = await newBrowser(app);
    await post(a, '/cart/add.js', { id: inStock.id, quantity: 2 });
    expect((await cart(a)).item_count).toBe(2);
    expect((await cart(b)).item_count).toBe(0);
  });
});

describe('POST /cart/add.js', () => {
  it('adds a line and answers the bare line for a single item, the platform line shape', async () => {
    const cookie = await newBrowser(app);
    const { status, body } = await post(cookie, '/cart/add.js', { id: inStock.id, quantity: 1 });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: inStock.id,
      variant_id: inStock.id,
      quantity: 1,
      product_title: 'Вовняне пальто-халат',
      price: inStock.price['UAH'],
      line_price: inStock.price['UAH'],
      url: `/products/wool-wrap-coat?variant=${inStock.id}`,
      handle: 'wool-wrap-coat',
    });
    expect(body['key']).toMatch(new RegExp(`^${inStock.id}:[0-9a-f]{8}$`));
    expect(body['options_with_values']).toEqual([
      { name: 'Колір', value: inStock.options[0] },
      { name: 'Розмір', value: inStock.options[1] },
    ]);
    expect(body['featured_image']).toMatchObject({ url: expect.stringMatching(/^\/cdn\/shop\/files\/wool-wrap-coat-\d\.jpg$/) });
  });

  it('answers {items} for an items array, merging a repeated variant into one line with the new total', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { items: [{ id: inStock.id, quantity: 1 }] });
    const { status, body } = await post(cookie, '/cart/add.js', { items: [{ id: inStock.id, quantity: '2' }] });
    expect(status).toBe(200);
    expect((body['items'] as { quantity: number }[])[0]!.quantity).toBe(3);
    const state = await cart(cookie);
    expect(state.items).toHaveLength(1);
    expect(state.item_count).toBe(3);
  });

  it('splits lines whose properties differ', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', {
      items: [
        { id: inStock.id, quantity: 1, properties: { engraving: 'A' } },
        { id: inStock.id, quantity: 1 },
      ],
    });
    expect((await cart(cookie)).items).toHaveLength(2);
  });

  it('speaks English under /en', async () => {
    const cookie = await newBrowser(app);
    const { body } = await post(cookie, '/en/cart/add.js', { id: inStock.id });
    expect(body).toMatchObject({ product_title: 'Wool wrap coat', url: `/en/products/wool-wrap-coat?variant=${inStock.id}` });
  });

  it('answers 422 with the platform body for a sold-out variant', async () => {
    const cookie = await newBrowser(app);
    const { status, body } = await post(cookie, '/en/cart/add.js', { id: soldOut.id, quantity: 1 });
    expect(status).toBe(422);
    expect(body).toEqual({ status: 422, message: 'Cart Error', description: "The product 'Floral maxi dress' is already sold out." });
    expect((await cart(cookie)).item_count).toBe(0);
  });

  it('answers 422 once the whole stock is in the bag, and adds nothing more', async () => {
    const cookie = await newBrowser(app);
    expect((await post(cookie, '/en/cart/add.js', { id: STOCK_ONE_VARIANT, quantity: 1 })).status).toBe(200);
    const { status, body } = await post(cookie, '/en/cart/add.js', { id: STOCK_ONE_VARIANT, quantity: 1 });
    expect(status).toBe(422);
    expect(body).toEqual({ status: 422, message: 'Cart Error', description: 'The maximum quantity of this item is already in your cart.' });
    expect((await cart(cookie)).item_count).toBe(1);
  });

  it('answers 422 when more is asked than the stock, adding what there is (as documented)', async () => {
    const cookie = await newBrowser(app);
    const { status, body } = await post(cookie, '/en/cart/add.js', { id: STOCK_ONE_VARIANT, quantity: 3 });
    expect(status).toBe(422);
    expect(body).toEqual({
      status: 422,
      message: 'Only 1 item was added to your cart due to availability.',
      description: 'Only 1 item was added to your cart due to availability.',
    });
    expect((await cart(cookie)).item_count).toBe(1);
  });

  it('lets preorder variants (inventory policy continue) be added at zero stock', async () => {
    const cookie = await newBrowser(app);
    expect(preorder.inventory_quantity).toBe(0);
    expect((await post(cookie, '/cart/add.js', { id: preorder.id, quantity: 5 })).status).toBe(200);
  });

  it('answers 404 for an unknown variant and 400 for a quantity that is not a whole number', async () => {
    const cookie = await newBrowser(app);
    expect(await post(cookie, '/en/cart/add.js', { id: 123, quantity: 1 })).toMatchObject({
      status: 404,
      body: { status: 404, message: 'Cart Error', description: 'Cannot find variant' },
    });
    expect(await post(cookie, '/en/cart/add.js', { id: 'abc' })).toMatchObject({ status: 404 });
    for (const quantity of ['1.5', 'two', true, [1]]) {
      expect(await post(cookie, '/en/cart/add.js', { id: inStock.id, quantity }), String(quantity)).toMatchObject({
        status: 400,
        body: { status: 'bad_request', message: 'expected String to be a Integer: quantity', description: 'expected String to be a Integer: quantity' },
      });
    }
  });

  it('refuses zero, negative and huge quantities with a 422 and adds nothing', async () => {
    const cookie = await newBrowser(app);
    expect(await post(cookie, '/en/cart/add.js', { id: inStock.id, quantity: 0 })).toMatchObject({
      status: 422,
      body: { description: 'This item has a minimum of 1.' },
    });
    expect(await post(cookie, '/en/cart/add.js', { id: inStock.id, quantity: -2 })).toMatchObject({
      status: 422,
      body: { description: 'quantity parameter is invalid.' },
    });
    expect(await post(cookie, '/en/cart/add.js', { id: inStock.id, quantity: '99999999999999' })).toMatchObject({
      status: 422,
      body: { description: 'quantity parameter is invalid.' },
    });
    expect((await cart(cookie)).item_count).toBe(0);
    // A whole number beyond the stock is an over-stock add: 422, with what there is added.
    const huge = await post(cookie, '/en/cart/add.js', { id: inStock.id, quantity: 100000 });
    expect(huge).toMatchObject({ status: 422, body: { message: `Only ${inStock.inventory_quantity} items were added to your cart due to availability.` } });
    expect((await cart(cookie)).item_count).toBe(inStock.inventory_quantity);
  });

  it('accepts the product form as a form post and redirects to /cart without JavaScript', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/en/cart/add',
      ...form({ form_type: 'product', id: inStock.id, quantity: 2 }),
      headers: { ...form({}).headers, cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/cart');
    expect((await cart(cookie)).item_count).toBe(2);
  });

  it('renders bundled sections after the change, in the context of sections_url', async () => {
    const cookie = await newBrowser(app);
    const { status, body } = await post(cookie, '/cart/add.js', {
      id: inStock.id,
      quantity: 2,
      sections: 'static-footer,sections--1__bar,missing',
      sections_url: '/en/cart',
    });
    expect(status).toBe(200);
    expect(body['sections']).toEqual({
      'static-footer': expect.stringContaining('Items in bag: 2'),
      'sections--1__bar': expect.stringContaining('Group text'),
      missing: null,
    });
    const tooMany = await post(cookie, '/cart/add.js', { id: inStock.id, sections: 'a,b,c,d,e,f' });
    expect(tooMany.status).toBe(400);
  });
});

describe('POST /cart/change(.js)', () => {
  async function filled(): Promise<string> {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', {
      items: [
        { id: inStock.id, quantity: 1 },
        { id: preorder.id, quantity: 2 },
      ],
    });
    return cookie;
  }

  it('changes a line by its 1-based position and answers the whole cart', async () => {
    const cookie = await filled();
    const { status, body } = await post(cookie, '/cart/change.js', { line: 2, quantity: 5 });
    expect(status).toBe(200);
    expect(body['item_count']).toBe(6);
    expect((body['items'] as { id: number; quantity: number }[]).map((i) => [i.id, i.quantity])).toEqual([
      [inStock.id, 1],
      [preorder.id, 5],
    ]);
  });

  it('changes a line by variant id or line key; quantity 0 removes it', async () => {
    const cookie = await filled();
    const key = (await cart(cookie)).items[1]!['key'];
    expect((await post(cookie, '/cart/change.js', { id: key, quantity: 3 })).body['item_count']).toBe(4);
    const removed = await post(cookie, '/cart/change.js', { id: String(inStock.id), quantity: 0 });
    expect((removed.body['items'] as { id: number }[]).map((i) => i.id)).toEqual([preorder.id]);
  });

  it('works as GET /cart/change?line=&quantity= (line_item.url_to_remove) and redirects to /cart', async () => {
    const cookie = await filled();
    const response = await app.inject({ url: '/en/cart/change?line=1&quantity=0', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/cart');
    expect((await cart(cookie)).items).toHaveLength(1);
  });

  it('answers 400 for a line that does not exist, 422 for a malformed one', async () => {
    const cookie = await filled();
    expect(await post(cookie, '/en/cart/change.js', { line: 3, quantity: 1 })).toMatchObject({
      status: 400,
      body: { status: 'bad_request', message: 'no valid id or line parameter', description: 'no valid id or line parameter' },
    });
    expect(await post(cookie, '/en/cart/change.js', { line: 0, quantity: 1 })).toMatchObject({ status: 400 });
    expect(await post(cookie, '/en/cart/change.js', { id: 42, quantity: 1 })).toMatchObject({ status: 400 });
    expect(await post(cookie, '/en/cart/change.js', { line: 'first', quantity: 1 })).toMatchObject({
      status: 422,
      body: { status: 'unprocessable_entity', message: 'line parameter is invalid.' },
    });
    expect(await post(cookie, '/en/cart/change.js', { line: 1 })).toMatchObject({
      status: 400,
      body: { message: 'expected String to be a Integer: quantity' },
    });
  });

  it('refuses to raise a line beyond the stock with 422, leaving it as it was', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: STOCK_ONE_VARIANT, quantity: 1 });
    const { status, body } = await post(cookie, '/en/cart/change.js', { line: 1, quantity: 2 });
    expect(status).toBe(422);
    expect(body).toEqual({ status: 422, message: 'Cart Error', description: 'The maximum quantity of this item is already in your cart.' });
    expect((await cart(cookie)).item_count).toBe(1);
  });
});

describe('POST /cart/update(.js) and /cart/clear.js', () => {
  it('sets quantities by variant id, adds unknown variants, removes at 0, and keeps note and attributes', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: inStock.id, quantity: 1 });
    const { status, body } = await post(cookie, '/cart/update.js', {
      updates: { [inStock.id]: 0, [preorder.id]: 2 },
      note: 'Gift wrap',
      attributes: { source: 'test' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ item_count: 2, note: 'Gift wrap', attributes: { source: 'test' } });
    expect((body['items'] as { id: number }[]).map((i) => i.id)).toEqual([preorder.id]);
  });

  it('sets quantities by an array in line order, whose length must match', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { items: [{ id: inStock.id }, { id: preorder.id }] });
    expect((await post(cookie, '/cart/update.js', { updates: [3, 0] })).body['item_count']).toBe(3);
    expect((await post(cookie, '/en/cart/update.js', { updates: [1, 2, 3] })).status).toBe(400);
  });

  it('takes the native form fields updates[id]=qty and redirects to return_to', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: inStock.id });
    const response = await app.inject({
      method: 'POST',
      url: '/cart/update',
      ...form({ [`updates[${inStock.id}]`]: 4, return_to: '/collections/all' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/collections/all');
    expect((await cart(cookie)).item_count).toBe(4);
  });

  it('answers 404 for an unknown variant in updates', async () => {
    const cookie = await newBrowser(app);
    expect((await post(cookie, '/cart/update.js', { updates: { 12345: 1 } })).status).toBe(404);
  });

  it('clears the lines but keeps the note and attributes', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: inStock.id });
    await post(cookie, '/cart/update.js', { note: 'keep me' });
    const { status, body } = await post(cookie, '/cart/clear.js', {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ item_count: 0, items: [], note: 'keep me' });
  });
});

describe('POST /cart (checkout)', () => {
  it('says, in the page language, that checkout happens on the platform, with the bag summary', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: inStock.id, quantity: 2 });
    const uk = await app.inject({ method: 'POST', url: '/cart', ...form({ checkout: '' }), headers: { ...form({}).headers, cookie } });
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('Замовлення оформлюється на платформі');
    expect(uk.body).toMatch(/Товарів: 2, разом [\d ]+ UAH/);
    const en = await app.inject({ method: 'POST', url: '/en/cart', ...form({ checkout: 'Checkout' }), headers: { ...form({}).headers, cookie } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Checkout happens on the platform');
  });

  it('sends an empty bag, or a post without checkout, back to /cart', async () => {
    const cookie = await newBrowser(app);
    const empty = await app.inject({ method: 'POST', url: '/en/cart', ...form({ checkout: '' }), headers: { ...form({}).headers, cookie } });
    expect(empty.statusCode).toBe(302);
    expect(empty.headers.location).toBe('/en/cart');
  });
});
