// A shopper who uses only the keyboard: the menu, a filter, a product, a variant, add to bag,
// and sign in, with focus visible and going somewhere sensible at every step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectUnsupportedColour, openPage, useBrowser, DESKTOP } from './browser';
import { DEMO_CUSTOMER } from './routes';

const { browser } = useBrowser();

/** Presses Tab until the focused element matches selector; fails after max presses. */
async function tabTo(page: Page, selector: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
  });
}

describe('keyboard only', () => {
  it('menu, filter, product, variant, add to bag and sign in', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context, errors } = await openPage(browser(), '/en/collections/all', { viewport: DESKTOP });

    // The left menu opens from its button, traps focus, and Escape gives focus back.
    await tabTo(page, '.site-header__menu-toggle');
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#left-menu'))).toBe(true);
    // Round the whole menu twice: Tab never leaves it (its forms' no-JavaScript buttons are
    // hidden, not the last stop).
    const stops = await page.evaluate(() => document.querySelectorAll('#left-menu a[href], #left-menu button, #left-menu select').length);
    for (let i = 0; i < 2 * stops; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#left-menu'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('site-header__menu-toggle'))).toBe(true);

    // A filter: open the panel, tick the first type, apply.
    await page.locator('[data-island="product-list"][data-island-mounted], [data-island="product-list"]').first().waitFor();
    await tabTo(page, '[data-action="filters"]');
    await page.keyboard.press('Enter');
    // The groups fill as their data comes (types from their own call): tick a type once it is there.
    await page.locator('.right-panel[data-panel="filters"] .filters-panel__group--type .filters-panel__checkbox').first().waitFor();
    await tabTo(page, '.filters-panel__group--type .filters-panel__checkbox');
    await page.keyboard.press('Space');
    await tabTo(page, '.right-panel button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('type').length).toBeGreaterThan(0);

    // A guest's wishlist heart keeps the focus when its code comes (the focus loads it), and
    // Enter on it opens the login panel.
    await page.locator('.product-card .wishlist-toggle__control').first().waitFor();
    await tabTo(page, '.product-card .wishlist-toggle__control');
    await page.locator('.product-card [data-island="wishlist-toggle"][data-island-mounted]').first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.matches('button.wishlist-toggle__control') ?? false)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('rightSidebar')).toBe('login');
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('rightSidebar')).toBe(null);

    // A product: follow the first card's link.
    await page.locator('.product-card__link').first().waitFor();
    await tabTo(page, '.product-card__link');
    await Promise.all([page.waitForURL(/\/en\/products\//), page.keyboard.press('Enter')]);

    // A variant: a size radio, moved with the arrow keys, writes the size to the address.
    await tabTo(page, 'input[name="size"]');
    const before = new URL(page.url()).searchParams.get('size');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).not.toBe(before);
    // A sold-out size disables the button: move on to one that can be bought.
    const submit = page.locator('.product-form__submit');
    for (let i = 0; i < 6 && (await submit.isDisabled()); i++) await page.keyboard.press('ArrowRight');
    expect(await submit.isDisabled()).toBe(false);

    // Add to bag: the cart panel opens with focus inside; Escape returns focus to the button.
    const count = page.locator('[data-island="cart-count"]');
    const countBefore = await count.innerText();
    await tabTo(page, '.product-form__submit:not([disabled])');
    await page.keyboard.press('Enter');
    await page.locator('.right-panel[data-panel="cart"] [role="dialog"]').waitFor();
    await expect.poll(() => count.innerText()).not.toBe(countBefore);
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.right-panel').waitFor({ state: 'detached' });

    // Sign in from the header's login control.
    await tabTo(page, '.site-header__account');
    await page.keyboard.press('Enter');
    await page.locator('.right-panel[data-panel="login"] input[type="email"]').waitFor();
    await tabTo(page, '.right-panel input[type="email"]');
    await page.keyboard.type(DEMO_CUSTOMER.email);
    await tabTo(page, '.right-panel input[type="password"]');
    await page.keyboard.type(DEMO_CUSTOMER.password);
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('.site-header__account').innerText(), { timeout: 15_000 }).toMatch(/Олена|Olena/);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
