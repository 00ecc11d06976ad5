// @vitest-environment happy-dom
// The account sections as the server draws them: the orders read the same before and after the
// account-orders island mounts (same dates, statuses, totals, options), prices follow
// shared/format/values.ts, and data embedded for the island stays inside its script tag.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLiquid } from '../../preview/liquid/engine';
import { REQUEST_KEY } from '../../preview/liquid/context';
import { OrderDrop } from '../../preview/platform/drops';
import { dropContext } from '../../preview/platform/globals';
import { loadStore } from '../../preview/store/load-store';
import { defaultStoreDir } from '../../preview/server';
import { renderRequest } from '../../preview/tests/support/render';
import { themeTranslations } from '../../preview/theme-files';
import { formatOrderDate } from '../../shared/format/date';
import { formatPrice } from '../../shared/format/values';
import { resetI18n, setDictionary, type Dictionary, type Language } from '../../shared/i18n';
import { normaliseOrders } from '../../islands/account-orders/order';
import { optionsText, paymentStatusLabel } from '../../islands/account-orders/OrderRow';
import { resetBootstrap } from '../../shared/bootstrap';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { OLENA, signIn, testPreview } from '../../preview/testing';
import { islandStrings } from '../support/island-strings';

const dictionaries: Record<Language, Dictionary> = {
  en: await islandStrings('en'),
  uk: await islandStrings('uk'),
};

function useLanguage(lang: Language): void {
  setBootstrapScript({ rootUrl: lang === 'en' ? '/en/' : '/', locale: { requestLocale: { isoCode: lang } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', dictionaries.en);
  setDictionary(lang, dictionaries[lang]);
}

const ownText = (el: Element | null): string => (el?.lastChild?.textContent ?? '').trim();

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview({ theme: 'real' }));
});
afterAll(() => app.close());

async function page(url: string, cookie: string): Promise<Document> {
  const response = await app.inject({ url, headers: { cookie } });
  expect(response.statusCode, url).toBe(200);
  return parse(response.body);
}

