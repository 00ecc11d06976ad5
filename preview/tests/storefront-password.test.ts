// A password-protected shop (routes/storefront-password.ts) and `shop.features`
// (platform/shop-features.ts), on a copy of the test theme with a password template and layout.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../server';
import { FIXTURES, TEST_THEME, cookieOf, form } from '../testing';
import { ACCESS_COOKIE } from '../routes/storefront-password';

let dir = '';
let locked: FastifyInstance;
let open: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-password-'));
  cpSync(TEST_THEME, dir, { recursive: true });
  writeFileSync(
    join(dir, 'layout', 'password.liquid'),
    '<!doctype html><html lang="{{ request.locale.iso_code }}"><body data-layout="password" data-page-type="{{ request.page_type }}">{{ content_for_layout }}</body></html>',
  );
  writeFileSync(
    join(dir, 'templates', 'password.liquid'),
    [
      "{% layout 'password' %}",
      '<p class="message">{{ shop.password_message }}</p>',
      '{%- form \'storefront_password\' -%}<div class="errors">{{ form.errors.messages[\'form\'] }}</div><input type="password" name="password">{%- endform -%}',
      '{%- form \'customer\' -%}{%- if form.posted_successfully? -%}<p class="subscribed">ok</p>{%- endif -%}{%- endform -%}',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'templates', 'page.features.liquid'),
    '<p class="follow">{{ shop.features.follow_on_shop? }}</p>{% if shop.features.follow_on_shop? %}{{ shop | login_button: action: \'follow\' }}{% endif %}',
  );
  locked = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {}, storefrontPassword: 'secret', followOnShop: true });
  open = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {}, storefrontPassword: '', followOnShop: false });
});
afterAll(async () => {
  await locked?.close();
  await open?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a password-protected shop', () => {
  it('sends every storefront page to /password, in the page’s language; files of the CDN stay open', async () => {
    for (const [url, to] of [
      ['/', '/password'],
      ['/products/wool-wrap-coat', '/password'],
      ['/en/collections/all?page=2', '/en/password'],
      ['/cart.js', '/password'],
      ['/account/login', '/password'],
      ['/no-such-page', '/password'],
    ] as const) {
      const response = await locked.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(to);
    }
    expect((await locked.inject({ method: 'POST', url: '/cart/add.js', ...form({ id: 1, quantity: 1 }) })).headers.location).toBe('/password');
    expect((await locked.inject({ url: '/cdn/shop/files/wool-wrap-coat-1.jpg?width=100' })).statusCode).toBe(200);
  });

  it('renders the password template in its layout, as page type password, in both languages', async () => {
    const uk = await locked.inject({ url: '/password' });
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('data-layout="password" data-page-type="password"');
    expect(uk.body).toContain('<form method="post" action="/password" id="login_form"');
    const en = await locked.inject({ url: '/en/password' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('action="/en/password"');
  });

  it('renders the page again with the platform’s error for a wrong password, and lets the browser in with the right one', async () => {
    const wrong = await locked.inject({ method: 'POST', url: '/en/password', ...form({ form_type: 'storefront_password', utf8: '✓', password: 'guess' }) });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('<div class="errors">Password incorrect, please try again.</div>');
    expect(String(wrong.headers['set-cookie'])).not.toContain(ACCESS_COOKIE);
    const wrongUk = await locked.inject({ method: 'POST', url: '/password', ...form({ form_type: 'storefront_password', password: '' }) });
    expect(wrongUk.body).toContain('<div class="errors">Неправильний пароль, спробуйте ще раз.</div>');

    const right = await locked.inject({ method: 'POST', url: '/en/password', ...form({ form_type: 'storefront_password', utf8: '✓', password: 'secret' }) });
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe('/en/');
    const cookie = cookieOf(right);
    expect(cookie.startsWith(`${ACCESS_COOKIE}=`)).toBe(true);
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/);
    const home = await locked.inject({ url: '/products/wool-wrap-coat', headers: { cookie } });
    expect(home.statusCode).toBe(200);
    // Let in, the password page is no longer there.
    expect((await locked.inject({ url: '/password', headers: { cookie } })).headers.location).toBe('/');
    // A made-up cookie opens nothing.
    expect((await locked.inject({ url: '/', headers: { cookie: `${ACCESS_COOKIE}=0000` } })).headers.location).toBe('/password');
  });

  it('keeps the newsletter signup open on the locked shop', async () => {
    const response = await locked.inject({
      method: 'POST',
      url: '/contact',
      ...form({ form_type: 'customer', 'contact[email]': 'first@example.com', return_to: '/password' }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/password?customer_posted=true');
    expect((await locked.inject({ url: '/password?customer_posted=true' })).body).toContain('<p class="subscribed">ok</p>');
  });

  it('refuses a password posted from another site', async () => {
    const response = await locked.inject({
      method: 'POST',
      url: '/password',
      ...form({ form_type: 'storefront_password', password: 'secret' }),
      headers: { ...form({}).headers, origin: 'https://elsewhere.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('shows the shop in the theme editor, locked or not', async () => {
    expect((await locked.inject({ url: '/?design_mode=1' })).statusCode).toBe(200);
  });
});

describe('an open shop', () => {
  it('has no password page: /password goes home, and pages render', async () => {
    expect((await open.inject({ url: '/' })).statusCode).toBe(200);
    expect((await open.inject({ url: '/en/password' })).headers.location).toBe('/en/');
    expect((await open.inject({ method: 'POST', url: '/password', ...form({ password: 'x' }) })).headers.location).toBe('/');
  });
});

describe('shop.features', () => {
  it('says whether Follow on Shop is on, and the button is the platform’s markup', async () => {
    const cookie = cookieOf(await locked.inject({ method: 'POST', url: '/password', ...form({ password: 'secret' }) }));
    const on = await locked.inject({ url: '/en/pages/about-us?view=features', headers: { cookie } });
    expect(on.body).toContain('<p class="follow">true</p>');
    expect(on.body).toContain('<shop-login-button action="follow">');
    expect(on.body).toContain('Follow on Shop');
    const off = await open.inject({ url: '/en/pages/about-us?view=features' });
    expect(off.body).toContain('<p class="follow">false</p>');
    expect(off.body).not.toContain('shop-login-button');
  });
});
