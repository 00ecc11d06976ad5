// Languages and currencies: Ukrainian at unprefixed URLs, English under /en; the localization form
// switches language by redirecting to return_to re-prefixed; the currency form switches UAH/USD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, form, newBrowser, testPreview } from '../testing';
import { inLanguage } from '../routes/localization';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

/** A multipart body, as the platform's localization form (enctype multipart/form-data) posts it. */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----preview-test-boundary';
  const payload =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('language prefixes', () => {
  it('serves Ukrainian unprefixed and English under /en', async () => {
    const uk = await app.inject({ url: '/products/wool-wrap-coat' });
    const en = await app.inject({ url: '/en/products/wool-wrap-coat' });
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('<h1>Вовняне пальто-халат</h1>');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Wool wrap coat</h1>');
    expect(en.headers['content-language']).toBe('en');
  });

  it('maps a path to the same page in another language', () => {
    expect(inLanguage(store, '/products/x?color=red', 'en')).toBe('/en/products/x?color=red');
    expect(inLanguage(store, '/en/products/x', 'uk')).toBe('/products/x');
    expect(inLanguage(store, '/en', 'uk')).toBe('/');
    expect(inLanguage(store, '/en?rightSidebar=cart', 'uk')).toBe('/?rightSidebar=cart');
    expect(inLanguage(store, '/', 'en')).toBe('/en');
    expect(inLanguage(store, '/?rightSidebar=cart', 'en')).toBe('/en?rightSidebar=cart');
    expect(inLanguage(store, '/english-page', 'uk')).toBe('/english-page');
  });
});

describe('POST /localization', () => {
  it('redirects to return_to in the chosen language (language_code, urlencoded)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/localization',
      ...form({ form_type: 'localization', _method: 'put', utf8: '✓', return_to: '/products/wool-wrap-coat?color=beige', language_code: 'en' }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/products/wool-wrap-coat?color=beige');
  });

  it('takes the platform form’s multipart post with locale_code, from English back to Ukrainian', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/en/localization',
      ...multipart({ form_type: 'localization', _method: 'put', return_to: '/en/collections/dresses', locale_code: 'uk', country_code: 'UA' }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/collections/dresses');
  });

  it('keeps to this shop: a return_to elsewhere goes to the root of the chosen language', async () => {
    for (const returnTo of ['https://evil.example/en', '//evil.example', '/\\evil', '']) {
      const response = await app.inject({ method: 'POST', url: '/localization', ...form({ return_to: returnTo, language_code: 'en' }) });
      expect(response.headers.location, returnTo).toBe('/en');
    }
  });

  it('refuses a language the shop does not publish with 422 and a message', async () => {
    const response = await app.inject({ method: 'POST', url: '/en/localization', ...form({ return_to: '/', language_code: 'de' }) });
    expect(response.statusCode).toBe(422);
    expect(response.body).toBe('Language de is not published on this shop.');
  });
});

describe('POST /localization with country_code (markets)', () => {
  it('switches the session to the country’s market currency and keeps the language and the query', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/en/localization',
      ...multipart({ form_type: 'localization', _method: 'put', return_to: '/en/products/wool-wrap-coat?color=black&size=m', country_code: 'US' }),
      headers: { ...multipart({}).headers, cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/products/wool-wrap-coat?color=black&size=m');
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json().currency).toBe('USD');
    const usd = store.productsByHandle.get('wool-wrap-coat')!.variants[0]!.price['USD']!;
    expect((await app.inject({ url: '/en/products/wool-wrap-coat', headers: { cookie } })).body).toContain(`<p class="price">$${Math.round(usd / 100)}</p>`);
    // Language and country together; the country's market is named in Liquid.
    const both = await app.inject({
      method: 'POST',
      url: '/en/localization',
      ...form({ return_to: '/en/collections/all?sort_by=price-ascending', language_code: 'uk', country_code: 'ua' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(both.headers.location).toBe('/collections/all?sort_by=price-ascending');
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json().currency).toBe('UAH');
  });

  it('refuses a country the shop does not sell to with 422, changing nothing', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/en/localization',
      ...form({ return_to: '/', country_code: 'FR' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toBe('This shop does not sell to FR.');
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json().currency).toBe('UAH');
  });
});

describe('POST /cart/update with form_type=currency (deprecated, still answered)', () => {
  it('switches the browser to USD and redirects to return_to; prices and cart follow', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/en/cart/update',
      ...multipart({ form_type: 'currency', utf8: '✓', currency: 'USD', return_to: '/en/products/wool-wrap-coat' }),
      headers: { ...multipart({}).headers, cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/products/wool-wrap-coat');
    const page = await app.inject({ url: '/en/products/wool-wrap-coat', headers: { cookie } });
    const usd = store.productsByHandle.get('wool-wrap-coat')!.variants[0]!.price['USD']!;
    expect(page.body).toContain(`<p class="price">$${Math.round(usd / 100)}</p>`);
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json().currency).toBe('USD');
    // Another browser still sees hryvnias.
    expect((await app.inject({ url: '/products/wool-wrap-coat' })).body).toMatch(/<p class="price">[\d ]+ UAH<\/p>/);
  });

  it('switches back to UAH through the AJAX form too, and refuses a currency the shop does not sell', async () => {
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/update.js', payload: { currency: 'USD' }, headers: { cookie } });
    const back = await app.inject({ method: 'POST', url: '/cart/update.js', payload: { form_type: 'currency', currency: 'uah' }, headers: { cookie } });
    expect(back.json().currency).toBe('UAH');
    const refused = await app.inject({ method: 'POST', url: '/en/cart/update.js', payload: { currency: 'EUR' }, headers: { cookie } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 422, message: 'Cart Error', description: 'Currency EUR is not enabled on this shop.' });
  });
});
