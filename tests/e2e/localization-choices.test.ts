// Switching language or currency keeps what the shopper chose on the page (issue 17, item 2): a
// colour and size on a product page, a sort on a list. Both switches are the platform's
// localization form (language_code; country_code through the country's market), posted natively.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openPage, startIsland, useBrowser, DESKTOP, PHONE } from './browser';
import { waitForList } from './catalogue-fixtures';

const { browser } = useBrowser();

const query = (page: Page) => new URL(page.url()).searchParams;
// The form's code loads on the shopper's first touch on it: start it as that touch does.
const productForm = (page: Page) => startIsland(page, 'product-form');

/**
 * With JavaScript a choice submits its form at once and the form shows no button; without it the
 * shopper picks, then presses the form's button.
 */
async function submit(page: Page, form: string, select: string, value: string, landing: RegExp, javaScript = true): Promise<void> {
  const button = page.locator(`${form} button[type="submit"]`);
  if (javaScript) {
    expect(await button.isVisible()).toBe(false);
    await Promise.all([page.waitForURL(landing), page.selectOption(select, value)]);
    return;
  }
  expect(await button.isVisible()).toBe(true);
  await page.selectOption(select, value);
  await Promise.all([page.waitForURL(landing), button.click()]);
}

describe('language and currency keep the page’s choices', () => {
  it('keeps the colour and size chosen on a product page (uk → en, then UAH → USD; phone)', async () => {
    const { page, context, errors } = await openPage(browser(), '/products/wool-wrap-coat', { viewport: PHONE });
    await productForm(page);
    await page.locator('label.swatch:has(input[value="black"])').click();
    await page.locator('label.size-chip', { hasText: /^M$/ }).click();
    await expect.poll(() => query(page).get('size')).toBe('m');

    await submit(page, '#footer-language-form', '#footer-language', 'en', /\/en\/products\/wool-wrap-coat\?/);
    await productForm(page);
    expect(query(page).get('color')).toBe('black');
    expect(query(page).get('size')).toBe('m');
    expect(await page.isChecked('input[name="color"][value="black"]')).toBe(true);
    expect(await page.isChecked('input[name="size"][value="m"]')).toBe(true);
    expect(await page.locator('.product-option--color legend').innerText()).toMatch(/Black/i);

    await page.locator('label.size-chip', { hasText: /^L$/ }).click();
    await expect.poll(() => query(page).get('size')).toBe('l');
    await submit(page, '#footer-currency-form', '#footer-currency', 'US', /\/en\/products\/wool-wrap-coat\?.*size=l/);
    await productForm(page);
    expect(query(page).get('color')).toBe('black');
    expect(await page.isChecked('input[name="size"][value="l"]')).toBe(true);
    expect(await page.locator('.product__price').innerText()).toContain('$');
    expect(await page.inputValue('#footer-currency')).toBe('US');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the sort chosen on a list (en → uk from the left menu, then USD; desktop)', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/collections/all', { viewport: DESKTOP });
    await waitForList(page);
    await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
    await expect.poll(() => query(page).get('sort')).toBe('price_high_to_low');

    await page.click('.site-header__menu-toggle');
    await submit(page, '#left-menu-language-form', '#left-menu-language', 'uk', new RegExp(`^${baseUrl()}/collections/all\\?`));
    expect(query(page).get('sort')).toBe('price_high_to_low');
    await waitForList(page);
    await expect.poll(() => page.inputValue('[data-catalogue-sort]')).toBe('price_high_to_low');

    await submit(page, '#footer-currency-form', '#footer-currency', 'US', /\/collections\/all\?sort=price_high_to_low/);
    await waitForList(page);
    await expect.poll(() => page.inputValue('[data-catalogue-sort]')).toBe('price_high_to_low');
    expect(await page.locator('.product-card__price').first().innerText()).toContain('$');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the query the server drew without JavaScript', async () => {
    const { page, context } = await openPage(browser(), '/products/wool-wrap-coat?color=black&size=m', { viewport: DESKTOP, javaScriptEnabled: false });
    await submit(page, '#footer-currency-form', '#footer-currency', 'US', /\/products\/wool-wrap-coat\?color=black&size=m$/, false);
    expect(await page.locator('.product__price').innerText()).toContain('$');
    await context.close();
  });
});
