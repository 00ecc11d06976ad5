// Helpers of the shell's end-to-end files (shell-*.test.ts).
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

export const LANGUAGES = [
  { prefix: '', root: '/', lang: 'uk' },
  { prefix: '/en', root: '/en/', lang: 'en' },
] as const;

/** The address bar, without the origin. */
export function here(page: Page): string {
  return page.url().slice(baseUrl().length);
}

export { signIn } from './browser';

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
