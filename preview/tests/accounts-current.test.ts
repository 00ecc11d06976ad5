// Today's customer accounts in the preview (PREVIEW_ACCOUNTS=current): the shop has no legacy
// account forms, /account… are stand-ins for the platform's hosted pages, sign-in is passwordless
// through /customer_authentication/login, and the storefront then has its `customer`.
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../server';
import { accountModeFromEnv } from '../platform/account-mode';
import { cookieOf, FIXTURES, REAL_THEME, form, MARIA, newBrowser, OLENA } from '../testing';

let app: FastifyInstance;
let legacy: FastifyInstance;
beforeAll(async () => {
  app = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, accounts: 'current', log: () => {} });
  legacy = await createPreview({ themeDir: REAL_THEME, storeDir: FIXTURES, accounts: 'legacy', log: () => {} });
  await Promise.all([app.ready(), legacy.ready()]);
});
afterAll(async () => {
  await Promise.all([app.close(), legacy.close()]);
});

async function signInPasswordless(
  email: string,
  returnTo = '/',
  prefix = '',
): Promise<{ cookie: string; planted: string; location: string | undefined; status: number }> {
  const planted = await newBrowser(app);
  const { payload, headers } = form({ email, return_to: returnTo });
  const response = await app.inject({ method: 'POST', url: `${prefix}/customer_authentication/login`, payload, headers: { ...headers, cookie: planted } });
  // Sign-in renews the session id (no fixation): the browser holds the new cookie from here on.
  const cookie = response.statusCode === 302 ? cookieOf(response) : planted;
  return { cookie, planted, location: response.headers.location as string | undefined, status: response.statusCode };
}

