// One Chromium per test file; each test gets a fresh context (its own cookies: its own cart).
import { inject, afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { DEMO_CUSTOMER } from './routes';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export function baseUrl(): string {
  return inject('baseUrl');
}

export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
  };
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** A new context and page; page errors and console errors are collected for assertions. */
export async function openPage(browser: Browser, path: string, options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, javaScriptEnabled: options.javaScriptEnabled ?? true, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: 'load' });
  return { page, context, errors };
}

/**
 * Signs a browser context in, as the platform's login form does (a post answered with a 302).
 * The context's baseURL names the preview it signs in to.
 */
export async function signIn(context: BrowserContext, customer: { email: string; password: string } = DEMO_CUSTOMER): Promise<void> {
  const response = await context.request.post('/account/login', {
    form: { form_type: 'customer_login', utf8: '✓', 'customer[email]': customer.email, 'customer[password]': customer.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * Starts an island as a shopper's first touch would (shared/islands/schedule.ts: most islands load
 * on the first input, on the page or on one of their nodes), then waits for its mount marker.
 */
export async function startIsland(page: Page, name: string): Promise<void> {
  const node = page.locator(`[data-island="${name}"]`).first();
  await node.waitFor({ state: 'attached' });
  if ((await node.getAttribute('data-island-mounted')) === null) await node.dispatchEvent('pointerdown');
  await page.locator(`[data-island="${name}"][data-island-mounted]`).first().waitFor({ state: 'attached', timeout: 15_000 });
}
