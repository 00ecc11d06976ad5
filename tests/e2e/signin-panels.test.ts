// Signing in, up and recovering a password in real Chromium against the preview, in both
// languages: the panels (fetch with the platform's forms) and, without JavaScript, the pages.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolationsIn } from './panel-axe';
import { baseUrl, expectAnswer, openPage, useBrowser, DESKTOP, PHONE } from './browser';

const { browser } = useBrowser();
const OLENA = { email: 'olena@example.com', password: 'Demo-password-2026!' };

const panel = (page: Page) => page.locator('.right-panel [role="dialog"]');

// The preview throttles recover posts per client address, and every test browser comes from
// 127.0.0.1: a browser that posts the recover form speaks as a client of its own, through the
// X-Forwarded-For a local proxy would send (the preview of global-setup.ts trusts 127.0.0.1 as one).
let clients = 0;
const ownClient = (context: BrowserContext) => context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.17.${process.pid % 250}.${++clients}` });
const greeting = (page: Page) => page.locator('.site-header__account').textContent();

async function submit(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

/** The error text the platform's own page shows for a form post (what the panel must show too). */
async function platformError(context: BrowserContext, path: string, form: Record<string, string>, containerId: string): Promise<string> {
  const response = await context.request.post(`${baseUrl()}${path}`, { form });
  const page = await context.newPage();
  // Only the markup is wanted: no scripts, styles or images of the page are loaded.
  const html = (await response.text()).replace(/<script[\s\S]*?<\/script>|<link[^>]*>|<img[^>]*>/g, '');
  await page.setContent(html, { waitUntil: 'domcontentloaded' });
  const text = (await page.locator(`#${containerId}`).innerText()).trim();
  await page.close();
  expect(text).not.toBe('');
  return text;
}

function platformLoginError(context: BrowserContext, prefix: string): Promise<string> {
  const form = { form_type: 'customer_login', utf8: '✓', 'customer[email]': OLENA.email, 'customer[password]': 'not-the-password' };
  return platformError(context, `${prefix}/account/login`, form, 'customer_login-errors');
}