/** The page as a document; stylesheet links dropped, as happy-dom would try to fetch them. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html.replace(/<link\b[^>]*>/g, ''), 'text/html');
}

describe('orders drawn by the server', () => {
  for (const lang of ['uk', 'en'] as const) {
    it(`read exactly as the island redraws them (${lang})`, async () => {
      useLanguage(lang);
      const cookie = await signIn(app, OLENA);
      const doc = await page(`${lang === 'en' ? '/en' : ''}/account/orders`, cookie);
      const island = doc.querySelector('[data-island="account-orders"]')!;
      const props = JSON.parse(island.querySelector('script[data-island-props]')!.textContent!) as { orders: unknown; pages: number };
      expect(props.pages).toBe(1);
      const orders = normaliseOrders(props.orders)!;
      const rows = Array.from(doc.querySelectorAll('li.order'));
      expect(rows).toHaveLength(10);
      expect(orders).toHaveLength(10);
      rows.forEach((row, i) => {
        const order = orders[i]!;
        expect(ownText(row.querySelector('.order__cell--name'))).toBe(order.name);
        expect(ownText(row.querySelector('.order__cell--date'))).toBe(formatOrderDate(order.createdAt, lang));
        expect(ownText(row.querySelector('.order__cell--status'))).toBe(paymentStatusLabel(order.financialStatus));
        expect(ownText(row.querySelector('.order__cell--price'))).toBe(order.totalText);
        expect(order.totalText).toBe(formatPrice(order.totalPrice, 'UAH', { noDecimals: true }));
        expect(row.querySelector('.order__body')!.id).toBe(`order-${order.key}-details`);
        const items = Array.from(row.querySelectorAll('.order-item'));
        expect(items).toHaveLength(order.lineItems.length);
        items.forEach((item, j) => {
          const line = order.lineItems[j]!;
          expect(item.querySelector('.order-item__name')!.textContent).toBe(line.name);
          expect(item.querySelector('.order-item__options')!.textContent).toBe(optionsText(line.options));
          expect(item.querySelector('.order-item__price')!.textContent).toBe(line.priceText);
          expect(line.priceText).toBe(formatPrice(line.price, 'UAH'));
          expect(item.querySelector('img')!.getAttribute('srcset')).toBe(`${line.image} 100w, ${line.image2x} 200w`);
        });
      });
      // #1001 has no shipping method: both say the default.
      const first = rows.find((row) => row.textContent!.includes('#1001'))!;
      expect(first.querySelector('.order__fact:last-child dd')!.textContent).toBe(lang === 'en' ? 'Standard delivery' : 'Стандартна доставка');
      expect(orders.find((o) => o.name === '#1001')!.shippingTitle).toBe('');
    });
  }
});

describe('the single-order page (customers/order)', () => {
  it('draws the order opened, with the account navigation', async () => {
    const theme = resolve('theme');
    const liquid = createLiquid(theme);
    const store = loadStore(defaultStoreDir());
    const raw = store.customers.find((c) => c.id === OLENA.id)!.orders.find((o) => o.name === '#1001')!;
    const order = new OrderDrop(dropContext(store, 'en', 'UAH'), raw);
    const { translations, fallback } = themeTranslations(theme, 'en');
    const request = renderRequest({ language: 'en', translations, fallbackTranslations: fallback, path: '/en/account/orders/1' });
    const routes = { account_url: '/en/account', account_addresses_url: '/en/account/addresses', account_logout_url: '/en/account/logout' };
    const html = await liquid.renderFile('sections/main-account-order', {}, { globals: { order, routes, [REQUEST_KEY]: request } });
    const doc = parse(html);
    expect(doc.querySelector('.account-nav [aria-current="page"]')!.textContent).toBe('[Orders]');
    const details = doc.querySelector('details')!;
    expect(details.hasAttribute('open')).toBe(true);
    expect(ownText(details.querySelector('.order__cell--name'))).toBe('#1001');
    expect(details.querySelector('.order__fact:last-child dd')!.textContent).toBe('Standard delivery');
    expect(details.querySelectorAll('.order-item')).toHaveLength(3);
  });
});

describe('order amounts', () => {
  it('are written by the money filter (the platform has no order.currency), in the currency the order was placed in', async () => {
    const theme = resolve('theme');
    const liquid = createLiquid(theme);
    const store = loadStore(defaultStoreDir());
    const raw = store.customers.find((c) => c.id === OLENA.id)!.orders.find((o) => o.name === '#1001')!;
    // An order drop as the platform's: amounts in minor units, no currency property.
    const order = new OrderDrop(dropContext(store, 'en', 'USD'), raw);
    Object.defineProperty(order, 'currency', {
      get: () => {
        throw new Error('order.currency does not exist on the platform');
      },
    });
    const { translations, fallback } = themeTranslations(theme, 'en');
    const request = renderRequest({
      language: 'en',
      translations,
      fallbackTranslations: fallback,
      path: '/en/account/orders/1',
      moneyFormat: '${{amount_no_decimals_with_space_separator}}',
    });
    const routes = { account_url: '/en/account', account_addresses_url: '/en/account/addresses', account_logout_url: '/en/account/logout' };
    const html = await liquid.renderFile('sections/main-account-order', {}, { globals: { order, routes, [REQUEST_KEY]: request } });
    const doc = parse(html);
    // The shopper browses in USD; the order was placed in UAH and keeps it, as on the platform.
    expect(raw.currency).toBe('UAH');
    expect(ownText(doc.querySelector('.order__cell--price'))).toBe(formatPrice(raw.total_price, 'UAH', { noDecimals: true }));
    expect(doc.querySelector('.order-item__price')!.textContent).toBe(formatPrice(raw.line_items[0]!.price, 'UAH'));
  });
});
