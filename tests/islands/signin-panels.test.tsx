// @vitest-environment jsdom
// The sign-in panels: their rules, what they post, and what they show. jsdom, not happy-dom:
// the login errors go through DOMPurify, which does not sanitise under happy-dom.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { $rightSidebar, closePanel } from '../../shared/stores/panel';
import LoginPanel from '../../islands/panels/login/LoginPanel';
import SignupPanel from '../../islands/panels/signup/SignupPanel';
import ForgotPasswordPanel from '../../islands/panels/forgot-password/ForgotPasswordPanel';
import RecoverPasswordPanel from '../../islands/panels/recover-password/RecoverPasswordPanel';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');

type Posted = { url: string; fields: Record<string, string> };
let posted: Posted[];
let answer: () => Response;
let errors: ReturnType<typeof vi.spyOn>;

function reply(status: number, body = '', redirectedTo?: string): Response {
  const response = new Response(body, { status });
  if (redirectedTo) {
    Object.defineProperty(response, 'redirected', { value: true });
    Object.defineProperty(response, 'url', { value: redirectedTo });
  }
  return response;
}

function setPage(rootUrl: string): void {
  setBootstrapScript({ rootUrl, locale: { requestLocale: { isoCode: 'en' } } });
  resetBootstrap();
}

