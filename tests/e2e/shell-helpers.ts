// Helpers of the shell's end-to-end files (shell-*.test.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { DEMO_CUSTOMER } from './routes';

export const LANGUAGES = [
  { prefix: '', root: '/', lang: 'uk' },
  { prefix: '/en', root: '/en/', lang: 'en' },
] as const;

/** The address bar, without the origin. */
export function here(page: Page): string {
  return page.url().slice(baseUrl().length);
}

/** Signs the context in with the demo customer (the platform's login form post). */
export async function signIn(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${baseUrl()}/account/login`, {
    form: { form_type: 'customer_login', utf8: '✓', 'customer[email]': DEMO_CUSTOMER.email, 'customer[password]': DEMO_CUSTOMER.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Goes to path and waits for the address to match `expected` (a redirect by the shell). */
export async function gotoAndLand(page: Page, path: string, expected: string | RegExp): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  const target = typeof expected === 'string' ? `${baseUrl()}${expected}` : expected;
  await page.waitForURL(target, { waitUntil: 'load' });
}

/** A short description of the focused element, for assertions and failure messages. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const id = el.id ? `#${el.id}` : '';
    const cls = el.getAttribute('class')?.split(' ')[0];
    return `${el.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ''}`;
  });
}

/** True when the focused element is inside the element matched by selector. */
export function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const container = document.querySelector(sel);
    return !!container && container.contains(document.activeElement) && document.activeElement !== document.body;
  }, selector);
}

export function bodyOverflow(page: Page): Promise<string> {
  return page.evaluate(() => document.body.style.overflow);
}
