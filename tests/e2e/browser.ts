// One Chromium per test file; each test gets a fresh context (its own cookies: its own cart).
import { inject, afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';

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
