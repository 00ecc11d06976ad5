// The platform's commerce objects as the theme draws them on the server (issue 34), read back
// with an HTML parser through the preview, in both languages: the gift card page, the product
// page's unit price, installments, buy it now, purchase options, pickup and a gift card's
// recipient fields, the cart page's discounts, code form and wallets (and the cart-wallets
// section the panel asks for), and an order's discounts in the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME, form, newBrowser, signIn } from '../../preview/testing';
import { loadStore } from '../../preview/store/load-store';

const store = loadStore(FIXTURES);
const shorts = store.productsByHandle.get('denim-shorts')!.variants.find((v) => v.inventory_quantity >= 3)!;
const ISSUED = 'a6f1c2e9b8d74f0e9c3b5a7d2e1f4c80';
const EXPIRED = '0b9e7d5c3a1f2e4d6c8b0a9f7e5d3c1b';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, log: () => {}, storefrontPassword: '', followOnShop: false });
});
afterAll(async () => {
  await app.close();
});

async function page(url: string, cookie?: string): Promise<Document> {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return window.document as unknown as Document;
}

const text = (doc: ParentNode, selector: string) => doc.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const texts = (doc: ParentNode, selector: string) => Array.from(doc.querySelectorAll(selector), (n) => n.textContent!.replace(/\s+/g, ' ').trim());

