import { describe, expect, it } from 'vitest';
import { openPage, useBrowser, PHONE, startIsland } from './browser';

const { browser } = useBrowser();

describe('foundation: the shell in a real browser', () => {
  it('serves the home page with the header shell in Ukrainian and English', async () => {
    const { page, context, errors } = await openPage(browser(), '/');
    expect(await page.locator('header.site-header').isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    expect(await page.locator('.site-header__bag').innerText()).toContain('Кошик');
    await page.goto('/en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('.site-header__bag').innerText()).toContain('Bag');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shares one cart store between two islands: adding on the product page updates the header count', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/products/wool-wrap-coat', { viewport: PHONE });
    const count = page.locator('[data-island="cart-count"]');
    await startIsland(page, 'cart-count');
    expect(await count.innerText()).toBe('(0)');
    await page.locator('[data-island="product-form"] .product-form__submit').click();
    await expect.poll(() => count.innerText()).toBe('(1)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('embeds bootstrap JSON that parses and names the request language', async () => {
    const { page, context } = await openPage(browser(), '/en/collections');
    const data = await page.evaluate(() => JSON.parse(document.getElementById('shop-bootstrap')?.textContent ?? 'null'));
    expect(data.locale.requestLocale.isoCode).toBe('en');
    expect(data.rootUrl).toBe('/en/');
    expect(data.customer).toBeNull();
    await context.close();
  });
});
