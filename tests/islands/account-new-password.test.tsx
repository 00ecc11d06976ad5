// The new-password screen: rules, the one error message, the show/hide toggle, the success view.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { NewPasswordForm, readServerForm, refusalMessages, type ServerForm } from '../../islands/new-password/NewPasswordForm';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');
const MISMATCH = 'Passwords must match and correspond to the specified validation criteria.';
const STRONG = 'Kyiv-Spring-2026';

const form: ServerForm = {
  action: '/account/reset',
  className: 'customer-form new-password__form',
  hidden: [
    ['form_type', 'reset_customer_password'],
    ['utf8', '✓'],
    ['token', 'abc123'],
    ['id', '4000000001'],
  ],
  serverErrors: [],
  pattern: '',
  title: '',
  values: { password: '', confirmation: '' },
};

beforeEach(() => {
  setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
});
afterEach(cleanup);

const password = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirmation = () => document.getElementById('NewPasswordConfirmation') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Set password' }) as HTMLButtonElement;
const error = () => document.getElementById('NewPasswordError')!.textContent;

function type(input: HTMLInputElement, value: string) {
  fireEvent.input(input, { target: { value } });
}

describe('new password form', () => {
  it('posts to the server form action with its hidden token and id', () => {
    const { container } = render(<NewPasswordForm form={form} recovered={false} />);
    const el = container.querySelector('form')!;
    expect(el.getAttribute('action')).toBe('/account/reset');
    const hidden = Object.fromEntries(Array.from(el.querySelectorAll<HTMLInputElement>('input[type=hidden]')).map((i) => [i.name, i.value]));
    expect(hidden).toEqual({ form_type: 'reset_customer_password', utf8: '✓', token: 'abc123', id: '4000000001' });
    expect(password().name).toBe('customer[password]');
    expect(confirmation().name).toBe('customer[password_confirmation]');
  });

  it('shows the error only once both fields were edited, and keeps Set password disabled', () => {
    render(<NewPasswordForm form={form} recovered={false} />);
    expect(submit().disabled).toBe(true);
    type(password(), 'short');
    expect(error()).toBe('');
    type(confirmation(), 'short');
    expect(error()).toBe(MISMATCH);
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
  });

  it.each([
    ['too short', 'Aa1!aaaaaaa'],
    ['no upper-case letter', 'kyiv-spring-2026'],
    ['no lower-case letter', 'KYIV-SPRING-2026'],
    ['no digit', 'Kyiv-Spring-Dnipro'],
    ['no symbol', 'KyivSpring2026'],
  ])('refuses a password with %s even when both match', (_why, weak) => {
    render(<NewPasswordForm form={form} recovered={false} />);
    type(password(), weak);
    type(confirmation(), weak);
    expect(error()).toBe(MISMATCH);
    expect(submit().disabled).toBe(true);
  });

  it('refuses two strong passwords that differ, accepts two equal strong ones', () => {
    render(<NewPasswordForm form={form} recovered={false} />);
    type(password(), STRONG);
    type(confirmation(), `${STRONG}x`);
    expect(error()).toBe(MISMATCH);
    type(confirmation(), STRONG);
    expect(error()).toBe('');
    expect(submit().disabled).toBe(false);
  });

  it('shows the password on demand and hides the confirmation, which then follows it', () => {
    render(<NewPasswordForm form={form} recovered={false} />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password().type).toBe('text');
    expect((confirmation().closest('.account-field') as HTMLElement).hidden).toBe(true);
    type(password(), STRONG);
    expect(confirmation().value).toBe(STRONG);
    expect(submit().disabled).toBe(false);
    fireEvent.click(toggle);
    expect(password().type).toBe('password');
    expect((confirmation().closest('.account-field') as HTMLElement).hidden).toBe(false);
  });

  it('keeps what was typed before it mounted, and judges it', () => {
    render(<NewPasswordForm form={{ ...form, values: { password: STRONG, confirmation: 'short' } }} recovered={false} />);
    expect(password().value).toBe(STRONG);
    expect(confirmation().value).toBe('short');
    expect(error()).toBe(MISMATCH);
  });

  it('shows the success view and a link to the login panel when recovered', () => {
    render(<NewPasswordForm form={form} recovered loginUrl="/en?rightSidebar=login" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The new password has been set!');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en?rightSidebar=login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('readServerForm', () => {
  it('takes the action, hidden fields, rule pattern and server errors from the drawn form', () => {
    document.body.innerHTML = `<div data-island="new-password"><form method="post" action="/en/account/reset" class="customer-form new-password__form">
      <input type="hidden" name="form_type" value="reset_customer_password"><input type="hidden" name="utf8" value="✓">
      <input type="hidden" name="token" value="t0k"><input type="hidden" name="id" value="42">
      <input id="NewPassword" pattern=".{12,}" title="rules" value="typed-early"><input id="NewPasswordConfirmation">
      <div class="form-error new-password__server-error"><div class="errors"><ul><li>Password is too short</li></ul></div></div>
    </form></div>`;
    const read = readServerForm(document.querySelector('[data-island="new-password"]'));
    expect(read).toEqual({
      action: '/en/account/reset',
      className: 'customer-form new-password__form',
      hidden: [
        ['form_type', 'reset_customer_password'],
        ['utf8', '✓'],
        ['token', 't0k'],
        ['id', '42'],
      ],
      serverErrors: ['Password is too short'],
      pattern: '.{12,}',
      title: 'rules',
      values: { password: 'typed-early', confirmation: '' },
    });
    document.body.innerHTML = '';
  });
});

/** A Response as fetch gives it after following redirects (url and redirected are read-only). */
function landedAt(url: string, body: string, redirected: boolean): Response {
  const response = new Response(body, { status: 200 });
  Object.defineProperty(response, 'url', { value: url });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
}

describe('setting the password', () => {
  let posted: { url: string; body: URLSearchParams }[];
  let reply: () => Response;
  beforeEach(() => {
    posted = [];
    resetClient();
    configureClient({
      storage: null,
      fetch: async (input, init) => {
        posted.push({ url: String(input), body: new URLSearchParams(String(init?.body)) });
        return reply();
      },
    });
    window.history.replaceState(null, '', '/en/account/reset/4000000001/abc123');
  });
  afterEach(() => resetClient());

  it('posts the form and, when the platform lands on /account, shows the success view with ?recovered=true', async () => {
    reply = () => landedAt('http://localhost/en/account', '<html>orders</html>', true);
    render(<NewPasswordForm form={form} recovered={false} loginUrl="/en?rightSidebar=login" />);
    type(password(), STRONG);
    type(confirmation(), STRONG);
    fireEvent.submit(submit().closest('form')!);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The new password has been set!'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/account/reset');
    expect(Object.fromEntries(posted[0]!.body)).toEqual({
      form_type: 'reset_customer_password',
      utf8: '✓',
      token: 'abc123',
      id: '4000000001',
      'customer[password]': STRONG,
      'customer[password_confirmation]': STRONG,
    });
    expect(new URL(window.location.href).searchParams.get('recovered')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('The new password has been set!'));
  });

  it('shows what the platform said when it renders the form again', async () => {
    reply = () =>
      landedAt(
        'http://localhost/en/account/reset',
        '<main><input id="NewPassword"><div class="new-password__server-error"><ul><li>Password is too weak</li></ul></div></main>',
        false,
      );
    render(<NewPasswordForm form={form} recovered={false} />);
    type(password(), STRONG);
    type(confirmation(), STRONG);
    fireEvent.submit(submit().closest('form')!);
    await waitFor(() => expect(screen.getByText('Password is too weak')).toBeTruthy());
    expect(screen.queryByText('The new password has been set!')).toBeNull();
  });

  it('never posts a form that breaks the rules', () => {
    reply = () => landedAt('http://localhost/en/account', '', true);
    render(<NewPasswordForm form={form} recovered={false} />);
    type(password(), 'weak');
    fireEvent.submit(submit().closest('form')!);
    expect(posted).toHaveLength(0);
    expect(error()).toBe(MISMATCH);
  });
});

describe('refusalMessages', () => {
  it('reads the errors of a page that holds the form again, and nothing from any other page', () => {
    expect(refusalMessages('<input id="NewPassword"><div class="new-password__server-error"><ul><li> a </li><li>b</li></ul></div>')).toEqual(['a', 'b']);
    expect(refusalMessages('<input id="NewPassword">')).toEqual([]);
    expect(refusalMessages('<h1>Home</h1>')).toBeNull();
  });
});
