// Selling plans and unit prices as the platform gives them: a pre-order plan (5 % off, 30 % now)
// on a product page with and without ?selling_plan=, posted to /cart/add.js and shown on the
// line; a variant sold as a set, priced per item, on the product and in the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, testPreview } from '../testing';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
const coat = store.productsByHandle.get('cashmere-blend-coat')!;
const PLAN = 6910000001;
const GROUP = 6900000001;
const bodysuit = store.productsByHandle.get('long-sleeve-bodysuit')!;
const setVariant = bodysuit.variants.find((v) => v.inventory_quantity >= 2)!;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

type Json = Record<string, unknown>;
const objects = async (url: string, cookie?: string) => (await app.inject({ url, headers: cookie ? { cookie } : {} })).json<Json>();
const post = async (cookie: string, url: string, payload: object) => {
  const response = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
  return { status: response.statusCode, body: response.json<Json>() };
};

describe('selling plans on the product', () => {
  it('lists the product’s groups and each variant’s allocations: price after the adjustment, deposit now, the rest later', async () => {
    const page = await objects(`/products/${coat.handle}?view=objects`);
    const price = coat.variants[0]!.price['UAH']!;
    const planPrice = Math.round(price * 0.95);
    expect(page['requires_selling_plan']).toBe(false);
    expect(page['groups']).toEqual([
      {
        id: GROUP,
        name: 'Передзамовлення',
        selected: false,
        option: 'Оплата',
        selected_value: null,
        plans: [{ id: PLAN, name: 'Передзамовлення: 30 % зараз, знижка 5 %', selected: false, adjustment: 5, charge: 30 }],
      },
    ]);
    expect(page['allocations']).toEqual([
      {
        plan: PLAN,
        group: String(GROUP),
        price: planPrice,
        compare_at_price: price,
        per_delivery_price: planPrice,
        adjustments: [planPrice],
        deposit: Math.round(planPrice * 0.3),
        later: planPrice - Math.round(planPrice * 0.3),
      },
    ]);
    expect(page).toMatchObject({ selected_plan: null, selected_allocation: null, first_allocation: PLAN });
  });

  it('?selling_plan= selects the plan; the allocation needs a selected variant too; another product’s plan selects nothing', async () => {
    const variant = coat.variants[1]!;
    const planOnly = await objects(`/en/products/${coat.handle}?view=objects&selling_plan=${PLAN}`);
    expect(planOnly).toMatchObject({ selected_plan: PLAN, selected_allocation: null });
    const group = (planOnly['groups'] as Json[])[0]!;
    expect(group).toMatchObject({ name: 'Pre-order', selected: true, selected_value: '30% now, the rest before shipping' });
    const both = await objects(`/products/${coat.handle}?view=objects&selling_plan=${PLAN}&variant=${variant.id}`);
    expect(both['selected_allocation']).toBe(Math.round(variant.price['UAH']! * 0.95));
    const other = await objects(`/products/wool-wrap-coat?view=objects&selling_plan=${PLAN}`);
    expect(other).toMatchObject({ groups: [], allocations: [], selected_plan: null, first_allocation: null });
  });
});

describe('the product’s JSON (/products/<handle>.js)', () => {
  it('has the selling plan groups, and each variant its allocations and unit price', async () => {
    const json = await objects(`/products/${coat.handle}.js`);
    const price = coat.variants[0]!.price['UAH']!;
    expect(json['requires_selling_plan']).toBe(false);
    expect(json['selling_plan_groups']).toEqual([
      {
        id: GROUP,
        name: 'Передзамовлення',
        app_id: null,
        options: [{ name: 'Оплата', position: 1, values: ['30 % зараз, решта перед відправленням'] }],
        selling_plans: [
          expect.objectContaining({
            id: PLAN,
            recurring_deliveries: false,
            price_adjustments: [{ order_count: null, position: 1, value_type: 'percentage', value: 5 }],
          }),
        ],
      },
    ]);
    const [variant] = json['variants'] as Json[];
    expect(variant!['selling_plan_allocations']).toEqual([
      {
        price_adjustments: [{ position: 1, price: Math.round(price * 0.95) }],
        price: Math.round(price * 0.95),
        compare_at_price: price,
        per_delivery_price: Math.round(price * 0.95),
        selling_plan_id: PLAN,
        selling_plan_group_id: String(GROUP),
      },
    ]);
    const set = ((await objects(`/products/${bodysuit.handle}.js`))['variants'] as Json[])[0]!;
    expect(set).toMatchObject({ unit_price: Math.round(bodysuit.variants[0]!.price['UAH']! / 3), unit_price_measurement: { measured_type: 'count' } });
  });
});