describe('sign-in panels', () => {
  it('in Ukrainian: the header link opens log in; a wrong password shows the platform error; the right one signs in', async () => {
    const { page, context, errors } = await openPage(browser(), '/collections', { viewport: DESKTOP });
    await page.locator('header').getByRole('link', { name: 'Увійти', exact: true }).click();
    await panel(page).getByRole('heading', { name: 'Вхід' }).waitFor();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('login');
    const submitButton = panel(page).getByRole('button', { name: 'Увійти' });
    expect(await submitButton.isDisabled()).toBe(true);
    await panel(page).getByLabel('Електронна пошта').fill('olena@');
    expect(await panel(page).getByText('Вкажіть коректну адресу електронної пошти.').isVisible()).toBe(true);
    await panel(page).getByLabel('Електронна пошта').fill(OLENA.email);
    await panel(page).getByLabel('Пароль', { exact: true }).fill('not-the-password');
    expect(await axeViolationsIn(page)).toEqual([]);
    await submitButton.click();

    const alert = panel(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).not.toBe('');
    expect(await alert.innerText()).toBe(await platformLoginError(context, ''));
    // Only the allowed markup of an error list got through.
    expect(
      await alert.evaluate((el) => Array.from(el.querySelectorAll('*'), (n) => n.tagName.toLowerCase()).every((tag) => ['div', 'ul', 'li', 'p'].includes(tag))),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/collections');

    await panel(page).getByLabel('Пароль', { exact: true }).fill(OLENA.password);
    await Promise.all([page.waitForEvent('load'), submitButton.click()]);
    expect(new URL(page.url()).pathname).toBe('/collections');
    expect(new URL(page.url()).searchParams.has('rightSidebar')).toBe(false);
    expect(await greeting(page)).toContain('Олена');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English on a phone: the password toggle, the platform error, and the links between panels (axe on each)', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/?rightSidebar=login', { viewport: PHONE });
    await panel(page).getByRole('heading', { name: 'Log in' }).waitFor();
    await panel(page).getByLabel('Email').fill(OLENA.email);
    const password = panel(page).getByLabel('Password', { exact: true });
    await password.fill('wrong-password');
    const toggle = panel(page).getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await panel(page).getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => panel(page).getByRole('alert').innerText()).toBe(await platformLoginError(context, '/en'));

    await panel(page).getByRole('link', { name: 'Sign up' }).click();
    await panel(page).getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('signup');
    expect(await axeViolationsIn(page)).toEqual([]);
    await panel(page).getByRole('link', { name: 'Log in' }).click();
    await panel(page).getByRole('link', { name: 'Forgot your password?' }).click();
    await panel(page).getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('forgot-password');
    expect(await axeViolationsIn(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sign-up names each broken rule, keeps the button disabled, and creates the account once all hold', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/pages/about-us?rightSidebar=signup', { viewport: DESKTOP });
    const form = panel(page);
    await form.getByRole('heading', { name: 'Sign up' }).waitFor();
    const create = form.getByRole('button', { name: 'Create account' });
    const email = `ivanka.${Date.now()}@example.com`;
    const fields: [string, string, string, string][] = [
      ['First name', 'I', 'First name must be at least 2 characters.', 'Ivanka'],
      ['Email', 'ivanka@example', 'Enter a valid email address.', email],
      ['Password', '1234', 'Password must be at least 5 characters.', 'secret-5'],
      ['Confirm password', 'secret-6', 'Passwords must match.', 'secret-5'],
    ];
    for (const [label, bad, message, good] of fields) {
      await form.getByLabel(label, { exact: true }).fill(bad);
      await form.getByText(message).waitFor();
      expect(await create.isDisabled()).toBe(true);
      await form.getByLabel(label, { exact: true }).fill(good);
      expect(await form.getByText(message).count()).toBe(0);
    }
    expect(await create.isDisabled()).toBe(true); // terms not ticked yet
    const terms = form.getByRole('checkbox');
    await terms.check();
    await terms.uncheck();
    await form.getByText('Please accept the terms of use.').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await terms.check();
    expect(await create.isDisabled()).toBe(false);
    expect(await axeViolationsIn(page)).toEqual([]);
    await Promise.all([page.waitForEvent('load'), create.click()]);
    expect(new URL(page.url()).pathname).toBe('/en/pages/about-us');
    expect(await greeting(page)).toContain('Ivanka');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sign-up in Ukrainian says the passwords must match, and shows the platform error for a taken email', async () => {
    const { page, context } = await openPage(browser(), '/?rightSidebar=signup', { viewport: PHONE });
    const form = panel(page);
    await form.getByLabel('Ім’я').fill('Олена');
    await form.getByLabel('Електронна пошта').fill(OLENA.email);
    await form.getByLabel('Пароль', { exact: true }).fill('12345');
    await form.getByLabel('Підтвердіть пароль').fill('12346');
    await form.getByText('Паролі мають збігатися.').waitFor();
    await form.getByLabel('Підтвердіть пароль').fill('12345');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Створити обліковий запис' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).not.toBe('');
    const taken = {
      form_type: 'create_customer',
      utf8: '✓',
      'customer[first_name]': 'Олена',
      'customer[last_name]': '',
      'customer[email]': OLENA.email,
      'customer[password]': '12345',
    };
    expect(await form.getByRole('alert').innerText()).toBe(await platformError(context, '/account', taken, 'create_customer-errors'));
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('signup');
    await context.close();
  });

  it('forgot password: the confirmation names the email (Ukrainian), then too many requests answers 429 (English)', async () => {
    expectAnswer(429, '/en/account/recover'); // spec: too many requests
    const { page, context, errors } = await openPage(browser(), '/?rightSidebar=forgot-password', { viewport: PHONE });
    await ownClient(context);
    const send = panel(page).getByRole('button', { name: 'Надіслати' });
    expect(await send.isDisabled()).toBe(true);
    await panel(page).getByLabel('Електронна пошта').fill(OLENA.email);
    await send.click();
    await panel(page).getByText(`Якщо обліковий запис ${OLENA.email} існує, на нього надійде лист із подальшими інструкціями`).waitFor();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('recover-password');
    expect(await axeViolationsIn(page)).toEqual([]);

    // Four more recover posts from this client make five in the minute; the sixth is refused.
    for (let i = 0; i < 4; i++) {
      const response = await context.request.post(`${baseUrl()}/account/recover`, {
        form: { form_type: 'recover_customer_password', utf8: '✓', email: OLENA.email },
      });
      expect(response.status()).toBe(200);
    }
    await page.goto('/en/?rightSidebar=forgot-password');
    await panel(page).getByLabel('Email').fill(OLENA.email);
    await panel(page).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel(page).getByRole('alert').innerText()).toBe('Too many requests, please try again later');
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('forgot-password');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the panels over the home page at /account/login and /account/register', async () => {
    const { page, context } = await openPage(browser(), '/account/login', { viewport: PHONE });
    expect(new URL(page.url()).pathname).toBe('/');
    await panel(page).getByRole('heading', { name: 'Вхід' }).waitFor();
    await page.goto('/en/account/register');
    expect(new URL(page.url()).pathname).toBe('/en/');
    await panel(page).getByRole('heading', { name: 'Sign up' }).waitFor();
    await context.close();
  });

  it('works without JavaScript: native log in (wrong, then right), recover and register forms', async () => {
    const { page, context } = await openPage(browser(), '/account/login', { viewport: PHONE, javaScriptEnabled: false });
    await ownClient(context);
    const login = page.locator('#customer_login');
    await login.getByLabel('Електронна пошта').fill(OLENA.email);
    await login.getByLabel('Пароль').fill('not-the-password');
    await submit(page, login.getByRole('button', { name: 'Увійти' }));
    expect((await page.locator('#customer_login-errors').innerText()).trim()).toBe(await platformLoginError(context, ''));

    const recover = page.locator('#recover form');
    await recover.getByLabel('Електронна пошта').fill(OLENA.email);
    await submit(page, recover.getByRole('button', { name: 'Надіслати' }));
    expect(await page.getByText(`Якщо обліковий запис ${OLENA.email} існує`).isVisible()).toBe(true);

    await login.getByLabel('Електронна пошта').fill(OLENA.email);
    await login.getByLabel('Пароль').fill(OLENA.password);
    await submit(page, login.getByRole('button', { name: 'Увійти' }));
    expect(new URL(page.url()).pathname).toMatch(/^\/account/);
    expect(await greeting(page)).toContain('Олена');
    await context.close();

    const guest = await openPage(browser(), '/en/account/register', { viewport: PHONE, javaScriptEnabled: false });
    const register = guest.page.locator('#create_customer');
    await register.getByLabel('First name').fill('Sofia');
    await register.getByLabel('Email').fill(`sofia.${Date.now()}@example.com`);
    await register.getByLabel('Password').fill('secret-5');
    await register.getByRole('checkbox').check();
    await submit(guest.page, register.getByRole('button', { name: 'Create account' }));
    expect(new URL(guest.page.url()).pathname).toBe('/en/');
    expect(await greeting(guest.page)).toContain('Sofia');
    await guest.context.close();
  });
});
