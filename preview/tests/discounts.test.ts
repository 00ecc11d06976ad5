// Discounts as the platform gives them: an automatic discount on one product (line level), a
// code on the whole order (cart level) entered through /discount/<code> or the cart's
// `discount` parameter, in the AJAX cart JSON and in Liquid, in both currencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, signIn, testPreview } from '../testing';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
const shorts = store.productsByHandle.get('denim-shorts')!.variants.find((v) => v.inventory_quantity >= 3)!;
const coat = store.productsByHandle.get('wool-wrap-coat')!.variants.find((v) => v.inventory_quantity >= 2)!;
const giftCard = store.productsByHandle.get('gift-card')!.variants[0]!;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

type Json = Record<string, unknown>;
const post = async (cookie: string, url: string, payload: object) => (await app.inject({ method: 'POST', url, payload, headers: { cookie } })).json<Json>();
const cartJs = async (cookie: string) => (await app.inject({ url: '/cart.js', headers: { cookie } })).json<Json>();
const liquidCart = async (cookie: string, prefix = '') => (await app.inject({ url: `${prefix}/cart?view=discounts`, headers: { cookie } })).json<Json>();

describe('an automatic discount on one product (line level)', () => {
  it('takes 200 UAH off each pair of shorts: final prices, allocations and totals in /cart.js', async () => {
    const cookie = await newBrowser(app);
    const added = await post(cookie, '/cart/add.js', { id: shorts.id, quantity: 2 });
    // The answer to the add already carries the line's discount.
    expect(added['line_level_total_discount']).toBe(40000);
    const cart = await cartJs(cookie);
    const [line] = cart['items'] as Json[];
    const price = shorts.price['UAH']!;
    expect(line).toMatchObject({
      price,
      original_price: price,
      discounted_price: price - 20000,
      final_price: price - 20000,
      original_line_price: price * 2,
      final_line_price: price * 2 - 40000,
      line_price: price * 2 - 40000,
      total_discount: 40000,
      line_level_total_discount: 40000,
      discounts: [{ amount: 40000, title: 'Літній розпродаж: джинсові шорти' }],
    });
    const [allocation] = line!['line_level_discount_allocations'] as Json[];
    expect(allocation).toMatchObject({
      amount: 40000,
      discount_application: {
        type: 'automatic',
        title: 'Літній розпродаж: джинсові шорти',
        value: '200.0',
        value_type: 'fixed_amount',
        allocation_method: 'each',
        target_selection: 'entitled',
        target_type: 'line_item',
        total_allocated_amount: 40000,
      },
    });
    expect(cart).toMatchObject({
      original_total_price: price * 2,
      items_subtotal_price: price * 2 - 40000,
      total_price: price * 2 - 40000,
      total_discount: 40000,
      cart_level_discount_applications: [],
    });
  });

  it('is in dollars for a shopper paying in USD, and in English under /en', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/update.js', { currency: 'USD' });
    await post(cookie, '/cart/add.js', { id: shorts.id, quantity: 1 });
    const cart = await liquidCart(cookie, '/en');
    expect(cart['discount']).toBe(500);
    expect(cart['total']).toBe(shorts.price['USD']! - 500);
    const [item] = cart['items'] as Json[];
    expect(item).toMatchObject({ line_level: [{ amount: 500, title: 'Summer sale: denim shorts' }], message: 'Summer sale: denim shorts' });
    expect(item!['formatted']).toBe(`$${(shorts.price['USD']! - 500) / 100}`);
  });

  it('leaves other products alone', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: coat.id, quantity: 1 });
    const cart = await cartJs(cookie);
    expect(cart['total_discount']).toBe(0);
    expect(cart['total_price']).toBe(coat.price['UAH']);
    expect((cart['items'] as Json[])[0]!['line_level_discount_allocations']).toEqual([]);
  });
});

