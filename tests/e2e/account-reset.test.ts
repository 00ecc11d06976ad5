// The new-password screen in Chromium (spec §2, §4, §5): a weak password is refused, in the
// browser and by the platform, and a strong one is set; with and without JavaScript, in both
// languages. A reset link works once (preview/README.md, "Password reset"), so this file runs its own preview
// and reads each link from the developer log, as the email would carry it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { axeViolations } from './axe';
import { useBrowser, DESKTOP, holdCode, PHONE, startIsland } from './browser';
import { listenOnLoopback } from '../../preview/testing';

const { browser } = useBrowser();

const DEMO_PASSWORD = 'Demo-password-2026!';
const NEW_PASSWORD = 'Kyiv-Spring-2026#';
const maria = { id: 4000000002, email: 'maria@example.com' };
const logs: string[] = [];
let app: FastifyInstance;
let origin = '';
const baseUrl = () => origin;

beforeAll(async () => {
  app = await createPreview({ log: (line) => logs.push(line) });
  origin = await listenOnLoopback(app);
});
afterAll(async () => {
  await app?.close();
});

/** The reset link Maria's email carries after she asks for one (the recover form). */
async function resetLink(prefix: string): Promise<string> {
  await app.inject({
    method: 'POST',
    url: `${prefix}/account/recover`,
    payload: `email=${encodeURIComponent(maria.email)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return new URL(/(http\S+)/.exec(logs.at(-1) ?? '')?.[1] ?? 'http://x/none').pathname;
}

const field = (page: Page, id: 'NewPassword' | 'NewPasswordConfirmation') => page.locator(`#${id}`);

describe('new password', () => {
  it('refuses weak or differing passwords, then sets a strong one and shows the success view (uk, JavaScript)', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const link = await resetLink('');
    await page.goto(link);
    await startIsland(page, 'new-password');

    expect(await page.locator('h1').textContent()).toBe('Новий пароль');
    expect(await page.locator('.new-password__rules li').allTextContents()).toEqual([
      'містить щонайменше 12 символів (краще 14 і більше)',
      'поєднує великі й малі літери, цифри та символи',
      'не є словниковим словом чи ім’ям людини, персонажа, продукту або організації',
      'суттєво відрізняється від ваших попередніх паролів',
    ]);
    const submit = page.getByRole('button', { name: 'Встановити пароль' });
    const message = page.locator('#NewPasswordError');
    const mismatch = 'Паролі мають збігатися й відповідати вказаним вимогам.';
    expect(await submit.isDisabled()).toBe(true);

    // Nothing is said until both fields were edited.
    await field(page, 'NewPassword').fill('weakpassword');
    expect(await message.textContent()).toBe('');
    await field(page, 'NewPasswordConfirmation').fill('weakpassword');
    expect(await message.textContent()).toBe(mismatch);
    expect(await submit.isDisabled()).toBe(true);
    // Strong but different: still refused.
    await field(page, 'NewPassword').fill(NEW_PASSWORD);
    expect(await message.textContent()).toBe(mismatch);
    expect(await axeViolations(page)).toEqual([]);

    // Showing the first password hides the confirmation, which follows it.
    const toggle = page.getByRole('button', { name: 'Показати пароль' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await field(page, 'NewPassword').getAttribute('type')).toBe('text');
    expect(await field(page, 'NewPasswordConfirmation').isVisible()).toBe(false);
    await field(page, 'NewPassword').fill(NEW_PASSWORD);
    expect(await message.textContent()).toBe('');
    expect(await submit.isEnabled()).toBe(true);

    const posted = page.waitForRequest((r) => r.method() === 'POST');
    await submit.click();
    const request = await posted;
    expect(new URL(request.url()).pathname).toBe('/account/reset');
    const body = Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
    expect(body).toMatchObject({
      form_type: 'reset_customer_password',
      id: String(maria.id),
      token: link.split('/').pop(),
      'customer[password]': NEW_PASSWORD,
      'customer[password_confirmation]': NEW_PASSWORD,
    });

    await expect.poll(() => page.locator('h1').textContent()).toBe('Новий пароль встановлено!');
    expect(new URL(page.url()).searchParams.get('recovered')).toBe('true');
    expect(await page.locator('.new-password__success').getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/?rightSidebar=login');
    expect(await axeViolations(page)).toEqual([]);

    // The platform signed Maria in with the new password; the used link no longer works.
    expect((await context.request.get('/account', { maxRedirects: 0 })).status()).toBe(200);
    const reused = await context.request.post('/account/reset', {
      form: {
        form_type: 'reset_customer_password',
        utf8: '✓',
        id: String(maria.id),
        token: link.split('/').pop()!,
        'customer[password]': NEW_PASSWORD,
        'customer[password_confirmation]': NEW_PASSWORD,
      },
      maxRedirects: 0,
    });
    expect(reused.headers()['location']).toBe('/account/invalid_token');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works as a native form without JavaScript: the platform refuses a weak password and accepts a strong one (en)', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const link = await resetLink('/en');
    await page.goto(link);
    expect(await page.locator('h1').textContent()).toBe('Set a new password');

    // The browser checks the rules itself: a weak password is not even sent.
    await field(page, 'NewPassword').fill('weakpassword');
    await field(page, 'NewPasswordConfirmation').fill('weakpassword');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(new URL(page.url()).pathname).toBe(link);
    expect(await page.locator('#NewPassword:invalid').count()).toBe(1);

    // The platform checks them too, whatever the browser sends.
    const refused = await context.request.post('/en/account/reset', {
      form: {
        form_type: 'reset_customer_password',
        utf8: '✓',
        id: String(maria.id),
        token: link.split('/').pop()!,
        'customer[password]': 'weakpassword',
        'customer[password_confirmation]': 'weakpassword',
      },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(200);
    expect(await refused.text()).toContain('Passwords must match and correspond to the specified validation criteria.');

    // A strong one (the demo password again) is set, and the customer lands in her account.
    await field(page, 'NewPassword').fill(DEMO_PASSWORD);
    await field(page, 'NewPasswordConfirmation').fill(DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/en\/account$/), page.getByRole('button', { name: 'Set password' }).click()]);
    expect(await page.locator('.orders__empty').textContent()).toBe('You have no orders yet');
    await context.close();

    // Maria signs in with the demo password again.
    const check = await browser().newContext({ baseURL: baseUrl() });
    const login = await check.request.post('/account/login', {
      form: { form_type: 'customer_login', utf8: '✓', 'customer[email]': maria.email, 'customer[password]': DEMO_PASSWORD },
      maxRedirects: 0,
    });
    expect(login.headers()['location']).toBe('/account');
    await check.close();
  });

  for (const [prefix, name] of [
    ['', 'Встановити пароль'],
    ['/en', 'Set password'],
  ] as const) {
    it(`keeps Set password disabled from the first frame until both passwords are valid and equal, before the code comes (${prefix || 'uk'})`, async () => {
      const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
      const page = await context.newPage();
      const code = await holdCode(page, 'new-password');
      const link = await resetLink(prefix);
      await page.goto(link);
      const submit = page.getByRole('button', { name });
      expect(await submit.isDisabled()).toBe(true);

      await field(page, 'NewPassword').fill(DEMO_PASSWORD);
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'NewPasswordConfirmation').fill('Other-password-2026!');
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'NewPasswordConfirmation').fill(DEMO_PASSWORD);
      expect(await submit.isEnabled()).toBe(true);
      expect(await page.locator('[data-island="new-password"][data-island-mounted]').count()).toBe(0);

      // A tap before the code has come posts the native form: the password is set, nothing lost.
      await Promise.all([page.waitForURL(new RegExp(`${prefix}/account$`)), submit.click()]);
      await code.release();
      await context.close();
    });
  }

  it('shows the success view in English when the address says recovered, with a link to the login panel', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto(`${await resetLink('/en')}?recovered=true`);
    await startIsland(page, 'new-password');
    expect(await page.locator('h1').textContent()).toBe('The new password has been set!');
    expect(
      await page
        .locator('form')
        .filter({ has: page.locator('#NewPassword') })
        .count(),
    ).toBe(0);
    const login = page.locator('.new-password__success').getByRole('link', { name: 'Log in' });
    expect(await login.getAttribute('href')).toBe('/en?rightSidebar=login');
    expect(await axeViolations(page)).toEqual([]);
    await Promise.all([page.waitForURL(/rightSidebar=login/), login.click()]);
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/?$/);
    await context.close();
  });
});
