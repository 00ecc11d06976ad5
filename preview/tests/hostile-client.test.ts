// The preview as a development server on a shared network (issue 37, item 5): what a hostile
// client on the same network can make it do. Proxy headers are believed only from a configured
// proxy, clients are counted by address (an IPv6 client by its /64) in bounded counts, the page's
// origin is built from valid values only, a Host it does not serve answers 400, the cross-site
// form guard sees the path as the router does, a flood of new visitors (or of one client's bags,
// or of one customer's sign-ins) evicts no one else's session, sign-ups are throttled, a header
// built from input never fails the answer, a cart's line properties are bounded as the platform
// bounds them, and every answer, the router's own errors included, carries the security headers.
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createPreview, type PreviewOptions } from '../server';
import { cookieOf, FIXTURES, form, MARIA, newBrowser, OLENA, signIn, TEST_THEME, themeCopyPreview, type ThemeCopyPreview } from '../testing';
import { LOGIN_FAILURES_PER_CLIENT, RECOVER_LIMIT, SIGN_UPS_PER_CLIENT } from '../routes/account';
import { MAX_BAGS_PER_CLIENT, MAX_SESSIONS, MAX_SESSIONS_PER_CUSTOMER } from '../session';
import { MAX_CART_LINES, MAX_CART_PROPERTIES_SIZE, MAX_LINE_PROPERTIES } from '../platform/cart';
import { loadStore } from '../store/load-store';
import { clientKey, MAX_COUNTED_CLIENTS, RateLimiter } from '../platform/rate-limit';

const opened: FastifyInstance[] = [];
async function preview(options: PreviewOptions = {}): Promise<FastifyInstance> {
  const app = await createPreview({ themeDir: TEST_THEME, storeDir: FIXTURES, log: () => {}, ...options });
  await app.ready();
  opened.push(app);
  return app;
}
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

const formPost = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string): InjectOptions => {
  const body = form(fields);
  return { method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) };
};

describe('proxy headers', () => {
  it('counts a direct client by its own address, whatever X-Forwarded-For it sends', async () => {
    const app = await preview();
    const recovers: number[] = [];
    for (let i = 0; i <= RECOVER_LIMIT; i++)
      recovers.push((await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, { 'x-forwarded-for': `192.0.2.${i}` }))).statusCode);
    expect(recovers).toEqual([...Array(RECOVER_LIMIT).fill(200), 429]);

    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++)
      await app.inject(
        formPost('/account/login', { 'customer[email]': `guess${i}@example.com`, 'customer[password]': 'x' }, { 'x-forwarded-for': `198.51.100.${i}` }),
      );
    const right = await app.inject(
      formPost('/account/login', { 'customer[email]': OLENA.email, 'customer[password]': OLENA.password }, { 'x-forwarded-for': '203.0.113.1' }),
    );
    expect(right.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const app = await preview({ trustProxy: ['127.0.0.1'] });
    // Through the proxy: each named client has its own allowance.
    for (let i = 0; i <= RECOVER_LIMIT; i++)
      expect((await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, { 'x-forwarded-for': `192.0.2.${i}` }))).statusCode).toBe(200);
    // A client that is not the proxy is counted by its own address, whatever it claims.
    const direct: number[] = [];
    for (let i = 0; i <= RECOVER_LIMIT; i++)
      direct.push(
        (await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, { 'x-forwarded-for': `192.0.2.${100 + i}` }, '10.7.7.7'))).statusCode,
      );
    expect(direct).toEqual([...Array(RECOVER_LIMIT).fill(200), 429]);
  });
});