describe('a discount code on the order (cart level)', () => {
  it('GET /discount/WELCOME10 puts the code on the cart and redirects to `redirect` (else home)', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({ url: '/discount/WELCOME10?redirect=%2Fcollections%2Fall', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/collections/all');
    const offsite = await app.inject({ url: '/en/discount/WELCOME10?redirect=https%3A%2F%2Fevil.example', headers: { cookie } });
    expect(offsite.headers.location).toBe('/en');
    // Nothing to discount yet: the code is kept but does not apply.
    expect((await cartJs(cookie))['discount_codes']).toEqual([{ code: 'WELCOME10', applicable: false }]);

    await post(cookie, '/cart/add.js', { id: coat.id, quantity: 2 });
    const cart = await cartJs(cookie);
    const subtotal = coat.price['UAH']! * 2;
    expect(cart['discount_codes']).toEqual([{ code: 'WELCOME10', applicable: true }]);
    expect(cart).toMatchObject({ original_total_price: subtotal, items_subtotal_price: subtotal, total_price: subtotal * 0.9, total_discount: subtotal * 0.1 });
    expect(cart['cart_level_discount_applications']).toEqual([
      expect.objectContaining({
        type: 'discount_code',
        key: 'WELCOME10',
        title: 'WELCOME10',
        value: '10.0',
        value_type: 'percentage',
        target_selection: 'all',
        target_type: 'line_item',
        total_allocated_amount: subtotal * 0.1,
      }),
    ]);
    // A cart-level discount is not the line's own: its final price is untouched.
    expect((cart['items'] as Json[])[0]).toMatchObject({ final_line_price: subtotal, line_level_discount_allocations: [] });
  });

  it('the `discount` parameter of /cart/update.js replaces the codes ("" removes them); an unknown code does not apply', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: coat.id, quantity: 1 });
    const updated = await post(cookie, '/cart/update.js', { discount: 'welcome10, NOPE' });
    expect(updated['discount_codes']).toEqual([
      { code: 'welcome10', applicable: true },
      { code: 'NOPE', applicable: false },
    ]);
    expect(updated['total_discount']).toBe(Math.round(coat.price['UAH']! * 0.1));
    // Bad input is dropped, never kept: a code with a control character, an empty one.
    const junk = await post(cookie, '/cart/update.js', { discount: 'A\u0000B,,  ,WELCOME10' });
    expect(junk['discount_codes']).toEqual([{ code: 'WELCOME10', applicable: true }]);
    const cleared = await post(cookie, '/cart/update.js', { discount: '' });
    expect(cleared['discount_codes']).toEqual([]);
    expect(cleared['total_discount']).toBe(0);
  });

  it('a code with a minimum subtotal applies only above it', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: shorts.id, quantity: 1 });
    expect((await post(cookie, '/cart/update.js', { discount: 'COAT500' }))['discount_codes']).toEqual([{ code: 'COAT500', applicable: false }]);
    await post(cookie, '/cart/add.js', { id: coat.id, quantity: 1 });
    const cart = await cartJs(cookie);
    expect(cart['discount_codes']).toEqual([{ code: 'COAT500', applicable: true }]);
  });

  it('combines with the automatic one in Liquid: discount_applications, line and cart allocations, message', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: shorts.id, quantity: 1 });
    await post(cookie, '/cart/add.js', { id: coat.id, quantity: 1 });
    await app.inject({ url: '/discount/WELCOME10', headers: { cookie } });
    const cart = await liquidCart(cookie);
    const shortsPrice = shorts.price['UAH']!;
    const coatPrice = coat.price['UAH']!;
    const base = shortsPrice - 20000 + coatPrice;
    const orderDiscount = Math.round(base * 0.1);
    expect(cart['applications']).toEqual([
      {
        title: 'Літній розпродаж: джинсові шорти',
        type: 'automatic',
        value: 20000,
        value_type: 'fixed_amount',
        target_type: 'line_item',
        target_selection: 'entitled',
        total: 20000,
      },
      {
        title: 'WELCOME10',
        type: 'discount_code',
        value: 10,
        value_type: 'percentage',
        target_type: 'line_item',
        target_selection: 'all',
        total: orderDiscount,
      },
    ]);
    expect(cart['cart_level']).toEqual(['WELCOME10']);
    expect(cart).toMatchObject({ original: shortsPrice + coatPrice, subtotal: base, total: base - orderDiscount, discount: 20000 + orderDiscount });
    const items = cart['items'] as Json[];
    const shortsLine = items.find((i) => i['handle'] === 'denim-shorts')!;
    expect(shortsLine['line_level']).toEqual([{ amount: 20000, title: 'Літній розпродаж: джинсові шорти' }]);
    // discount_allocations hold the line's share of the order discount too; the shares add up.
    const shares = items.map((i) => (i['all'] as Json[]).filter((a) => a['title'] === 'WELCOME10').reduce((s, a) => s + Number(a['amount']), 0));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(orderDiscount);
    expect(shortsLine['message']).toBe('Застосовано знижок: 2');
  });

  it('never discounts a gift card', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: giftCard.id, quantity: 1 });
    const cart = await post(cookie, '/cart/update.js', { discount: 'WELCOME10' });
    expect(cart['discount_codes']).toEqual([{ code: 'WELCOME10', applicable: false }]);
    expect(cart['total_price']).toBe(giftCard.price['UAH']);
    expect((cart['items'] as Json[])[0]).toMatchObject({ gift_card: true, requires_shipping: false });
  });
});

describe('discounts on a past order', () => {
  it('order.discount_applications, total_discounts and each line’s share of the order’s code, in the order’s currency', async () => {
    const cookie = await signIn(app);
    const orders = (await app.inject({ url: '/account?view=discounts', headers: { cookie } })).json<Json[]>();
    // #1006 was placed with WELCOME10: 10 % of 14 970 UAH.
    expect(orders).toEqual([
      {
        name: '#1006',
        total: '13 473 UAH',
        subtotal: '13 473 UAH',
        lines: '14 970 UAH',
        discounts: '1 497 UAH',
        applications: [{ title: 'WELCOME10', type: 'discount_code', value: 10, value_type: 'percentage', target_selection: 'all', total: '1 497 UAH' }],
        cart_level: 1,
        items: [
          { final: '8 990 UAH', original: '8 990 UAH', line_level: 0, shares: [['899 UAH', 'WELCOME10']] },
          { final: '3 290 UAH', original: '3 290 UAH', line_level: 0, shares: [['329 UAH', 'WELCOME10']] },
          { final: '2 690 UAH', original: '2 690 UAH', line_level: 0, shares: [['269 UAH', 'WELCOME10']] },
        ],
      },
    ]);
  });
});