beforeEach(() => {
  setPage('/en/');
  resetI18n();
  setDictionary('en', en);
  resetClient();
  posted = [];
  answer = () => reply(200, '<html></html>');
  configureClient({
    storage: null,
    fetch: async (input, init) => {
      posted.push({ url: String(input), fields: Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))) });
      return answer();
    },
  });
  closePanel();
  sessionStorage.clear();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  errors.mockRestore();
});

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('login panel', () => {
  it('keeps Log in disabled until the email is valid, and shows the email message once it is edited', () => {
    render(<LoginPanel titleId="t" />);
    expect(button('Log in').disabled).toBe(true);
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    type('Email', 'olena@');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    type('Email', 'olena@example.com');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    expect(button('Log in').disabled).toBe(false);
  });

  it("posts the platform's login form to {root}account/login", async () => {
    answer = () => reply(200, '<html><body><main>account</main></body></html>', 'http://shop.test/en/account');
    render(<LoginPanel titleId="t" />);
    type('Email', ' olena@example.com ');
    type('Password', 'Demo-password-2026!');
    fireEvent.click(button('Log in'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/en/account/login',
      fields: { form_type: 'customer_login', utf8: '✓', 'customer[email]': 'olena@example.com', 'customer[password]': 'Demo-password-2026!' },
    });
  });

  it("shows the platform's error HTML from the page it renders again, sanitised", async () => {
    answer = () =>
      reply(
        200,
        `<html><body><form><div id="customer_login-errors"><div class="errors"><ul start="1"><li class="e">Incorrect email or password.<img src="x" onerror="window.hacked=1"><script>window.hacked=2</script><a href="javascript:alert(1)">x</a></li></ul></div></div></form></body></html>`,
      );
    render(<LoginPanel titleId="t" />);
    type('Email', 'olena@example.com');
    type('Password', 'wrong');
    fireEvent.click(button('Log in'));
    const alert = await waitFor(() => {
      const region = screen.getByRole('alert');
      expect(region.textContent).toContain('Incorrect email or password.');
      return region;
    });
    expect(alert.querySelector('ul')?.getAttribute('start')).toBe('1');
    expect(alert.querySelector('li')?.className).toBe('e');
    expect(alert.querySelector('img')?.getAttribute('src')).toBe('x');
    expect(alert.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(alert.querySelector('script')).toBeNull();
    expect(alert.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/);
    expect(button('Log in').disabled).toBe(false);
  });

  it('has a show/hide toggle for the password with a name and aria-pressed', () => {
    render(<LoginPanel titleId="t" />);
    const toggle = button('Show password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text');
  });

  it('links to forgot password and sign-up, opening their panels', () => {
    render(<LoginPanel titleId="t" />);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('data-action')).toBe('forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('data-action')).toBe('signup');
  });
});

describe('sign-up panel', () => {
  function fillValid(): void {
    type('First name', 'Olha');
    type('Email', 'olha@example.com');
    type('Password', 'secret1');
    type('Confirm password', 'secret1');
    fireEvent.click(screen.getByRole('checkbox'));
  }

  it('names each broken rule and keeps the button disabled until all hold', () => {
    render(<SignupPanel titleId="t" />);
    fillValid();
    expect(button('Create account').disabled).toBe(false);
    const cases: [string, string, string][] = [
      ['First name', 'O', 'First name must be at least 2 characters.'],
      ['Email', 'olha@example', 'Enter a valid email address.'],
      ['Password', '1234', 'Password must be at least 5 characters.'],
      ['Confirm password', 'secret2', 'Passwords must match.'],
    ];
    for (const [label, bad, message] of cases) {
      const good = (screen.getByLabelText(label) as HTMLInputElement).value;
      type(label, bad);
      expect(screen.getByText(message)).toBeTruthy();
      expect(button('Create account').disabled).toBe(true);
      type(label, good);
      expect(screen.queryByText(message)).toBeNull();
    }
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByText('Please accept the terms of use.')).toBeTruthy();
    expect(button('Create account').disabled).toBe(true);
  });

  it('hides the confirmation while the password is shown', () => {
    render(<SignupPanel titleId="t" />);
    fillValid();
    type('Confirm password', 'other');
    expect(button('Create account').disabled).toBe(true);
    fireEvent.click(button('Show password'));
    expect(screen.getByLabelText('Confirm password').closest('.field')?.hasAttribute('hidden')).toBe(true);
    expect(button('Create account').disabled).toBe(false);
  });

  it('posts create_customer with an empty last name and the language tag', async () => {
    setPage('/');
    answer = () => reply(200, '<html></html>', 'http://shop.test/');
    render(<SignupPanel titleId="t" />);
    fillValid();
    fireEvent.click(button('Create account'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/account',
      fields: {
        form_type: 'create_customer',
        utf8: '✓',
        'customer[first_name]': 'Olha',
        'customer[last_name]': '',
        'customer[email]': 'olha@example.com',
        'customer[password]': 'secret1',
        'customer[tags]': 'lang:en',
      },
    });
  });

  it("shows the platform's errors from the register page", async () => {
    answer = () => reply(200, '<div id="create_customer-errors"><div class="errors"><ul><li>Email has already been taken.</li></ul></div></div>');
    render(<SignupPanel titleId="t" />);
    fillValid();
    fireEvent.click(button('Create account'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Email has already been taken.'));
  });
});

describe('forgot-password and recover-password panels', () => {
  it('posts the recover form and moves to recover-password, which names the email', async () => {
    render(<ForgotPasswordPanel titleId="t" />);
    expect(button('Send').disabled).toBe(true);
    type('Email', 'olena@example.com');
    fireEvent.click(button('Send'));
    await waitFor(() => expect($rightSidebar.get()).toBe('recover-password'));
    expect(posted[0]).toEqual({ url: '/en/account/recover', fields: { utf8: '✓', form_type: 'recover_customer_password', email: 'olena@example.com' } });
    cleanup();
    render(<RecoverPasswordPanel titleId="t" />);
    expect(screen.getByText('If account olena@example.com exist, an email will be send with further instructions')).toBeTruthy();
  });

  it('says too many requests on a 429, and that it failed on other errors', async () => {
    answer = () => reply(429, 'Too Many Requests');
    render(<ForgotPasswordPanel titleId="t" />);
    type('Email', 'olena@example.com');
    fireEvent.click(button('Send'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests, please try again later'));
    answer = () => reply(500, 'oops');
    fireEvent.click(button('Send'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not send the recovery email. Please try again.'));
    expect($rightSidebar.get()).toBeNull();
  });
});
