// Bad input gets the platform's 4xx with a clear message, nothing outside the theme and fixtures
// is served, and the preview keeps answering normally afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newBrowser, testPreview } from '../testing';
import { BODY_LIMIT } from '../server';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

async function stillServing(): Promise<void> {
  expect((await app.inject({ url: '/cart.js' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/en/products/wool-wrap-coat' })).statusCode).toBe(200);
}

describe('malformed bodies', () => {
  it('answers malformed or empty JSON with 400 and a message (not fastify’s 500), as JSON on AJAX paths', async () => {
    for (const payload of ['{bad', '', '{"items": [}']) {
      const response = await app.inject({ method: 'POST', url: '/cart/add.js', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        status: 'bad_request',
        message: 'The request body is not valid JSON.',
        description: 'The request body is not valid JSON.',
      });
    }
    const form = await app.inject({ method: 'POST', url: '/account/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(form.statusCode).toBe(400);
    expect(form.body).toBe('The request body is not valid JSON.');
    await stillServing();
  });

  it('answers JSON that is not an object, or items that are not a list of objects, with 400', async () => {
    for (const payload of ['[1,2]', '"text"', '{"items": "x"}', '{"items": [5]}']) {
      const response = await app.inject({ method: 'POST', url: '/en/cart/add.js', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().status, payload).toBe('bad_request');
    }
    expect((await app.inject({ method: 'POST', url: '/cart/add.js', payload: { items: [] } })).statusCode).toBe(400);
  });

  it('answers unreadable multipart and unsupported content types with 400 and 415', async () => {
    const noBoundary = await app.inject({ method: 'POST', url: '/localization', payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.body).toBe('The form data could not be read.');
    const truncated = await app.inject({
      method: 'POST',
      url: '/en/cart/add',
      payload: '--abc\r\nContent-Disposition: form-data; name="id"\r\n\r\n1',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(truncated.statusCode).toBe(400);
    const xml = await app.inject({ method: 'POST', url: '/cart/add.js', payload: '<id>1</id>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/^Unsupported content type/);
    await stillServing();
  });

  it('reads a form body with broken percent-encoding without failing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/en/account/login',
      payload: 'customer%5Bemail%5D=%E0%A4%A&customer%5Bpassword%5D=%ZZ',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Incorrect email or password.');
  });

  it(`refuses bodies over ${BODY_LIMIT / 1024} KB with 413, on JSON and form routes`, async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/cart/add.js',
      payload: JSON.stringify({ id: 1, padding: 'x'.repeat(BODY_LIMIT) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ status: 413, message: 'The request body is too large (at most 256 KB).' });
    const form = await app.inject({
      method: 'POST',
      url: '/account/login',
      payload: `customer%5Bemail%5D=${'x'.repeat(BODY_LIMIT)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    await stillServing();
  });
});

describe('cart input', () => {
  it('refuses unknown variants and bad quantities without touching the cart', async () => {
    const cookie = await newBrowser(app);
    const post = (payload: object) => app.inject({ method: 'POST', url: '/en/cart/add.js', payload, headers: { cookie } });
    expect((await post({ id: 1 })).statusCode).toBe(404);
    expect((await post({ id: '9000000001; DROP TABLE' })).statusCode).toBe(404);
    expect((await post({ id: -9000000001 })).statusCode).toBe(404);
    for (const quantity of [-1, 0, 1.5, '1e3', 'NaN', 2 ** 40])
      expect((await post({ id: 9000000001, quantity })).statusCode, String(quantity)).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json().item_count).toBe(0);
    await stillServing();
  });
});

describe('routes and files', () => {
  it('answers unknown routes with the theme’s 404 page in the right language', async () => {
    const uk = await app.inject({ url: '/no/such/page' });
    expect(uk.statusCode).toBe(404);
    expect(uk.headers['content-type']).toMatch(/^text\/html/);
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('<h1 class="not-found">Сторінку не знайдено</h1>');
    const en = await app.inject({ url: '/en/products/no-such-product' });
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('<h1 class="not-found">Page not found</h1>');
    expect((await app.inject({ method: 'DELETE', url: '/cart.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/pages/api/no-such-endpoint' })).statusCode).toBe(404);
  });

  it('never serves a file outside the theme assets and the store images (path traversal is a 404)', async () => {
    const attempts = [
      '/cdn/shop/t/1/assets/..%2F..%2Fpackage.json',
      '/cdn/shop/t/1/assets/%2e%2e%2fconfig%2fsettings_data.json',
      '/cdn/shop/t/1/assets/..%5C..%5Cpackage.json',
      '/cdn/shop/t/1/assets/.hidden',
      '/cdn/shop/files/..%2Fcustomers.json',
      '/cdn/shop/files/customers.json',
      '/cdn/shop/files/%2e%2e%2f%2e%2e%2fpackage.json',
      '/cdn/shop/files/..%5Cshop.json',
      '/cdn/shop/files/wool-wrap-coat-1.jpg%00.json',
      '/cdn/shop/t/1/assets/../../package.json',
      '/pages/api/../../package.json',
    ];
    for (const url of attempts) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toMatch(/"devDependencies"|Demo-password|"current"/);
    }
    await stillServing();
  });

  it('answers addresses the router cannot read with 400 or 414 and a message', async () => {
    const bad = await app.inject({ url: '/%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('The address is not valid.');
    const long = await app.inject({ url: `/products/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.body).toBe('The address is too long.');
  });

  it('refuses image sizes the platform refuses', async () => {
    for (const size of ['abc', '0', '6000', '-5']) {
      expect((await app.inject({ url: `/cdn/shop/files/wool-wrap-coat-1.jpg?width=${size}` })).statusCode, size).toBe(400);
    }
    const ok = await app.inject({ url: '/cdn/shop/files/wool-wrap-coat-1.jpg?width=100' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps serving after a burst of bad requests', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({ method: 'POST', url: '/cart/add.js', payload: i % 2 ? '{' : '[]', headers: { 'content-type': 'application/json' } }),
      ),
    );
    await stillServing();
  });
});
