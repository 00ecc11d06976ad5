// Pickup availability (variant.store_availabilities and the /variants/<id>?section_id= request
// Dawn makes) and gift cards (the gift card product, its recipient form on add, an issued
// card's page rendered with gift_card.liquid) as the platform gives them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, testPreview, themeCopyPreview } from '../testing';
import { loadStore } from '../store/load-store';
import { recipientErrors, shopperToday } from '../platform/gift-cards';
import { rmSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';

const store = loadStore(FIXTURES);
const coat = store.productsByHandle.get('wool-wrap-coat')!;
const giftCard = store.productsByHandle.get('gift-card')!;
const issued = store.giftCards.find((c) => c.code === 'MAVKAGIFT2026ABCD')!;
const expired = store.giftCards.find((c) => c.code === 'MAVKAOLD2024WXYZ')!;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

type Json = Record<string, unknown>;

describe('pickup availability', () => {
  it('variant.store_availabilities lists the locations that stock the product, with stock and pickup settings', async () => {
    const page = (await app.inject({ url: `/products/${coat.handle}?view=objects` })).json<Json>();
    expect(page['stores']).toEqual([
      { name: 'MAVKA Київ, Хрещатик', city: 'Київ', available: true, pick_up_enabled: true, pick_up_time: 'Зазвичай готово за 2 години' },
      { name: 'MAVKA Львів, Площа Ринок', city: 'Львів', available: false, pick_up_enabled: true, pick_up_time: 'Зазвичай готово за 24 години' },
      { name: 'Склад, Бровари', city: 'Бровари', available: true, pick_up_enabled: false, pick_up_time: null },
    ]);
    // Only the selected or first available variant has them, as on the platform.
    expect(page['other_variant_stores']).toBe(0);
    const unstocked = (await app.inject({ url: '/products/floral-maxi-dress?view=objects' })).json<Json>();
    expect(unstocked['stores']).toEqual([]);
  });

  it('/variants/<id>/?section_id=pickup-availability renders the section for that variant; without it, a redirect to the product', async () => {
    const variant = coat.variants.find((v, i) => i > 0 && v.inventory_quantity > 0)!;
    const section = await app.inject({ url: `/en/variants/${variant.id}/?section_id=pickup-availability` });
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain(`data-variant="${variant.id}"`);
    expect(section.body).toContain(`data-product="${coat.handle}" data-title="Wool wrap coat"`);
    expect(section.body).toContain('<p data-available="true">MAVKA Kyiv, Khreshchatyk: Usually ready in 2 hours</p>');
    expect(section.body).toContain('<p data-available="false">MAVKA Lviv, Rynok Square: Usually ready in 24 hours</p>');
    expect(section.body).not.toContain('Brovary');
    const redirect = await app.inject({ url: `/en/variants/${variant.id}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/en/products/${coat.handle}?variant=${variant.id}`);
    expect((await app.inject({ url: '/variants/1' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/variants/abc' })).statusCode).toBe(404);
  });
});

describe('gift card products', () => {
  const post = async (cookie: string, payload: object, prefix = '') => {
    const response = await app.inject({ method: 'POST', url: `${prefix}/cart/add.js`, payload, headers: { cookie } });
    return { status: response.statusCode, body: response.json<Json>() };
  };
  const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('product.gift_card? is true for the gift card only; it sits in no collection', async () => {
    expect((await app.inject({ url: `/products/${giftCard.handle}?view=objects` })).json<Json>()['gift_card']).toBe(true);
    expect((await app.inject({ url: `/products/${coat.handle}?view=objects` })).json<Json>()['gift_card']).toBe(false);
    expect(store.collectionsByProductHandle.get(giftCard.handle)).toEqual([]);
  });

  it('adds with the recipient form’s properties when they are right', async () => {
    const cookie = await newBrowser(app);
    const properties = {
      __shopify_send_gift_card_to_recipient: 'on',
      'Recipient email': 'maria@example.com',
      'Recipient name': 'Марія',
      Message: 'Зі святом!',
      'Send on': inDays(3),
    };
    const added = await post(cookie, { id: giftCard.variants[1]!.id, quantity: 1, properties });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ gift_card: true, requires_shipping: false, properties });
    // Without the recipient switch the fields are not checked (the card goes to the buyer).
    expect((await post(cookie, { id: giftCard.variants[0]!.id, quantity: 1, properties: { 'Recipient email': 'not an email' } })).status).toBe(200);
  });

  it('refuses a wrong recipient with 422 and the fields’ errors, and adds nothing', async () => {
    const cookie = await newBrowser(app);
    const bad = await post(
      cookie,
      {
        id: giftCard.variants[0]!.id,
        quantity: 1,
        properties: { __shopify_send_gift_card_to_recipient: 'on', 'Recipient email': 'maria@', Message: 'x'.repeat(201), 'Send on': inDays(-1) },
      },
      '/en',
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      status: 422,
      message: 'Cart Error',
      description: 'The specified gift card recipient is invalid',
      errors: { email: ['is invalid'], message: ['is too long (maximum is 200 characters)'], send_on: ["can't be in the past"] },
    });
    const blank = await post(cookie, {
      id: giftCard.variants[0]!.id,
      quantity: 1,
      properties: { __shopify_send_gift_card_to_recipient: 'on', 'Send on': inDays(91) },
    });
    expect(blank.body['errors']).toEqual({ email: ["can't be blank"], send_on: ['must be within 90 days'] });
    expect(blank.body['description']).toBe('Дані одержувача подарункового сертифіката неправильні');
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json<Json>()['item_count']).toBe(0);
  });
});

describe('the recipient’s send date, on the shopper’s calendar', () => {
  it('reads “today” in the shopper’s time zone (the form’s __shopify_offset), UTC without a usable one', () => {
    // 04:00 UTC on 1 March is still 28 February in San Francisco (UTC−8, an offset of 480).
    const now = new Date('2026-03-01T04:00:00Z');
    const form = { __shopify_send_gift_card_to_recipient: 'on', 'Recipient email': 'maria@example.com', 'Send on': '2026-02-28' };
    expect(shopperToday({ ...form, __shopify_offset: '480' }, now)).toBe('2026-02-28');
    expect(recipientErrors({ ...form, __shopify_offset: '480' }, shopperToday({ ...form, __shopify_offset: '480' }, now))).toBeNull();
    expect(recipientErrors(form, shopperToday(form, now))).toEqual({ send_on: ["can't be in the past"] });
    expect(shopperToday({ ...form, __shopify_offset: '-180' }, now)).toBe('2026-03-01');
    expect(shopperToday({ ...form, __shopify_offset: '99999' }, now)).toBe('2026-03-01');
    expect(shopperToday({ ...form, __shopify_offset: 'x' }, now)).toBe('2026-03-01');
  });
});

describe('an issued gift card’s page', () => {
  it('/gift_cards/<token> renders gift_card.liquid with the gift_card object, in the card’s currency', async () => {
    const response = await app.inject({ url: `/gift_cards/${issued.token}` });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('data-page-type="gift_card"');
    // format_code (undocumented; Dawn's gift_card.liquid uses it) prints the code in groups of four.
    expect(body).toContain('<p class="code">MAVKAGIFT2026ABCD</p><p class="formatted">MAVK AGIF T202 6ABC D</p><p class="last4">ABCD</p>');
    expect(body).toContain('<p class="balance">1 500 UAH</p><p class="initial">2 500 UAH</p>');
    expect(body).toContain('<p class="currency">UAH</p><p class="expires">2027-12-31</p>');
    expect(body).toContain('<p class="state">enabled valid</p>');
    expect(body).toContain(`<p class="qr">https://${store.shop.domain}/gift_cards/${issued.token}</p><p class="pass">none</p>`);
    expect(body).toContain('<p class="customer">olena@example.com</p><p class="product">Подарунковий сертифікат</p>');
    expect(body).toContain('<p class="recipient">maria@example.com Марія Шевченко</p><p class="message">З днем народження!</p>');
    expect(body).toContain('<li>Send on=2026-03-08</li>');
  });

  it('an expired card says so, its amounts in its own currency whatever the shopper’s; an unknown token is 404', async () => {
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { currency: 'UAH' }, headers: { cookie } });
    const body = (await app.inject({ url: `/en/gift_cards/${expired.token}`, headers: { cookie } })).body;
    expect(body).toContain('<p class="state">enabled expired</p>');
    expect(body).toContain('<p class="balance">$24 USD</p><p class="initial">$24</p>');
    expect(body).toContain('<p class="customer"></p><p class="product">Gift card</p>');
    expect((await app.inject({ url: '/gift_cards/0000000000000000' })).statusCode).toBe(404);
  });

  it('the QR script a card page loads (`vendor/qrcode.js` | shopify_asset_url) is served; other global scripts are not', async () => {
    const copy = await themeCopyPreview('gift-card-qr-', {
      'templates/gift_card.liquid': `<script src="{{ 'vendor/qrcode.js' | shopify_asset_url }}"></script>{{ gift_card.qr_identifier }}`,
    });
    try {
      const url = (await copy.app.inject({ url: `/gift_cards/${issued.token}` })).body.match(/src="([^"]*)"/)?.[1];
      expect(url).toBe('/cdn/shopify/s/files/assets/vendor/qrcode.js');
      const script = await copy.app.inject({ url: url! });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      // It defines the constructor the platform's docs show: new QRCode(element, { text, width, height }).
      const page: { window: { QRCode?: unknown }; document: object } = { window: {}, document: {} };
      runInNewContext(script.body, page);
      expect(typeof page.window.QRCode).toBe('function');
      expect((await copy.app.inject({ url: '/cdn/shopify/s/files/assets/option_selection.js' })).statusCode).toBe(404);
    } finally {
      await copy.close();
    }
  });

  it('a theme without gift_card.liquid answers 404 there', async () => {
    const copy = await themeCopyPreview('gift-card-theme-', {});
    try {
      rmSync(join(copy.dir, 'templates', 'gift_card.liquid'));
      expect((await copy.app.inject({ url: `/gift_cards/${issued.token}` })).statusCode).toBe(404);
    } finally {
      await copy.close();
    }
  });
});

describe('wallets and dynamic checkout', () => {
  it('the shop offers wallets: the cart’s area holds the element the platform’s script fills; the product form has its buy-it-now and payment terms stand-ins', async () => {
    const body = (await app.inject({ url: '/en/cart?view=wallets' })).body;
    expect(body).toContain(
      '<div class="wallets"><div class="dynamic-checkout__content" id="dynamic-checkout-cart" data-shopify="dynamic-checkout-cart"><shopify-accelerated-checkout-cart></shopify-accelerated-checkout-cart></div></div>',
    );
    expect(body).toContain('<div data-shopify="payment-button" class="shopify-payment-button">');
    expect(body).toMatch(/<shopify-payment-terms variant-id="\d+" shopify-meta="[^"]+"><\/shopify-payment-terms>/);
  });
});
