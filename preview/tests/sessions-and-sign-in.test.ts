// Sessions and sign-in as the platform keeps them (issue 17, items 11–13): a new session id at
// sign-in, no sign-in forged from another site, wrong passwords throttled per account and per
// client, the recover limit per client address, reset links that expire and work once, one
// answer for known and unknown e-mails, security headers, no open redirect through the
// language form and an escaped shop name on the 429 page.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../server';
import { cookieOf, FIXTURES, form, MARIA, newBrowser, OLENA, TEST_THEME } from '../testing';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_CLIENT, RECOVER_LIMIT } from '../routes/account';
import { RESET_TOKEN_TTL_MS } from '../platform/customers';

let clock = Date.now();
const opened: FastifyInstance[] = [];
const logs: string[] = [];

async function preview(storeDir = FIXTURES): Promise<FastifyInstance> {
  const app = await createPreview({ themeDir: TEST_THEME, storeDir, log: (line) => logs.push(line), now: () => clock });
  await app.ready();
  opened.push(app);
  return app;
}
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

const login = (app: FastifyInstance, who: { email: string; password: string }, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/account/login',
    remoteAddress,
    ...form({ form_type: 'customer_login', 'customer[email]': who.email, 'customer[password]': who.password }),
    headers: { ...form({}).headers, ...headers },
  });

const linkOf = (line: string | undefined): string => new URL(/(http\S+)/.exec(line ?? '')?.[1] ?? 'http://x/none').pathname;

