// The new-password screen in Chromium (spec §2, §4, §5): a weak password is refused, in the
// browser and by the platform, and a strong one is set; with and without JavaScript, in both
// languages. The preview's reset links are deterministic (README, "Password reset"): the token
// is computed here as the preview computes it, from the customer's id and current password.
// Maria's password is changed and then set back, so the other test files can still sign in.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CustomerAccounts } from '../../preview/platform/customers';
import { loadStore } from '../../preview/store/load-store';
import { defaultStoreDir } from '../../preview/server';
import { axeViolations } from './axe';
import { baseUrl, useBrowser, DESKTOP, PHONE } from './browser';

const { browser } = useBrowser();

const DEMO_PASSWORD = 'Demo-password-2026!';
const NEW_PASSWORD = 'Kyiv-Spring-2026#';
const accounts = new CustomerAccounts(loadStore(defaultStoreDir()));
const maria = accounts.findByEmail('maria@example.com')!;

/** The reset link Maria's email would carry while her password is `password`. */
function resetLink(prefix: string, password: string): string {
  return `${prefix}/account/reset/${maria.id}/${accounts.resetToken({ ...maria, password })}`;
}

const field = (page: Page, id: 'NewPassword' | 'NewPasswordConfirmation') => page.locator(`#${id}`);

describe('new password', () => {
  it('refuses weak or differing passwords, then sets a strong one and shows the success view (uk, JavaScript)', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const link = resetLink('', DEMO_PASSWORD);
    await page.goto(link);
    await page.locator('[data-island="new-password"][data-island-mounted]').waitFor({ state: 'attached' });

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
    expect(body).toMatchObject({ form_type: 'reset_customer_password', id: String(maria.id), token: link.split('/').pop(), 'customer[password]': NEW_PASSWORD, 'customer[password_confirmation]': NEW_PASSWORD });

    await expect.poll(() => page.locator('h1').textContent()).toBe('Новий пароль встановлено!');
    expect(new URL(page.url()).searchParams.get('recovered')).toBe('true');
    expect(await page.locator('.new-password__success').getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/?rightSidebar=login');
    expect(await axeViolations(page)).toEqual([]);

    // The platform signed Maria in with the new password; the used link no longer works.
    expect((await context.request.get('/account', { maxRedirects: 0 })).status()).toBe(200);
    const reused = await context.request.post('/account/reset', {
      form: { form_type: 'reset_customer_password', utf8: '✓', id: String(maria.id), token: link.split('/').pop()!, 'customer[password]': NEW_PASSWORD, 'customer[password_confirmation]': NEW_PASSWORD },
      maxRedirects: 0,
    });
    expect(reused.headers()['location']).toBe('/account/invalid_token');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works as a native form without JavaScript: the platform refuses a weak password and accepts a strong one (en)', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const link = resetLink('/en', NEW_PASSWORD);
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
      form: { form_type: 'reset_customer_password', utf8: '✓', id: String(maria.id), token: link.split('/').pop()!, 'customer[password]': 'weakpassword', 'customer[password_confirmation]': 'weakpassword' },
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

  it('shows the success view in English when the address says recovered, with a link to the login panel', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto(`${resetLink('/en', DEMO_PASSWORD)}?recovered=true`);
    await page.locator('[data-island="new-password"][data-island-mounted]').waitFor({ state: 'attached' });
    expect(await page.locator('h1').textContent()).toBe('The new password has been set!');
    expect(await page.locator('form').filter({ has: page.locator('#NewPassword') }).count()).toBe(0);
    const login = page.locator('.new-password__success').getByRole('link', { name: 'Log in' });
    expect(await login.getAttribute('href')).toBe('/en?rightSidebar=login');
    expect(await axeViolations(page)).toEqual([]);
    await Promise.all([page.waitForURL(/rightSidebar=login/), login.click()]);
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/?$/);
    await context.close();
  });
});