describe('selling plans in the cart', () => {
  it('/cart/add.js with selling_plan makes its own line, priced by the plan, with selling_plan_allocation', async () => {
    const cookie = await newBrowser(app);
    const variant = coat.variants[0]!;
    const planPrice = Math.round(variant.price['UAH']! * 0.95);
    const added = await post(cookie, '/cart/add.js', { items: [{ id: variant.id, quantity: 1, selling_plan: PLAN }] });
    expect(added.status).toBe(200);
    await post(cookie, '/cart/add.js', { id: variant.id, quantity: 1 });
    const cart = (await objects('/cart.js', cookie)) as { items: Json[]; total_price: number };
    expect(cart.items).toHaveLength(2);
    const withPlan = cart.items.find((i) => i['selling_plan_allocation'])!;
    expect(withPlan).toMatchObject({ price: planPrice, final_line_price: planPrice });
    expect(withPlan['selling_plan_allocation']).toMatchObject({ price: planPrice, compare_at_price: variant.price['UAH'], selling_plan: { id: PLAN } });
    expect(cart.total_price).toBe(planPrice + variant.price['UAH']!);
    const liquid = await objects('/cart?view=discounts', cookie);
    const line = (liquid['items'] as Json[]).find((i) => i['plan'] !== null)!;
    expect(line['plan']).toEqual({ name: 'Передзамовлення: 30 % зараз, знижка 5 %', price: planPrice, deposit: Math.round(planPrice * 0.3) });
    // At checkout the deposit is charged now, the rest later.
    expect(liquid['charge']).toBe((liquid['total'] as number) - (planPrice - Math.round(planPrice * 0.3)));
  });

  it('refuses a plan the product is not sold with (422, the platform’s message), and a plan id that is not a number', async () => {
    const cookie = await newBrowser(app);
    const wrong = await post(cookie, '/en/cart/add.js', { id: store.productsByHandle.get('wool-wrap-coat')!.variants[0]!.id, quantity: 1, selling_plan: PLAN });
    expect(wrong).toEqual({ status: 422, body: { status: 422, message: 'Cart Error', description: 'Cannot apply selling plan to variant' } });
    const junk = await post(cookie, '/cart/add.js', { id: coat.variants[0]!.id, quantity: 1, selling_plan: 'abc' });
    expect(junk.status).toBe(422);
    expect(((await objects('/cart.js', cookie)) as { items: unknown[] }).items).toEqual([]);
  });
});

describe('changing a line’s selling plan', () => {
  it('/cart/change.js with line and selling_plan adds the plan, keeping the quantity; null removes it; a wrong plan changes nothing', async () => {
    const cookie = await newBrowser(app);
    const variant = coat.variants[0]!;
    const price = variant.price['UAH']!;
    await post(cookie, '/cart/add.js', { id: variant.id, quantity: 2 });
    const withPlan = await post(cookie, '/cart/change.js', { line: 1, selling_plan: PLAN });
    expect(withPlan.status).toBe(200);
    expect((withPlan.body['items'] as Json[])[0]).toMatchObject({
      quantity: 2,
      price: Math.round(price * 0.95),
      selling_plan_allocation: { selling_plan: { id: PLAN } },
    });
    const wrong = await post(cookie, '/cart/change.js', { line: 1, selling_plan: 1 });
    expect(wrong.status).toBe(422);
    expect(((await objects('/cart.js', cookie)) as { items: Json[] }).items[0]).toMatchObject({ price: Math.round(price * 0.95) });
    const without = await post(cookie, '/cart/change.js', { line: 1, selling_plan: null, quantity: 1 });
    const line = (without.body['items'] as Json[])[0]!;
    expect(line).toMatchObject({ quantity: 1, price });
    expect(line['selling_plan_allocation']).toBeUndefined();
  });
});

describe('unit prices', () => {
  it('a variant sold as a set of 3 has its price per item and the measurement', async () => {
    const page = await objects(`/en/products/${bodysuit.handle}?view=objects&variant=${setVariant.id}`);
    const perItem = Math.round(setVariant.price['UAH']! / 3);
    expect(page['unit_price']).toBe(perItem);
    expect(page['unit']).toMatchObject({ measured_type: 'count', quantity_value: 3, quantity_unit: 'item', reference_value: 1, reference_unit: 'item' });
    // The filter prints the price in the shop's money format per reference unit (a reference
    // value of 1 is left out): 1 690 UAH for three is 563 UAH an item.
    expect(perItem).toBe(56333);
    expect((page['unit'] as Json)['text']).toBe('563 UAH/item');
    const plain = await objects('/products/wool-wrap-coat?view=objects');
    expect(plain).toMatchObject({ unit_price: null, unit: null });
  });

  it('the cart line has the unit price of its final price, in /cart.js and Liquid', async () => {
    const cookie = await newBrowser(app);
    await post(cookie, '/cart/add.js', { id: setVariant.id, quantity: 2 });
    const cart = (await objects('/cart.js', cookie)) as { items: Json[] };
    const perItem = Math.round(setVariant.price['UAH']! / 3);
    expect(cart.items[0]).toMatchObject({ unit_price: perItem, unit_price_measurement: { measured_type: 'count', quantity_value: 3, reference_value: 1 } });
    const liquid = await objects('/cart?view=discounts', cookie);
    expect((liquid['items'] as Json[])[0]!['unit_price']).toBe(perItem);
  });
});