describe('sign-in', () => {
  it('gives the browser a new session id, so an id planted before sign-in signs nobody in', async () => {
    const app = await preview();
    const planted = await newBrowser(app);
    const response = await login(app, OLENA, { cookie: planted });
    expect(response.statusCode).toBe(302);
    const renewed = cookieOf(response);
    expect(renewed).not.toBe(planted);
    expect((await app.inject({ url: '/account', headers: { cookie: renewed } })).statusCode).toBe(200);
    // The attacker who planted the old id is still a guest.
    const attacker = await app.inject({ url: '/account', headers: { cookie: planted } });
    expect(attacker.statusCode).toBe(302);
  });

  it("leaves the new id in place when the page's older requests come back after sign-in", async () => {
    const app = await preview();
    const before = await newBrowser(app);
    const renewed = cookieOf(await login(app, OLENA, { cookie: before }));
    // A cart fetch sent with the old id, answered after the sign-in: a guest's answer, no cookie.
    const late = await app.inject({ url: '/cart.js', headers: { cookie: before } });
    expect(late.statusCode).toBe(200);
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await app.inject({ url: '/account', headers: { cookie: before } })).statusCode).toBe(302);
    expect((await app.inject({ url: '/account', headers: { cookie: renewed } })).statusCode).toBe(200);
  });

  it('keeps the bag across the new session id', async () => {
    const app = await preview();
    const cookie = await newBrowser(app);
    await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: 9000000136, quantity: 1 }, headers: { cookie } });
    const renewed = cookieOf(await login(app, OLENA, { cookie }));
    expect((await app.inject({ url: '/cart.js', headers: { cookie: renewed } })).json<{ item_count: number }>().item_count).toBe(1);
  });

  it('refuses a sign-in or sign-up posted by another site’s page', async () => {
    const app = await preview();
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await login(app, OLENA, { ...headers, cookie: await newBrowser(app) });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const signUp = await app.inject({
      method: 'POST',
      url: '/en/account',
      ...form({ form_type: 'create_customer', 'customer[email]': 'x@example.com', 'customer[password]': 'secret1' }),
      headers: { ...form({}).headers, origin: 'https://evil.example' },
    });
    expect(signUp.statusCode).toBe(403);
    // The shop's own pages (same origin, or a client that names none) sign in as before.
    expect((await login(app, OLENA, { origin: 'http://localhost:80', host: 'localhost' })).statusCode).toBe(302);
    expect((await login(app, OLENA, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(302);
  });

  it(`refuses even the right password after ${LOGIN_FAILURES_PER_ACCOUNT} wrong ones for an account, until the window passes`, async () => {
    const app = await preview();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT + 2; i++)
      statuses.push((await login(app, { email: OLENA.email, password: `wrong-${i}` }, {}, `10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_FAILURES_PER_ACCOUNT).fill(200), 429, 429]);
    const right = await login(app, OLENA, {}, '10.0.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
    expect(right.body).toContain('Забагато спроб увійти. Спробуйте пізніше.');
    // Another account is not held up by it.
    expect((await login(app, MARIA, {}, '10.0.1.1')).statusCode).toBe(302);
    clock += 16 * 60_000;
    expect((await login(app, OLENA, {}, '10.0.1.1')).statusCode).toBe(302);
  });

  it(`refuses a client address after ${LOGIN_FAILURES_PER_CLIENT} wrong passwords over many accounts`, async () => {
    const app = await preview();
    let last = 0;
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) last = (await login(app, { email: `guess${i}@example.com`, password: 'x' }, {}, '10.9.9.9')).statusCode;
    expect(last).toBe(200);
    expect((await login(app, OLENA, {}, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(app, OLENA, {}, '10.9.9.10')).statusCode).toBe(302);
  });
});

describe('password recovery', () => {
  it('counts the recover limit per client address, whatever cookie each post carries', async () => {
    const app = await preview();
    const statuses: number[] = [];
    for (let i = 0; i < RECOVER_LIMIT + 1; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/en/account/recover',
        remoteAddress: '10.1.1.1',
        ...form({ email: 'ghost@example.com' }),
        headers: { ...form({}).headers, cookie: await newBrowser(app) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(RECOVER_LIMIT).fill(200), 429]);
    expect(
      (await app.inject({ method: 'POST', url: '/en/account/recover', remoteAddress: '10.1.1.2', ...form({ email: 'ghost@example.com' }) })).statusCode,
    ).toBe(200);
    // Only a proxy on this machine may name another client: a remote one cannot escape its count.
    const spoofed = await app.inject({
      method: 'POST',
      url: '/en/account/recover',
      remoteAddress: '10.1.1.1',
      ...form({ email: 'ghost@example.com' }),
      headers: { ...form({}).headers, 'x-forwarded-for': '192.0.2.7' },
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('answers an unknown e-mail as it answers a known one', async () => {
    const app = await preview();
    const before = logs.length;
    const unknown = await app.inject({ method: 'POST', url: '/en/account/recover', ...form({ email: 'ghost@example.com' }) });
    const known = await app.inject({ method: 'POST', url: '/en/account/recover', ...form({ email: MARIA.email }) });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).not.toContain('No account found');
    expect(unknown.body.replace('ghost@example.com', 'X')).toBe(known.body.replace(MARIA.email, 'X'));
    // Only the real customer gets a link.
    expect(logs.slice(before).length).toBe(1);
  });

  it('issues reset links that work once and expire after a day', async () => {
    const app = await preview();
    const ask = async () => {
      await app.inject({ method: 'POST', url: '/account/recover', remoteAddress: `10.2.0.${logs.length % 250}`, ...form({ email: MARIA.email }) });
      return linkOf(logs.at(-1));
    };
    const reset = (link: string, password = 'Good-Password-2026') => {
      const [, id, token] = /\/account\/reset\/(\d+)\/(\w+)$/.exec(link) ?? [];
      return app.inject({
        method: 'POST',
        url: '/account/reset',
        ...form({ id: id!, token: token!, 'customer[password]': password, 'customer[password_confirmation]': password }),
      });
    };
    const first = await ask();
    const second = await ask();
    expect(first).not.toBe(second);
    expect((await app.inject({ url: first })).statusCode).toBe(200);

    const used = await reset(first);
    expect(used.headers.location).toBe('/account');
    // Used: the page and the form go to invalid_token, and so does every other link she held.
    for (const link of [first, second]) {
      const page = await app.inject({ url: link });
      expect(page.statusCode, link).toBe(302);
      expect(page.headers.location).toBe('/account/invalid_token');
      expect((await reset(link, 'Other-Password-2026')).headers.location).toBe('/account/invalid_token');
    }
    // Right after a reset the success view of the used link may still be shown.
    expect((await app.inject({ url: `${first}?recovered=true` })).statusCode).toBe(200);

    const stale = await ask();
    expect((await app.inject({ url: stale })).statusCode).toBe(200);
    clock += RESET_TOKEN_TTL_MS + 1;
    expect((await app.inject({ url: stale })).headers.location).toBe('/account/invalid_token');
    expect((await reset(stale)).headers.location).toBe('/account/invalid_token');
  });

  it('escapes the shop name on the 429 page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    for (const file of ['products.json', 'collections.json', 'menus.json', 'pages.json', 'customers.json'])
      writeFileSync(join(dir, file), readFileSync(join(FIXTURES, file)));
    symlinkSync(join(FIXTURES, 'images'), join(dir, 'images'), 'dir');
    const shop = JSON.parse(readFileSync(join(FIXTURES, 'shop.json'), 'utf8')) as { name: string };
    shop.name = 'MAVKA<script>alert(1)</script>';
    writeFileSync(join(dir, 'shop.json'), JSON.stringify(shop));
    try {
      const app = await preview(dir);
      let response;
      for (let i = 0; i <= RECOVER_LIMIT; i++)
        response = await app.inject({ method: 'POST', url: '/account/recover', remoteAddress: '10.3.3.3', ...form({ email: 'ghost@example.com' }) });
      expect(response!.statusCode).toBe(429);
      expect(response!.body).not.toContain('<script>alert(1)</script>');
      expect(response!.body).toContain('MAVKA&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every answer', () => {
  it('forbids type sniffing and framing by another site', async () => {
    const app = await preview();
    for (const url of ['/', '/en/products/wool-wrap-coat', '/cart.js', '/no-such-page']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a Host header no shop could have, before anything prints it', async () => {
    const app = await preview();
    for (const host of ['evil"><script>alert(1)</script>', 'a b', 'x.example/<svg>']) {
      const response = await app.inject({ url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(400);
      expect(response.body).not.toContain('<script>');
    }
    // A host it serves, on any port (hostile-client.test.ts: which hosts those are).
    expect((await app.inject({ url: '/', headers: { host: 'localhost:8080' } })).statusCode).toBe(200);
  });
});

describe('the language form', () => {
  it('never redirects off the shop, whatever language prefix return_to carries', async () => {
    const app = await preview();
    for (const [url, returnTo, language] of [
      ['/localization', '/en//evil.example', 'uk'],
      ['/localization', '/en//evil.example/path?x=1', 'uk'],
      ['/en/localization', '/en//evil.example', 'en'],
      ['/localization', '/en/\\/evil.example', 'uk'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, ...form({ form_type: 'localization', return_to: returnTo, language_code: language }) });
      expect(response.statusCode, returnTo).toBe(302);
      const location = String(response.headers.location);
      expect(location.startsWith('//') || location.includes('\\'), `${returnTo} → ${location}`).toBe(false);
      expect(new URL(location, 'http://shop.example').host, returnTo).toBe('shop.example');
    }
  });
});
