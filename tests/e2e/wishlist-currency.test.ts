// Wishlist prices follow the active currency (issue 17, item 5): a jacket saved while the shop
// showed hryvnias shows, after switching to dollars, the dollar price its own page shows.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, signIn, startIsland, useBrowser, DESKTOP, PHONE } from './browser';

const { browser } = useBrowser();

const mounted = (page: Page, name: string) => page.waitForSelector(`[data-island="${name}"][data-island-mounted]`, { state: 'attached' });

describe('wishlist prices', () => {
  for (const [prefix, viewport] of [
    ['', PHONE],
    ['/en', DESKTOP],
  ] as const) {
    it(`shows the price of the active currency after a switch (${prefix ? 'en, desktop' : 'uk, phone'})`, async () => {
      const { page, context, errors } = await openPage(browser(), `${prefix}/products/tweed-jacket`, { viewport });
      await signIn(context);
      await page.reload();
      // The toggle's code loads on the shopper's first touch on it: start it as that touch does.
      await startIsland(page, 'wishlist-toggle');
      const uahPrice = await page.locator('.product__price').innerText();
      expect(uahPrice).toContain('UAH');
      await page.locator('.product__head .wishlist-toggle__control').click();
      await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('wishlist') ?? '[]') as unknown[]).length)).toBe(1);

      await Promise.all([page.waitForNavigation(), page.selectOption('#footer-currency', 'US')]);
      const usdPrice = await page.locator('.product__price').innerText();
      expect(usdPrice).toMatch(/^\$\d/);

      await page.goto(`${prefix}/account/wishlist`);
      await mounted(page, 'account-wishlist');
      const card = page.locator('.account-wishlist__card', { hasText: prefix ? 'Tweed jacket' : 'Твідовий жакет' });
      await expect.poll(() => card.locator('.product-card__price').innerText(), { timeout: 15_000 }).toBe(usdPrice);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
