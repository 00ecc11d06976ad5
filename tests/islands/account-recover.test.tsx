// The password-reset block of personal details, over the form the server draws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { enhanceRecoverForm } from '../../islands/account-recover/recover';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');
const uk = await islandStrings('uk');

let posts: { url: string; body: string }[];
let status: number;
let errors: ReturnType<typeof vi.spyOn>;

/** The form as main-account-personal-details.liquid draws it. */
function drawForm(lang: 'en' | 'uk', email: string): { form: HTMLFormElement; input: HTMLInputElement; button: HTMLButtonElement; message: HTMLElement } {
  setBootstrapScript({ rootUrl: lang === 'en' ? '/en/' : '/', locale: { requestLocale: { isoCode: lang } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  setDictionary('uk', uk);
  document.body.innerHTML = `<div data-island="account-recover"><form method="post" action="${lang === 'en' ? '/en' : ''}/account/recover" accept-charset="UTF-8">
    <input type="hidden" name="form_type" value="recover_customer_password"><input type="hidden" name="utf8" value="✓">
    <label for="RecoverEmail">Email</label><input id="RecoverEmail" type="email" name="email" value="${email}" required>
    <button type="submit">Reset password</button><p class="account-recover__message" role="status"></p></form></div>`;
  const form = document.querySelector('form')!;
  expect(enhanceRecoverForm(form)).toBe(true);
  return {
    form,
    input: form.querySelector('input[name="email"]')!,
    button: form.querySelector('button')!,
    message: form.querySelector('.account-recover__message')!,
  };
}

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const settled = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  posts = [];
  status = 200;
  resetClient();
  configureClient({
    storage: null,
    fetch: async (input, init) => {
      posts.push({ url: String(input), body: String(init?.body) });
      return new Response('<html>login page</html>', { status });
    },
  });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = '';
});

describe('password reset block', () => {
  it('keeps Reset disabled until the email matches the simple pattern', () => {
    const { input, button } = drawForm('en', '');
    expect(button.disabled).toBe(true);
    for (const bad of ['olena', 'olena@example', 'olena @example.com', '@example.com']) {
      type(input, bad);
      expect(button.disabled).toBe(true);
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    type(input, 'olena@example.com');
    expect(button.disabled).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('posts the recover form without leaving the page and then confirms, not reading the answer', async () => {
    const { form, button, message } = drawForm('en', 'olena@example.com');
    expect(button.disabled).toBe(false);
    const submitted = new Event('submit', { cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(button.disabled).toBe(true);
    await settled();
    await settled();
    expect(message.textContent).toBe('If account olena@example.com exist, an email will be send with further instructions');
    expect(button.disabled).toBe(false);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe('/en/account/recover');
    expect(Object.fromEntries(new URLSearchParams(posts[0]!.body))).toEqual({ form_type: 'recover_customer_password', utf8: '✓', email: 'olena@example.com' });
  });

  it('still confirms in Ukrainian when the request fails, and logs the failure', async () => {
    status = 500;
    const { form, message } = drawForm('uk', ' olena@example.com ');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settled();
    await settled();
    expect(message.textContent).toBe('Якщо обліковий запис olena@example.com існує, на нього надійде лист із подальшими інструкціями');
    expect(posts[0]!.url).toBe('/account/recover');
    expect(errors).toHaveBeenCalled();
  });

  it('sends nothing while the email is invalid', () => {
    const { form } = drawForm('en', 'not-an-email');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(posts).toHaveLength(0);
  });
});
