// The preview under abuse: well over 1,000 malformed requests (bodies, headers, queries, paths),
// each answered with a 4xx and a message, never a crash; the server serves normally afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createPreview } from '../server';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPreview();
});
afterAll(async () => {
  await app.close();
});

// A fixed-seed generator, so a failure names the same request on every run.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const BAD_JSON = [
  '{',
  '{"items":',
  '[1,2',
  '{"items":[{"id":}]}',
  'null',
  '"text"',
  '{"items":"x"}',
  '{"items":[null]}',
  '{"items":[{"id":"abc"}]}',
  '{"items":[{"id":9000000001,"quantity":-1}]}',
  '{"items":[{"id":9000000001,"quantity":1.5}]}',
  '{"items":[{"id":9000000001,"quantity":"1e9"}]}',
  '{"items":[{"id":9000000001,"quantity":99999999999}]}',
  '{"items":[{"id":1,"quantity":1}]}',
  '{"items":[]}',
  '{"__proto__":{"polluted":1}}',
  '\u0000\u0001',
  '<html></html>',
];
const BAD_CHANGES = [
  'line=abc&quantity=1',
  'line=0&quantity=1',
  'line=999&quantity=1',
  'line=1&quantity=-5',
  'line=1&quantity=x',
  'id=&quantity=',
  'quantity=%ZZ',
  'id=9000000001&quantity=1.5',
];
const BAD_UPDATES = ['updates[abc]=1', 'updates[9000000001]=-3', 'updates[9000000001]=1.5', 'updates[]=x', 'currency=XYZ&form_type=currency'];
const BAD_PATHS = [
  '/cdn/shop/files/..%2F..%2Fpackage.json',
  '/cdn/shop/files/%2e%2e%2fshop.json',
  '/cdn/shop/files/..\\..\\shop.json',
  '/cdn/shop/files/%00.jpg',
  '/cdn/shop/t/1/assets/..%2F..%2Fpackage.json',
  '/cdn/shop/t/1/assets/%2e%2e/%2e%2e/build.mjs',
  '/cdn/shop/files/wool-wrap-coat-1.jpg?width=abc',
  '/cdn/shop/files/wool-wrap-coat-1.jpg?width=999999',
  '/cdn/shop/files/wool-wrap-coat-1.jpg?width=100&height=100&crop=middle',
  '/cdn/shop/files/wool-wrap-coat-1.jpg?width=100&crop=region&crop_left=-1&crop_top=0&crop_width=10&crop_height=10',
  '/cdn/shop/files/wool-wrap-coat-1.jpg?width=100&crop=region',
  '/products/%E0%A4%A',
  '/products/no-such-product',
  '/collections/no-such-collection',
  '/pages/no-such-page',
  '/account/reset/abc/def',
  `/products/${'a'.repeat(5000)}`,
  '/../../etc/passwd',
  '/cart/change.js?line=abc&quantity=1',
  '/cart/change.js?line=1&quantity=abc',
];
const ADD = ['/cart/add.js', '/en/cart/add.js', '/cart/add'];
const CHANGE = ['/cart/change.js', '/en/cart/change.js', '/cart/change'];
const UPDATE = ['/cart/update.js', '/cart/update'];
const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=bogus',
  'text/plain',
];

function malformedRequests(count: number): InjectOptions[] {
  const next = random(2026);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  const requests: InjectOptions[] = [];
  while (requests.length < count) {
    const kind = Math.floor(next() * 5);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    if (kind === 0) requests.push({ method: 'POST', url: pick(ADD), headers: { 'content-type': 'application/json' }, payload: pick(BAD_JSON) });
    else if (kind === 1)
      requests.push(
        next() < 0.6
          ? { method: 'POST', url: pick(CHANGE), headers: form, payload: pick(BAD_CHANGES) }
          : { method: 'POST', url: pick(UPDATE), headers: form, payload: pick(BAD_UPDATES) },
      );
    else if (kind === 2)
      requests.push({
        method: 'POST',
        url: pick([...ADD, ...CHANGE]),
        headers: { 'content-type': pick(CONTENT_TYPES), cookie: `_preview_session=${'z'.repeat(Math.floor(next() * 64))}` },
        payload: pick(BAD_JSON),
      });
    else if (kind === 3) requests.push({ method: 'GET', url: pick(BAD_PATHS) });
    else
      requests.push({
        method: 'POST',
        url: pick([...ADD, ...CHANGE, ...UPDATE]),
        headers: { 'content-type': 'application/json' },
        payload: `{"items":[{"id":9000000001,"note":"${'x'.repeat(300 * 1024)}"}]}`,
      });
  }
  return requests;
}

describe('the preview under malformed requests', () => {
  it('answers 1,200 malformed requests with a 4xx and a message, then serves normally', async () => {
    const failures: string[] = [];
    for (const request of malformedRequests(1200)) {
      const response = await app.inject(request);
      const label = `${request.method} ${String(request.url).slice(0, 80)} [${String((request.headers as Record<string, string> | undefined)?.['content-type'] ?? '')}] ${String(request.payload ?? '').slice(0, 60)}`;
      if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${response.statusCode} ${label}`);
      else if (!response.body.trim()) failures.push(`${response.statusCode} without a message: ${label}`);
    }
    expect([...new Set(failures)].slice(0, 20)).toEqual([]);
    const page = await app.inject({ method: 'GET', url: '/products/wool-wrap-coat' });
    expect(page.statusCode).toBe(200);
    const cart = await app.inject({ method: 'GET', url: '/cart.js' });
    expect(cart.statusCode).toBe(200);
    expect(JSON.parse(cart.body)).toHaveProperty('items');
  }, 120_000);

  it('never serves a file outside the theme assets and the store images', async () => {
    for (const path of BAD_PATHS.filter((p) => p.includes('..') || p.includes('%2e') || p.includes('passwd'))) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.body, path).not.toContain('"devDependencies"');
      expect(response.body, path).not.toContain('"primary_locale"');
    }
  });
});
