// Customer accounts in the preview: the classic account forms answer as the platform does
// (redirects on success, the page again with form errors on failure), per browser session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieOf, form, MARIA, newBrowser, OLENA, signIn, testPreview } from '../testing';
import { RECOVER_LIMIT } from '../routes/account';

let app: FastifyInstance;
let logs: string[];
beforeAll(async () => {
  ({ app, logs } = await testPreview());
});
afterAll(() => app.close());

async function postForm(url: string, fields: Record<string, string | number>, cookie?: string) {
  const { payload, headers } = form(fields);
  return app.inject({ method: 'POST', url, payload, headers: cookie ? { ...headers, cookie } : headers });
}

const resetLinkOf = (line: string | undefined): string => new URL(/(http\S+)/.exec(line ?? '')?.[1] ?? 'http://x/none').pathname;

describe('sign in and out', () => {
  it('signs in with the demo customer and redirects to /account, then to return_to', async () => {
    const cookie = await newBrowser(app);
    const response = await postForm(
      '/account/login',
      { form_type: 'customer_login', 'customer[email]': OLENA.email, 'customer[password]': OLENA.password },
      cookie,
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account');
    const account = await app.inject({ url: '/account', headers: { cookie: cookieOf(response) } });
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('olena@example.com Олена Коваль');
    expect(account.body).toContain('#1010');

    const other = await newBrowser(app);
    const en = await postForm(
      '/en/account/login',
      { 'customer[email]': 'OLENA@example.com ', 'customer[password]': OLENA.password, return_to: '/en/collections/all' },
      other,
    );
    expect(en.headers.location).toBe('/en/collections/all');
  });

  it('never follows a return_to that leaves the shop', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const response = await postForm(
        '/account/login',
        { 'customer[email]': OLENA.email, 'customer[password]': OLENA.password, return_to: returnTo },
        await newBrowser(app),
      );
      expect(response.headers.location, returnTo).toBe('/account');
    }
  });

  it('renders the login page again with "Incorrect email or password." in the form errors, keeping the email', async () => {
    const response = await postForm('/en/account/login', { 'customer[email]': OLENA.email, 'customer[password]': 'wrong' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div class="login-errors"><div class="errors"><ul><li>Incorrect email or password.</li></ul></div></div>');
    expect(response.body).toContain('value="olena@example.com"');
    const uk = await postForm('/account/login', { 'customer[email]': 'nobody@example.com', 'customer[password]': 'x' });
    expect(uk.body).toContain('<li>Неправильна електронна пошта або пароль.</li>');
  });

  it('refuses account pages to guests with a redirect to the login page of their language', async () => {
    for (const [path, login] of [
      ['/account', '/account/login'],
      ['/account/addresses', '/account/login'],
      ['/en/account/orders', '/en/account/login'],
      ['/pages/api/customer', null],
    ] as const) {
      const response = await app.inject({ url: path });
      if (login) {
        expect(response.statusCode, path).toBe(302);
        expect(response.headers.location, path).toBe(login);
      }
    }
  });

  it('sends a signed-in customer from the login page to the account', async () => {
    const cookie = await signIn(app);
    const response = await app.inject({ url: '/en/account/login', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/account');
  });

  it('logs out with GET /account/logout to the root of the current language', async () => {
    const cookie = await signIn(app);
    const response = await app.inject({ url: '/en/account/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/');
    expect((await app.inject({ url: '/account', headers: { cookie } })).statusCode).toBe(302);
    expect((await app.inject({ url: '/account/logout' })).headers.location).toBe('/');
  });
});

describe('create customer', () => {
  it('validates with the platform messages: blank, invalid, taken, too short', async () => {
    const blank = await postForm('/en/account', { form_type: 'create_customer', 'customer[email]': '', 'customer[password]': '' });
    expect(blank.statusCode).toBe(200);
    expect(blank.body).toContain('<li>Email can&#39;t be blank.</li><li>Password can&#39;t be blank.</li>');
    const invalid = await postForm('/en/account', { 'customer[email]': 'not-an-email', 'customer[password]': '1234', 'customer[first_name]': 'Ann' });
    expect(invalid.body).toContain('<li>Email must be a valid email address.</li><li>Password is too short (minimum is 5 characters).</li>');
    expect(invalid.body).toContain('value="Ann"');
    const taken = await postForm('/en/account', { 'customer[email]': MARIA.email, 'customer[password]': 'long enough' });
    expect(taken.body).toContain('<li>Email has already been taken.</li>');
    const uk = await postForm('/account', { 'customer[email]': '', 'customer[password]': 'abc' });
    expect(uk.body).toContain('<li>Поле «Електронна пошта» не може бути порожнім.</li><li>Поле «Пароль» закоротке (мінімум 5 символів).</li>');
  });

  it('creates the account, signs in and redirects to the root; the email is then taken', async () => {
    const cookie = await newBrowser(app);
    const email = 'new.shopper@example.com';
    const response = await postForm(
      '/en/account',
      {
        form_type: 'create_customer',
        'customer[first_name]': 'Nova',
        'customer[last_name]': '',
        'customer[email]': email,
        'customer[password]': 'secret5',
        'customer[tags]': 'en',
      },
      cookie,
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/');
    const account = await app.inject({ url: '/en/account', headers: { cookie: cookieOf(response) } });
    expect(account.body).toContain(`${email} Nova`);
    const again = await postForm('/en/account', { 'customer[email]': email, 'customer[password]': 'secret5' });
    expect(again.body).toContain('has already been taken');
    const signIn = await postForm('/account/login', { 'customer[email]': email, 'customer[password]': 'secret5' });
    expect(signIn.statusCode).toBe(302);
  });

  it('updates the customer with _method=put (customer_update) and redirects to /account; guests go to login', async () => {
    const cookie = await signIn(app);
    const response = await postForm('/account', { form_type: 'customer_update', _method: 'put', utf8: '✓' }, cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account');
    const guest = await postForm('/en/account', { form_type: 'customer_update', _method: 'put' });
    expect(guest.headers.location).toBe('/en/account/login');
  });
});

describe('password recovery and reset', () => {
  it('renders the login page again with posted_successfully and prints the reset link for the developer', async () => {
    const before = logs.length;
    const response = await postForm('/en/account/recover', { form_type: 'recover_customer_password', email: OLENA.email }, await newBrowser(app));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p class="recover-sent">olena@example.com</p>');
    expect(logs.length).toBe(before + 1);
    expect(resetLinkOf(logs.at(-1))).toMatch(/^\/en\/account\/reset\/4000000001\/[0-9a-f]{32}$/);
  });

  it('answers an unknown email like a known one (no enumeration), an invalid one with the platform message', async () => {
    const unknown = await postForm('/en/account/recover', { email: 'ghost@example.com' }, await newBrowser(app));
    expect(unknown.body).not.toContain('No account found');
    expect(unknown.body).toContain('<p class="recover-sent">ghost@example.com</p>');
    const invalid = await postForm('/en/account/recover', { email: 'ghost' }, await newBrowser(app));
    expect(invalid.body).toContain('<li>Email must be a valid email address.</li>');
  });

  it(`answers 429 once one client address has sent more than ${RECOVER_LIMIT} within a minute`, async () => {
    const { app: fresh } = await testPreview();
    try {
      const cookie = await newBrowser(fresh);
      const statuses: number[] = [];
      for (let i = 0; i < RECOVER_LIMIT + 2; i++) {
        const { payload, headers } = form({ email: 'ghost@example.com' });
        statuses.push((await fresh.inject({ method: 'POST', url: '/en/account/recover', payload, headers: { ...headers, cookie } })).statusCode);
      }
      expect(statuses).toEqual([...Array(RECOVER_LIMIT).fill(200), 429, 429]);
      const { payload, headers } = form({ email: OLENA.email });
      const limited = await fresh.inject({ method: 'POST', url: '/en/account/recover', payload, headers: { ...headers, cookie } });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.body).toContain('Too many requests');
      const uk = await fresh.inject({ method: 'POST', url: '/account/recover', payload, headers: { ...headers, cookie } });
      expect(uk.body).toContain('Забагато запитів');
      // A client is its address: a fresh cookie is the same client, another address is another.
      const freshCookie = await fresh.inject({ method: 'POST', url: '/en/account/recover', payload, headers: { ...headers, cookie: await newBrowser(fresh) } });
      expect(freshCookie.statusCode).toBe(429);
      const other = await fresh.inject({ method: 'POST', url: '/en/account/recover', payload, headers, remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('resets the password with the emailed link: spec §5 rules on the server, then signed in at /account', async () => {
    const { app: fresh, logs: freshLogs } = await testPreview();
    try {
      await fresh.inject({ method: 'POST', url: '/en/account/recover', ...form({ email: MARIA.email }) });
      const link = resetLinkOf(freshLogs.at(-1));
      const [, id, token] = /\/account\/reset\/(\d+)\/(\w+)$/.exec(link) ?? [];
      const page = await fresh.inject({ url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<input type="hidden" name="token" value="${token}" /><input type="hidden" name="id" value="${id}" />`);

      const attempt = async (password: string, confirmation = password, url = '/en/account/reset') => {
        const cookie = await newBrowser(fresh);
        const response = await fresh.inject({
          method: 'POST',
          url,
          ...form({
            form_type: 'reset_customer_password',
            id: id!,
            token: token!,
            'customer[password]': password,
            'customer[password_confirmation]': confirmation,
          }),
          headers: { ...form({}).headers, cookie },
        });
        return { response, cookie };
      };
      expect((await attempt('Short1!')).response.body).toContain('<li>Password is too short (minimum is 12 characters).</li>');
      expect((await attempt('alllowercase123!')).response.body).toContain(
        '<li>Password Passwords must match and correspond to the specified validation criteria.</li>',
      );
      expect((await attempt('NoDigitsHere!!xx')).response.body).toContain('specified validation criteria');
      expect((await attempt('NoSymbols12345x')).response.body).toContain('specified validation criteria');
      expect((await attempt('Good-Password-2026', 'Good-Password-2027')).response.body).toContain(
        '<li>The password confirmation must match the provided password.</li>',
      );

      const { response, cookie } = await attempt('Good-Password-2026', 'Good-Password-2026', link);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/en/account');
      expect(cookieOf(response)).not.toBe(cookie);
      expect((await fresh.inject({ url: '/en/account', headers: { cookie: cookieOf(response) } })).body).toContain('maria@example.com');
      // The new password signs in; the old one and the used link no longer work.
      expect(
        (await fresh.inject({ method: 'POST', url: '/account/login', ...form({ 'customer[email]': MARIA.email, 'customer[password]': 'Good-Password-2026' }) }))
          .statusCode,
      ).toBe(302);
      expect(
        (await fresh.inject({ method: 'POST', url: '/account/login', ...form({ 'customer[email]': MARIA.email, 'customer[password]': MARIA.password }) }))
          .statusCode,
      ).toBe(200);
      const reused = await attempt('Other-Password-2026');
      expect(reused.response.statusCode).toBe(302);
      expect(reused.response.headers.location).toBe('/en/account/invalid_token');
    } finally {
      await fresh.close();
    }
  });

  it('sends a wrong token to /account/invalid_token, which goes home', async () => {
    const response = await postForm('/account/reset', {
      id: OLENA.id,
      token: 'f'.repeat(32),
      'customer[password]': 'Good-Password-2026',
      'customer[password_confirmation]': 'Good-Password-2026',
    });
    expect(response.headers.location).toBe('/account/invalid_token');
    const home = await app.inject({ url: '/en/account/invalid_token' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/en/');
  });
});

describe('addresses', () => {
  it('updates the default address with _method=put, redirects to /account/addresses and keeps it for the session', async () => {
    const { app: fresh } = await testPreview();
    try {
      const cookie = await signIn(fresh);
      const response = await fresh.inject({
        method: 'POST',
        url: '/en/account/addresses/4100000001',
        ...form({
          form_type: 'customer_address',
          utf8: '✓',
          'address[default]': 1,
          _method: 'put',
          'address[country]': 'Ukraine',
          'address[province]': 'Львівська',
          'address[city]': 'Львів',
          'address[zip]': '79000',
          'address[address1]': 'пл. Ринок, 1',
          'address[address2]': '',
          'address[phone]': '+380500000000',
        }),
        headers: { ...form({}).headers, cookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/en/account/addresses');
      const page = await fresh.inject({ url: '/en/account/addresses', headers: { cookie } });
      expect(page.body).toContain('data-id="4100000001">Львів|пл. Ринок, 1|79000|+380500000000</p>');
      expect(page.body).toContain('<p class="saved">saved</p>');
      // The flash shows once.
      expect((await fresh.inject({ url: '/en/account/addresses', headers: { cookie } })).body).not.toContain('class="saved"');
      // Another browser signed in as the same customer sees the change: accounts live in the preview.
      const other = await signIn(fresh);
      expect((await fresh.inject({ url: '/account/addresses', headers: { cookie: other } })).body).toContain('Львів');
    } finally {
      await fresh.close();
    }
  });

  it('creates and deletes addresses; refuses other customers’ addresses and guests', async () => {
    const { app: fresh } = await testPreview();
    try {
      const cookie = await signIn(fresh, MARIA);
      const created = await fresh.inject({
        method: 'POST',
        url: '/account/addresses',
        ...form({ 'address[city]': 'Одеса', 'address[default]': 1 }),
        headers: { ...form({}).headers, cookie },
      });
      expect(created.headers.location).toBe('/account/addresses');
      const page = (await fresh.inject({ url: '/account/addresses', headers: { cookie } })).body;
      const id = /data-id="(\d+)">Одеса/.exec(page)?.[1];
      expect(id).toBeDefined();
      expect(
        (
          await fresh.inject({
            method: 'POST',
            url: '/account/addresses/4100000001',
            ...form({ _method: 'put', 'address[city]': 'X' }),
            headers: { ...form({}).headers, cookie },
          })
        ).statusCode,
      ).toBe(404);
      const deleted = await fresh.inject({
        method: 'POST',
        url: `/account/addresses/${id}`,
        ...form({ _method: 'delete' }),
        headers: { ...form({}).headers, cookie },
      });
      expect(deleted.statusCode).toBe(302);
      expect((await fresh.inject({ url: '/account/addresses', headers: { cookie } })).body).toContain('<p class="count">0</p>');
      const guest = await fresh.inject({ method: 'POST', url: '/en/account/addresses/4100000001', ...form({ _method: 'put' }) });
      expect(guest.headers.location).toBe('/en/account/login');
    } finally {
      await fresh.close();
    }
  });
});

describe('newsletter (customer form) and contact', () => {
  it('redirects back with customer_posted=true, which the page shows as posted_successfully', async () => {
    const cookie = await newBrowser(app);
    const response = await postForm(
      '/en/contact',
      { form_type: 'customer', utf8: '✓', 'contact[email]': 'reader@example.com', 'contact[tags]': 'newsletter', return_to: '/en/pages/about-us' },
      cookie,
    );
    expect(response.statusCode).toBe(302);
    // No fragment: the browser keeps the form action's own (#contact_form, or the form's id).
    expect(response.headers.location).toBe('/en/pages/about-us?customer_posted=true');
    const page = await app.inject({ url: '/en/pages/about-us?customer_posted=true', headers: { cookie } });
    expect(page.body).toContain('<p class="subscribed">ok</p>');
  });

  it('sends an invalid email back with the error shown once on the next page', async () => {
    const cookie = await newBrowser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/contact',
      ...form({ form_type: 'customer', 'contact[email]': 'nope' }),
      headers: { ...form({}).headers, cookie, referer: 'http://localhost:80/pages/about-us' },
    });
    expect(response.headers.location).toBe('/pages/about-us');
    const page = await app.inject({ url: '/pages/about-us', headers: { cookie } });
    expect(page.body).toContain('<li>Поле «Електронна пошта» має бути дійсною адресою електронної пошти.</li>');
    expect((await app.inject({ url: '/pages/about-us', headers: { cookie } })).body).not.toContain('class="errors"');
  });

  it("keeps the error for the page the shopper is sent back to while the old page's scripts still fetch", async () => {
    const cookie = await newBrowser(app);
    await app.inject({
      method: 'POST',
      url: '/contact',
      ...form({ form_type: 'customer', 'contact[email]': 'nope' }),
      headers: { ...form({}).headers, cookie, referer: 'http://localhost:80/pages/about-us' },
    });
    // An alternate view and a script's fetch of a page, both answered after the post.
    await app.inject({ url: '/collections/all?view=list-index', headers: { cookie } });
    await app.inject({ url: '/pages/about-us', headers: { cookie, 'sec-fetch-dest': 'empty' } });
    const page = await app.inject({ url: '/pages/about-us', headers: { cookie, 'sec-fetch-dest': 'document' } });
    expect(page.body).toContain('<li>Поле «Електронна пошта» має бути дійсною адресою електронної пошти.</li>');
  });
});

describe('sessions', () => {
  it('gives each browser its own sign-in', async () => {
    const signedIn = await signIn(app);
    const guest = await newBrowser(app);
    expect((await app.inject({ url: '/account', headers: { cookie: signedIn } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/account', headers: { cookie: guest } })).statusCode).toBe(302);
    const forged = await app.inject({ url: '/account', headers: { cookie: '_preview_session=../../etc/passwd' } });
    expect(forged.statusCode).toBe(302);
    expect(cookieOf(forged)).toMatch(/^_preview_session=[a-f0-9]{32}$/);
  });
});
