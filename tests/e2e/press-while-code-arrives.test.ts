// A shopper's first press on an island is what loads its code, so the code often arrives while
// that press is still down. The island must not redraw the pressed control then: the browser
// would send the click nowhere (it goes to the node both the press and the release hit), and the
// tap would be lost — "add to bag" adds nothing, the heart stays empty (shared/runtime/press.ts).
// Each test holds the island's code, presses, lets the code arrive and run, then releases.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, DESKTOP, openWithCodeHeld, islandCodeChunk, PHONE, useBrowser } from './browser';

const { browser } = useBrowser();

/** Resolves once the island's code has arrived and run, and the page has had a turn after it. */
async function codeHasRun(page: Page, name: string): Promise<void> {
  const entry = await page.locator(`script[src*="/island-${name}.js"]`).getAttribute('src');
  const chunk = new URL(`./${islandCodeChunk(name)}`, new URL(entry ?? '', baseUrl())).href;
  // A string, not a function: the test's own bundler would rewrite a function's import().
  await page.evaluate(`import(${JSON.stringify(chunk)}).then(() => new Promise((resolve) => setTimeout(resolve, 0)))`);
}

async function pointerOn(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

const ADD = '[data-island="product-form"] .product-form__submit';

describe('a press that is still down when the code arrives', () => {
  it('adds to the bag with the mouse held across the code’s arrival (en, desktop)', async () => {
    const { page, context, code } = await openWithCodeHeld(browser(), '/en/products/wool-wrap-coat', 'product-form', { viewport: DESKTOP });
    await pointerOn(page, ADD);
    await page.mouse.down();
    await expect.poll(code.asked, { timeout: 15_000 }).toBe(true);
    await code.release();
    await codeHasRun(page, 'product-form');
    await page.mouse.up();

    await expect.poll(() => page.locator('[data-island="cart-count"]').innerText(), { timeout: 15_000 }).toBe('(1)');
    await page.locator('.right-panel [role="dialog"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/en/products/wool-wrap-coat');
    await context.close();
  });

  it('adds to the bag with Space held across the code’s arrival (uk, phone)', async () => {
    const { page, context, code } = await openWithCodeHeld(browser(), '/products/wool-wrap-coat', 'product-form', { viewport: PHONE });
    await page.locator(ADD).focus();
    await page.keyboard.down(' ');
    await expect.poll(code.asked, { timeout: 15_000 }).toBe(true);
    await code.release();
    await codeHasRun(page, 'product-form');
    await page.keyboard.up(' ');

    await expect.poll(() => page.locator('[data-island="cart-count"]').innerText(), { timeout: 15_000 }).toBe('(1)');
    await expect.poll(() => page.locator('.right-panel [role="dialog"]').innerText(), { timeout: 15_000 }).toContain('Кошик');
    await context.close();
  });

  it('fills a customer’s heart with the mouse held across the code’s arrival (en, desktop)', async () => {
    const { page, context, code } = await openWithCodeHeld(browser(), '/en/products/wool-wrap-coat', 'wishlist-toggle', { viewport: DESKTOP, signedIn: true });
    const heart = page.locator('[data-island="wishlist-toggle"]').first();
    await pointerOn(page, '[data-island="wishlist-toggle"] a.wishlist-toggle__control');
    await page.mouse.down();
    await expect.poll(code.asked, { timeout: 15_000 }).toBe(true);
    await code.release();
    await codeHasRun(page, 'wishlist-toggle');
    await page.mouse.up();

    await heart.locator('button.wishlist-toggle__control.is-active').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/en/products/wool-wrap-coat');
    await context.close();
  });
});