describe('the gift card page', () => {
  it('shows the code, balance, expiry and a print button, in the page’s language and the card’s currency', async () => {
    const uk = await page(`/gift_cards/${ISSUED}`);
    expect(text(uk, 'h1')).toBe('Подарунковий сертифікат');
    expect(text(uk, '.gift-card__code')).toBe('MAVK AGIF T202 6ABC D');
    expect(text(uk, '.gift-card__balance-amount')).toBe('1 500 UAH');
    expect(text(uk, '.gift-card__state')).toBe('Дійсний до 31 груд 2027');
    expect(text(uk, '.gift-card__message')).toBe('З днем народження!');
    // The QR code from the platform's identifier, drawn by the platform's script.
    expect(uk.querySelector('.gift-card__qr-code')?.getAttribute('data-identifier')).toMatch(new RegExp(`/gift_cards/${ISSUED}$`));
    expect(uk.querySelector('script[src*="qrcode.js"]')).not.toBeNull();
    expect(text(uk, '.gift-card__print')).toBe('Надрукувати');
    // No wallet pass offered: no link.
    expect(uk.querySelector('.gift-card__wallet')).toBeNull();
    expect(uk.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    const en = await page(`/en/gift_cards/${EXPIRED}`);
    expect(text(en, 'h1')).toBe('Gift card');
    expect(text(en, '.gift-card__state')).toBe('This gift card has expired');
    expect(en.querySelector('.gift-card__card--expired')).not.toBeNull();
    expect(text(en, '.gift-card__balance-amount')).toBe('$24 USD');
  });
});

describe('the product page', () => {
  it('shows a set’s price per item under the price, and none for a product sold singly', async () => {
    expect(text(await page('/products/long-sleeve-bodysuit'), '.product__unit-price')).toBe('Ціна за одиницю: 563 UAH за шт.');
    expect(text(await page('/en/products/long-sleeve-bodysuit'), '.product__unit-price')).toBe('Unit price: 563 UAH / item');
    expect((await page('/en/products/floral-maxi-dress')).querySelector('.product__unit-price')).toBeNull();
  });

  it('has the installments banner and buy it now in the product form, but no buy it now for a gift card', async () => {
    const coat = await page('/en/products/wool-wrap-coat');
    const productForm = coat.querySelector('form.product-form')!;
    expect(productForm.querySelector('.product__installments shopify-payment-terms')?.getAttribute('variant-id')).toBe(
      String(store.productsByHandle.get('wool-wrap-coat')!.variants[0]!.id),
    );
    expect(productForm.querySelector('.product-form__payment-button .shopify-payment-button')).not.toBeNull();
    const gift = await page('/en/products/gift-card');
    expect(gift.querySelector('.shopify-payment-button')).toBeNull();
  });

  it('offers the coat’s pre-order plan as a purchase option posting selling_plan, with its price and deposit', async () => {
    const doc = await page('/en/products/cashmere-blend-coat');
    const radios = Array.from(doc.querySelectorAll<HTMLInputElement>('form.product-form input[name="selling_plan"]'));
    expect(radios.map((r) => [r.value, r.hasAttribute('checked')])).toEqual([
      ['', true],
      [expect.stringMatching(/^\d+$/), false],
    ]);
    // The plan's radio carries its prices, for the form to show while it is chosen.
    expect([radios[1]!.dataset['price'], radios[1]!.dataset['compareAt']]).toEqual(['11 400 UAH', '12 000 UAH']);
    expect(texts(doc, '.purchase-option__name')).toEqual(['One-time purchase', 'Pre-order: 30% now, 5% off']);
    expect(texts(doc, '.purchase-option__note')).toEqual(['Save 600 UAH · 3 420 UAH now, the rest later']);
    expect(texts(await page('/products/cashmere-blend-coat'), '.purchase-options__legend')).toEqual(['Варіанти покупки']);
    expect((await page('/en/products/wool-wrap-coat')).querySelector('.purchase-options')).toBeNull();
  });

  it('lists the pickup locations of the variant, in both languages; none where no location stocks it', async () => {
    const en = await page('/en/products/wool-wrap-coat');
    expect(text(en, '.pickup__text')).toBe('Pickup available at MAVKA Kyiv, Khreshchatyk');
    expect(texts(en, '.pickup__store-name')).toEqual(['MAVKA Kyiv, Khreshchatyk', 'MAVKA Lviv, Rynok Square']);
    expect(texts(en, '.pickup__store .pickup__ready')).toEqual(['In stock · Usually ready in 2 hours', 'Out of stock']);
    const uk = await page('/products/wool-wrap-coat');
    expect(text(uk, '.pickup__text')).toBe('Самовивіз доступний: MAVKA Київ, Хрещатик');
    expect((await page('/products/floral-maxi-dress')).querySelector('.pickup')).toBeNull();
  });

  it('gives a gift card the recipient fields under the platform’s property names', async () => {
    const doc = await page('/en/products/gift-card');
    const names = Array.from(doc.querySelectorAll('form.product-form .gift-recipient [name]'), (n) => n.getAttribute('name'));
    expect(names).toEqual([
      'properties[__shopify_send_gift_card_to_recipient]',
      'properties[Recipient email]',
      'properties[Recipient name]',
      'properties[Message]',
      'properties[Send on]',
    ]);
    expect(text(await page('/products/gift-card'), '.gift-recipient__legend')).toBe('Одержувач сертифіката');
    expect((await page('/en/products/wool-wrap-coat')).querySelector('.gift-recipient')).toBeNull();
  });
});

describe('the cart page', () => {
  it('shows the line’s discount with the price before it, the order’s code, the code form and the wallets (uk, en)', async () => {
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: shorts.id, quantity: 1 }, headers: { cookie } });
    // The code entered in the page's form: a native post of the cart's `discount`.
    const { payload, headers } = form({ discount: 'WELCOME10' });
    const posted = await app.inject({ method: 'POST', url: '/cart/update', payload, headers: { ...headers, cookie } });
    expect(posted.statusCode).toBe(302);
    const price = shorts.price['UAH']! / 100;
    const fmt = (n: number) => `${n.toLocaleString('uk-UA').replace(/\s/g, ' ')} UAH`;
    const uk = await page('/cart', cookie);
    expect(texts(uk, '.cart-line__discounts li')).toEqual(['Літній розпродаж: джинсові шорти: −200 UAH']);
    expect(text(uk, '.cart-line__price .price__compare')).toBe(fmt(price));
    expect(uk.querySelector('form.discount-code')?.getAttribute('action')).toBe('/cart/update');
    expect(uk.querySelector<HTMLInputElement>('form.discount-code input[name="discount"]')?.getAttribute('value')).toBe('WELCOME10');
    const orderDiscount = Math.round((price - 200) * 0.1);
    expect(texts(uk, '.cart-discounts__row--discount span')).toEqual(['Знижка (WELCOME10)', `−${fmt(orderDiscount)}`]);
    expect(uk.querySelector('.cart-page__checkout .cart-wallets shopify-accelerated-checkout-cart')).not.toBeNull();
    const en = await page('/en/cart', cookie);
    expect(texts(en, '.cart-line__discounts li')).toEqual(['Summer sale: denim shorts: −200 UAH']);
    expect(texts(en, '.cart-discounts__row--discount span')[0]).toBe('Discount (WELCOME10)');
  });

  it('says when a code does not apply, and draws the wallets section only for a bag with something in it', async () => {
    const cookie = await newBrowser(app);
    const empty = await app.inject({ url: '/cart?section_id=cart-wallets', headers: { cookie } });
    expect(empty.body).not.toContain('class="cart-wallets"');
    await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: shorts.id, quantity: 1 }, headers: { cookie } });
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { discount: 'COAT500' }, headers: { cookie } });
    expect(text(await page('/en/cart', cookie), '.discount-code__note')).toBe('Code COAT500 does not apply to this bag');
    const section = await app.inject({ url: '/cart?section_id=cart-wallets', headers: { cookie } });
    expect(section.body).toContain('<div class="cart-wallets"><div class="dynamic-checkout__content"');
  });
});

describe('the order history', () => {
  it('lists an order’s discounts in the rows the server draws and in the island’s data', async () => {
    const cookie = await signIn(app);
    const doc = await page('/en/account', cookie);
    const order = Array.from(doc.querySelectorAll('.order')).find((o) => o.textContent!.includes('#1006'))!;
    expect(texts(order, '.order__discounts .cart-discounts__row--discount span')).toEqual(['Discount (WELCOME10)', '−1 497 UAH']);
    const data = JSON.parse(doc.querySelector('[data-island="account-orders"] script[data-island-props]')!.textContent!) as {
      orders: { name: string; discounts: unknown[]; subtotal_text: string }[];
    };
    const json = data.orders.find((o) => o.name === '#1006')!;
    expect(json.discounts).toEqual([{ title: 'WELCOME10', amount_text: '1 497 UAH' }]);
    expect(json.subtotal_text).toBe('14 970 UAH');
    expect(data.orders.find((o) => o.name === '#1005')!.discounts).toEqual([]);
  });
});