describe("the storefront of a shop with today's accounts", () => {
  it('has the account component in the header and no legacy login link', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.body).toMatch(/<shopify-account class="site-header__account-component" menu="customer-account-main-menu">/);
    expect(home.body).toContain('slot="signed-out-avatar"');
    expect(home.body).toContain('<script src="/__preview/shopify-account.js" defer></script>');
    expect(home.body).toMatch(/"accounts": "current"/);
    expect(home.body).not.toMatch(/class="site-header__account" href="\/account\/login" data-action="login"/);
  });

  it("keeps the spec's legacy header when the shop has legacy accounts", async () => {
    const home = await legacy.inject({ url: '/' });
    expect(home.body).not.toContain('<shopify-account');
    expect(home.body).not.toContain('/__preview/shopify-account.js');
    expect(home.body).toMatch(/class="site-header__account" href="\/account\/login" data-action="login"/);
    expect(home.body).toMatch(/"accounts": "legacy"/);
  });

  it('answers the legacy account forms with 404: there is nothing to post to', async () => {
    for (const url of [
      '/account/login',
      '/account',
      '/account/recover',
      '/account/reset/4000000001/x',
      '/account/addresses',
      '/account/addresses/1',
      '/en/account/login',
    ]) {
      const { payload, headers } = form({ form_type: 'customer_login', 'customer[email]': OLENA.email, 'customer[password]': OLENA.password });
      const response = await app.inject({ method: 'POST', url, payload, headers });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
  });

  it('serves the component stand-in as a script that parses', async () => {
    const script = await app.inject({ url: '/__preview/shopify-account.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(() => new Script(script.body)).not.toThrow();
    expect(script.body).toContain('customElements.define("shopify-account"');
  });
});

describe('passwordless sign-in and the hosted account pages', () => {
  it('sends a guest from /account to the sign-in page and back', async () => {
    const response = await app.inject({ url: '/account/addresses' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/customer_authentication/login?return_to=%2Faccount%2Faddresses');
    const login = await app.inject({ url: '/account/login' });
    expect([login.statusCode, login.headers.location]).toEqual([302, '/customer_authentication/login']);
    const page = await app.inject({ url: '/customer_authentication/login?return_to=%2Faccount%2Faddresses' });
    expect(page.body).toContain('Увійти як Олена Коваль');
    expect(page.body).toContain('name="return_to" value="/account/addresses"');
    expect(page.body).not.toMatch(/action="(\/en)?\/account/);
  });

  it('signs a demo customer in without a password; the storefront greets her', async () => {
    const { cookie, planted, status, location } = await signInPasswordless(OLENA.email, '/collections/all');
    expect([status, location]).toEqual([302, '/collections/all']);
    const page = await app.inject({ url: '/collections/all', headers: { cookie } });
    expect(page.body).toContain('Привіт, Олена');
    // The id the browser held before signing in (one another could have planted) signs nobody in.
    expect(cookie).not.toBe(planted);
    expect((await app.inject({ url: '/collections/all', headers: { cookie: planted } })).body).not.toContain('Привіт, Олена');
    expect(page.body).toContain('"customer": {"id": 4000000001');
    // The left menu's account links: hosted orders and profile, the storefront wishlist.
    expect(page.body).toContain('<a class="left-menu__link" href="/account">Замовлення</a>');
    expect(page.body).toContain('<a class="left-menu__link" href="/collections/all?view=wishlist">Список бажань</a>');
    expect(page.body).toContain('<a class="left-menu__link" href="/account/addresses">Адреси й профіль</a>');
  });

  it('shows her orders with their totals and her addresses on the hosted stand-ins, in both languages', async () => {
    const { cookie } = await signInPasswordless(OLENA.email);
    const orders = await app.inject({ url: '/account', headers: { cookie } });
    expect(orders.statusCode).toBe(200);
    expect(orders.body).toContain('data-hosted-account-page');
    expect(orders.body.match(/<th scope="row">#10\d\d<\/th>/g)).toHaveLength(10);
    expect(orders.body).toMatch(/<td>\d[\d ]* UAH<\/td>/);
    const profile = await app.inject({ url: '/en/account/addresses', headers: { cookie } });
    expect(profile.body).toContain('<html lang="en">');
    expect(profile.body).toContain('olena@example.com');
    expect(profile.body).toContain('Default address');
    const empty = await signInPasswordless(MARIA.email);
    const none = await app.inject({ url: '/account', headers: { cookie: empty.cookie } });
    expect(none.body).toContain('Замовлень ще немає.');
  });

  it('refuses an unknown email and an off-site return_to', async () => {
    const unknown = await signInPasswordless('nobody@example.com');
    expect(unknown.status).toBe(422);
    const offsite = await signInPasswordless(OLENA.email, 'https://evil.example/');
    expect([offsite.status, offsite.location]).toEqual([302, '/account']);
  });

  it("sends the spec's wishlist address to the storefront wishlist page", async () => {
    const response = await app.inject({ url: '/en/account/wishlist' });
    expect([response.statusCode, response.headers.location]).toEqual([302, '/en/collections/all?view=wishlist']);
    const page = await app.inject({ url: '/en/collections/all?view=wishlist' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-island="account-wishlist"');
    expect(page.body).toMatch(/<title>Wishlist · /);
  });

  it('signs out through routes.account_logout_url', async () => {
    const { cookie } = await signInPasswordless(OLENA.email);
    const out = await app.inject({ url: '/account/logout', headers: { cookie } });
    expect([out.statusCode, out.headers.location]).toEqual([302, '/']);
    const home = await app.inject({ url: '/', headers: { cookie } });
    expect(home.body).not.toContain('Привіт, Олена');
    expect(home.body).toContain('"customer": null');
  });
});

describe('PREVIEW_ACCOUNTS', () => {
  it('is legacy when unset, and a typo stops the preview', () => {
    expect(accountModeFromEnv(undefined)).toBe('legacy');
    expect(accountModeFromEnv('current')).toBe('current');
    expect(() => accountModeFromEnv('new')).toThrow(/PREVIEW_ACCOUNTS must be "current" or "legacy"/);
  });
});