describe('counting clients', () => {
  it('counts an IPv6 client by its /64, whichever of its addresses it sends from', async () => {
    const app = await preview();
    const statuses: number[] = [];
    for (let i = 1; i <= RECOVER_LIMIT + 1; i++)
      statuses.push((await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, {}, `2001:db8:1:2::${i.toString(16)}`))).statusCode);
    expect(statuses).toEqual([...Array(RECOVER_LIMIT).fill(200), 429]);
    // Written out in full, it is the same client; the next /64 is another.
    expect((await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, {}, '2001:0db8:0001:0002:0:0:0:99'))).statusCode).toBe(429);
    expect((await app.inject(formPost('/account/recover', { email: 'ghost@example.com' }, {}, '2001:db8:1:3::1'))).statusCode).toBe(200);
    expect(clientKey('::ffff:10.0.0.1')).toBe(clientKey('10.0.0.1'));
  });

  it(`keeps counts for at most ${MAX_COUNTED_CLIENTS} clients, however many arrive within the window`, () => {
    const limiter = new RateLimiter(RECOVER_LIMIT, 60_000, () => 0);
    for (let i = 0; i < MAX_COUNTED_CLIENTS * 2; i++) limiter.hit(`ip:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(MAX_COUNTED_CLIENTS);
    // The clients counted last are still counted.
    for (let i = 0; i < RECOVER_LIMIT; i++) limiter.hit('ip:192.0.2.1');
    expect(limiter.isOver('ip:192.0.2.1')).toBe(true);
  });
});

describe('sign-ups', () => {
  it(`create at most ${SIGN_UPS_PER_CLIENT} accounts an hour from one client, each kept in memory`, async () => {
    let clock = Date.now();
    const app = await preview({ now: () => clock });
    const signUp = (i: number, remoteAddress: string) =>
      app.inject(
        formPost(
          '/account',
          { form_type: 'create_customer', 'customer[email]': `new${i}@example.com`, 'customer[password]': 'Long-enough-2026!' },
          {},
          remoteAddress,
        ),
      );
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_UPS_PER_CLIENT; i++) statuses.push((await signUp(i, '10.60.0.1')).statusCode);
    expect(statuses).toEqual([...Array(SIGN_UPS_PER_CLIENT).fill(302), 429]);
    // The refused one was not created: its address is still free, for another client.
    expect((await signUp(SIGN_UPS_PER_CLIENT, '10.60.0.2')).statusCode).toBe(302);
    clock += 61 * 60_000;
    expect((await signUp(SIGN_UPS_PER_CLIENT + 1, '10.60.0.1')).statusCode).toBe(302);
  });
});

describe("the page's origin", () => {
  let copy: ThemeCopyPreview | undefined;
  beforeAll(async () => {
    copy = await themeCopyPreview('origin-theme-', { 'templates/collection.canonical.liquid': '{% layout none %}{{ canonical_url }}' });
  });
  afterAll(async () => {
    await copy?.close();
  });

  it('is built from the connection, not from X-Forwarded-Proto, and a cached page keeps no hostile value', async () => {
    const app = copy!.app;
    const url = '/collections/all?view=canonical';
    for (const proto of ['x"><script>alert(1)</script>', 'https', 'javascript']) {
      const page = await app.inject({ url, headers: { 'x-forwarded-proto': proto, 'x-forwarded-host': 'evil.example' } });
      expect(page.statusCode, proto).toBe(200);
      expect(page.body, proto).toBe('http://localhost/collections/all');
    }
    // The next guest, on the page cache: the same address.
    expect((await app.inject({ url })).body).toBe('http://localhost/collections/all');
  });

  it('takes the scheme and host a configured proxy names, when they are valid, and caches pages per origin', async () => {
    const app = await preview({ themeDir: copy!.dir, trustProxy: ['127.0.0.1'], hosts: ['shop.example'] });
    const url = '/collections/all?view=canonical';
    const hostile = await app.inject({ url, headers: { 'x-forwarded-proto': 'x"><script>alert(1)</script>' } });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<script>');
    expect((await app.inject({ url, headers: { 'x-forwarded-host': 'evil.example' } })).statusCode).toBe(400);
    const proxied = await app.inject({ url, headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' } });
    expect(proxied.body).toBe('https://shop.example/collections/all');
    expect((await app.inject({ url })).body).toBe('http://localhost/collections/all');
  });
});

describe('the Host header', () => {
  it('answers 400 for a host this preview does not serve, and serves loopback names', async () => {
    const app = await preview();
    for (const host of [
      'shop.example',
      'shop.example:8080',
      'evil.example',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
      'localhost:0',
      'localhost:99999',
    ]) {
      const response = await app.inject({ url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(400);
      expect(response.body, host).toBe('The Host header is not valid.');
    }
    for (const host of ['localhost', 'localhost:9292', '127.0.0.1', '127.0.0.1:9292', '[::1]:9292', 'shop.localhost:9292', 'LOCALHOST'])
      expect((await app.inject({ url: '/', headers: { host } })).statusCode, host).toBe(200);
  });

  // The address of a network interface: a preview bound to all of them is reached there.
  const ownAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
  it.runIf(ownAddress)('serves the addresses of this machine’s network interfaces', async () => {
    const app = await preview();
    expect((await app.inject({ url: '/', headers: { host: `${ownAddress}:9292` } })).statusCode).toBe(200);
  });

  it('serves the hosts it is told to', async () => {
    const app = await preview({ hosts: ['shop.example'] });
    expect((await app.inject({ url: '/', headers: { host: 'shop.example:8080' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/', headers: { host: 'other.example' } })).statusCode).toBe(400);
  });
});

/** The same address written as a client may write it: letters percent-encoded, a trailing slash, a query. */
function spellings(path: string): string[] {
  const found = new Set<string>([path, `${path}/`, `${path}?x=1`, `${path}/?x=1`, path.toUpperCase(), `${path}//`, `/${path}`]);
  const letters = [...path].map((c, i) => [c, i] as const).filter(([c]) => /[a-z_]/.test(c));
  for (const [c, i] of letters) {
    const hex = c.charCodeAt(0).toString(16);
    for (const code of [hex, hex.toUpperCase()]) {
      const spelled = `${path.slice(0, i)}%${code}${path.slice(i + 1)}`;
      found.add(spelled);
      found.add(`${spelled}/`);
    }
  }
  found.add(path.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`));
  found.add(`${path.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}/`);
  return [...found];
}

const LEGACY_FORMS: [string, Record<string, string>][] = [
  ['/account/login', { form_type: 'customer_login', 'customer[email]': OLENA.email, 'customer[password]': OLENA.password }],
  ['/account', { form_type: 'create_customer', 'customer[email]': 'new@example.com', 'customer[password]': 'Another-password-1!' }],
  ['/account/recover', { form_type: 'recover_customer_password', email: OLENA.email }],
  ['/account/reset', { form_type: 'reset_customer_password', id: '4000000001', token: 'abc' }],
  ['/account/reset/4000000001/abc', { form_type: 'reset_customer_password' }],
  ['/account/addresses', { form_type: 'customer_address', 'address[city]': 'Kyiv' }],
  ['/account/addresses/1', { form_type: 'customer_address', _method: 'delete' }],
  ['/contact', { form_type: 'contact', 'contact[email]': 'x@example.com' }],
  ['/localization', { form_type: 'localization', language_code: 'en', return_to: '/' }],
];

async function crossSiteAttempts(app: FastifyInstance, forms: [string, Record<string, string>][]): Promise<{ routed: number; accepted: string[] }> {
  let routed = 0;
  const accepted: string[] = [];
  for (const [path, fields] of forms) {
    for (const bare of [path, `/en${path}`]) {
      for (const url of spellings(bare)) {
        // What the shop's own page gets there: a route's answer, or the 404 of an address it has not.
        const own = await app.inject(formPost(url, fields, { 'sec-fetch-site': 'same-origin' }, `10.40.${routed % 250}.${accepted.length % 250}`));
        if (own.statusCode === 404) continue;
        routed++;
        for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
          const foreign = await app.inject(formPost(url, fields, headers, '10.41.0.1'));
          if (foreign.statusCode !== 403) accepted.push(`${foreign.statusCode} ${url} ${JSON.stringify(headers)}`);
        }
      }
    }
  }
  return { routed, accepted };
}

describe('cross-site form posts', () => {
  it('are refused at every spelling of an account, contact or language form address the router answers', async () => {
    const app = await preview();
    const { routed, accepted } = await crossSiteAttempts(app, LEGACY_FORMS);
    expect(accepted).toEqual([]);
    // Most spellings reach a route: the guard was tried, not skipped by 404s.
    expect(routed).toBeGreaterThan(300);
  }, 120_000);

  it('are refused at the sign-in of today’s accounts too', async () => {
    const app = await preview({ accounts: 'current' });
    const { routed, accepted } = await crossSiteAttempts(app, [['/customer_authentication/login', { email: OLENA.email }]]);
    expect(accepted).toEqual([]);
    expect(routed).toBeGreaterThan(40);
  }, 60_000);
});

describe('a flood of new visitors', () => {
  it(`evicts no signed-in customer and no filled bag, however many cookie-less requests arrive`, async () => {
    const app = await preview();
    const customer = await signIn(app);
    const bag = await newBrowser(app);
    expect((await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: 9000000001, quantity: 1 }, headers: { cookie: bag } })).statusCode).toBe(
      200,
    );
    let first = '';
    for (let i = 0; i < MAX_SESSIONS + 50; i++) {
      const response = await app.inject({ url: '/cart.js', remoteAddress: `10.50.${(i >> 8) & 255}.${i & 255}` });
      if (i === 0) first = cookieOf(response);
    }
    expect((await app.inject({ url: '/account', headers: { cookie: customer } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/cart.js', headers: { cookie: bag } })).json<{ item_count: number }>().item_count).toBe(1);
    // The flood's own empty sessions are what make room: the oldest of them is gone.
    const again = await app.inject({ url: '/cart.js', headers: { cookie: first } });
    expect(again.headers['set-cookie']).toBeDefined();
  }, 180_000);
});

describe('quotas of sessions', () => {
  it(`keep ${MAX_SESSIONS_PER_CUSTOMER} sessions of one customer: signing in again and again evicts only her least used`, async () => {
    const app = await preview();
    const maria = await signIn(app, MARIA);
    const unused = await signIn(app);
    const inUse = await signIn(app);
    for (let i = 0; i < MAX_SESSIONS_PER_CUSTOMER + 20; i++) {
      await signIn(app);
      if (i % 10 === 0) expect((await app.inject({ url: '/account', headers: { cookie: inUse } })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/account', headers: { cookie: inUse } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/account', headers: { cookie: maria } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/account', headers: { cookie: unused } })).statusCode).toBe(302);
  }, 60_000);

  it(`keep ${MAX_BAGS_PER_CLIENT} bags of one client address: a flood of adds evicts only its own`, async () => {
    const app = await preview();
    const add = (remoteAddress: string, cookie?: string) =>
      app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: 9000000001, quantity: 1 }, remoteAddress, headers: cookie ? { cookie } : {} });
    const neighbour = cookieOf(await add('10.70.0.1'));
    const first = cookieOf(await add('10.70.0.2'));
    for (let i = 0; i < MAX_BAGS_PER_CLIENT + 10; i++) await add('10.70.0.2');
    const count = async (cookie: string) => (await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ item_count: number }>().item_count;
    expect(await count(neighbour)).toBe(1);
    expect(await count(first)).toBe(0);
  }, 60_000);
});

describe('headers built from input', () => {
  const RETURN_TO = '/collections/сукні?q=плаття 😀&x=%41';
  const ENCODED = '/collections/%D1%81%D1%83%D0%BA%D0%BD%D1%96?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%82%D1%8F%20%F0%9F%98%80&x=%41';
  /** The address a browser reads from Location: ASCII only, the same page and query. */
  const expectReturnTo = (location: unknown, label: string) => {
    expect(String(location), label).toMatch(/^[\x21-\x7e]+$/);
    const url = new URL(String(location), 'http://localhost');
    expect(url.pathname, label).toBe('/collections/%D1%81%D1%83%D0%BA%D0%BD%D1%96');
    expect(url.searchParams.get('q'), label).toBe('плаття 😀');
    expect(url.searchParams.get('x'), label).toBe('A');
  };

  it('percent-encodes a return_to outside ASCII in Location instead of failing', async () => {
    const app = await preview();
    const posts: InjectOptions[] = [
      formPost('/localization', { form_type: 'localization', language_code: 'uk', return_to: RETURN_TO }),
      formPost('/account/login', { form_type: 'customer_login', guest: 'true', return_to: RETURN_TO }),
      formPost('/cart/update', { return_to: RETURN_TO }),
      formPost('/account', {
        form_type: 'create_customer',
        'customer[email]': 'return@example.com',
        'customer[password]': 'Long-enough-2026!',
        return_to: RETURN_TO,
      }),
      formPost('/contact', { form_type: 'contact', 'contact[email]': 'x@example.com', return_to: RETURN_TO }),
    ];
    for (const post of posts) {
      const response = await app.inject(post);
      expect(response.statusCode, String(post.url)).toBe(302);
      expectReturnTo(response.headers.location, String(post.url));
    }
    // A lone surrogate (only JSON can carry one) is no crash either.
    const lone = await app.inject({
      method: 'POST',
      url: '/cart/update',
      payload: '{"return_to":"/x\\ud800y"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.statusCode).toBe(302);
    expect(lone.headers.location).toBe('/x%EF%BF%BDy');
  });

  it('percent-encodes it on the sign-in of today’s accounts', async () => {
    const app = await preview({ accounts: 'current' });
    const response = await app.inject(formPost('/customer_authentication/login', { email: OLENA.email, return_to: RETURN_TO }));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(ENCODED);
    expectReturnTo(response.headers.location, 'sign-in');
  });
});

describe('cart line properties', () => {
  const store = loadStore(FIXTURES);
  // Variants sold on when out of stock: any number of lines of them can be added.
  const unlimited = store.products.flatMap((p) => p.variants.filter((v) => (v.inventory_policy ?? p.inventory_policy) === 'continue').map((v) => v.id));

  it(`answers 422 beyond the platform's ${MAX_LINE_PROPERTIES} properties of a line, and adds nothing`, async () => {
    const app = await preview();
    const cookie = await newBrowser(app);
    const properties = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, 'x']));
    const over = await app.inject({
      method: 'POST',
      url: '/en/cart/add.js',
      payload: { id: unlimited[0], properties: properties(MAX_LINE_PROPERTIES + 1) },
      headers: { cookie },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ status: 422, message: 'Cart Error', description: `A cart line can't have more than ${MAX_LINE_PROPERTIES} properties.` });
    expect((await app.inject({ url: '/cart.js', headers: { cookie } })).json<{ item_count: number }>().item_count).toBe(0);
    const full = await app.inject({
      method: 'POST',
      url: '/cart/add.js',
      payload: { id: unlimited[0], properties: properties(MAX_LINE_PROPERTIES) },
      headers: { cookie },
    });
    expect(full.statusCode).toBe(200);
    expect(Object.keys(full.json<{ properties: object }>().properties)).toHaveLength(MAX_LINE_PROPERTIES);
  });

  it(`keeps a bag's line properties within ${MAX_CART_PROPERTIES_SIZE / 1024} KB, however many lines arrive`, async () => {
    const app = await preview();
    const cookie = await newBrowser(app);
    const statuses: number[] = [];
    for (let line = 0; line < MAX_CART_LINES; line++) {
      const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${line}-${i}-${'k'.repeat(250)}`, 'v'.repeat(1000)]));
      const response = await app.inject({
        method: 'POST',
        url: '/en/cart/add.js',
        payload: { id: unlimited[line % unlimited.length], properties },
        headers: { cookie },
      });
      statuses.push(response.statusCode);
      if (response.statusCode !== 200)
        expect(response.json(), `line ${line}`).toEqual({ status: 422, message: 'Cart Error', description: 'The cart is too large to save.' });
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(422);
    const cart = await app.inject({ url: '/cart.js', headers: { cookie } });
    expect(cart.statusCode).toBe(200);
    // The bag's JSON: its properties, and for each line the platform's fields (under 2 KB a line).
    expect(Buffer.byteLength(cart.body)).toBeLessThan(MAX_CART_PROPERTIES_SIZE + MAX_CART_LINES * 2048);
    // What is in the bag can still be changed, and a line without properties still goes in.
    expect((await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: unlimited[1], quantity: 1 }, headers: { cookie } })).statusCode).toBe(200);
  }, 120_000);
});

describe('the security headers', () => {
  it('come with every answer, the router’s own errors included', async () => {
    const app = await preview();
    const requests: InjectOptions[] = [
      // A method of WebDAV, which the router knows of but no route answers.
      { method: 'PROPFIND' as InjectOptions['method'], url: '/' },
      { method: 'DELETE', url: '/cart.js' },
      { method: 'PUT', url: '/account/login' },
      { method: 'OPTIONS', url: '/' },
      { method: 'POST', url: '/cart/add.js', payload: '{bad', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/account/login', payload: '{bad', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/cart/add.js', payload: 'x'.repeat(300 * 1024), headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/cart/add.js', payload: '<id>1</id>', headers: { 'content-type': 'application/xml' } },
      { method: 'POST', url: '/localization', payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
      { method: 'GET', url: '/%' },
      { method: 'GET', url: '/products/%E0%A4%A' },
      { method: 'GET', url: `/products/${'a'.repeat(500)}` },
      { method: 'GET', url: '/', headers: { host: 'evil.example' } },
      formPost('/account/login', {}, { origin: 'https://evil.example' }),
      { method: 'GET', url: '/no/such/page' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      const label = `${request.method} ${String(request.url).slice(0, 60)} → ${response.statusCode}`;
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['x-frame-options'], label).toBe('DENY');
      expect(response.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
    }
  });
});
