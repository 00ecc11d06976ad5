// The phone's add-to-bag bar (issue 35): on a product page below 768 px, once the product form
// has scrolled up out of view, a bar shows the chosen colour and size (the spec's default
// selection until the shopper chooses) and the price, and adds to the bag through the form's own
// path; it is gone while the form is in view and never shows on a desktop; nothing shifts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, openPage, useBrowser } from './browser';
import { PRODUCTS, type Lang } from './catalogue-fixtures';

const { browser } = useBrowser();

const PHONE_390 = { width: 390, height: 844 };
const DESKTOP_1440 = { width: 1440, height: 900 };
const COAT = 'wool-wrap-coat';
type Variant = { id: number; options: string[]; price: Record<string, number> };
const variants = (PRODUCTS.find((p) => p.handle === COAT) as unknown as { variants: Variant[] }).variants;
const variantOf = (colour: string, size: string): Variant => variants.find((v) => v.options[0] === colour && v.options[1] === size)!;
const money = (minor: number): string => `${String(Math.round(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} UAH`;
const BEIGE: Record<Lang, string> = { uk: 'Бежевий', en: 'Beige' };

const bar = (page: Page) => page.locator('.sticky-buy');
const shown = (page: Page): Promise<boolean> =>
  bar(page).evaluate((el) => el.classList.contains('is-shown') && getComputedStyle(el).visibility === 'visible' && getComputedStyle(el).display !== 'none');

/** Layout shifts so far (PerformanceObserver, buffered), as CLS counts them. */
const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );

async function scrollTo(page: Page, where: 'end' | 'top'): Promise<void> {
  await page.evaluate((end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0), where === 'end');
}

describe('the add-to-bag bar on a phone', () => {
  for (const lang of ['uk', 'en'] as const) {
    const prefix = lang === 'en' ? '/en' : '';

    it(`${lang}: appears once the form has scrolled away, shows the default choice, then the shopper's, and adds it to the bag`, async () => {
      const { page, context } = await openPage(browser(), `${prefix}/products/${COAT}`, { viewport: PHONE_390, touch: true });
      // The form on the screen (below the gallery): no bar.
      expect(await shown(page)).toBe(false);
      await scrollTo(page, 'end');
      await expect.poll(() => shown(page), { timeout: 10_000 }).toBe(true);
      await animationsDone(page);
      // Spec §4's default: the first available colour and size.
      const first = variantOf('beige', 'XS');
      expect(await bar(page).locator('[data-sticky-choice]').innerText()).toBe(`${BEIGE[lang]} · XS`);
      expect(await bar(page).locator('[data-sticky-price]').innerText()).toBe(money(first.price['UAH']!));
      // The bar sits at the screen's bottom, whole.
      const box = (await bar(page).boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(PHONE_390.height);

      // Back to the form: the bar goes; a size chosen there is the bar's when it comes back.
      await page.locator('.product-form').scrollIntoViewIfNeeded();
      await expect.poll(() => shown(page), { timeout: 10_000 }).toBe(false);
      await page.locator('.product-option--size label', { hasText: /^\s*S\s*$/ }).click();
      await expect.poll(() => page.evaluate(() => new URL(location.href).searchParams.get('size'))).toBe('s');
      await scrollTo(page, 'end');
      await expect.poll(() => shown(page), { timeout: 10_000 }).toBe(true);
      expect(await bar(page).locator('[data-sticky-choice]').innerText()).toBe(`${BEIGE[lang]} · S`);
      // Appearing and going moved nothing on the page.
      expect(await layoutShift(page)).toBe(0);

      await page.screenshot({ path: `.build/sticky-buy-${lang}-phone.png` });
      await bar(page).locator('[data-sticky-submit]').click();
      await page.locator('.right-panel[data-panel="cart"] .cart-line').first().waitFor({ timeout: 20_000 });
      const lines = await page.evaluate(() => fetch('/cart.js').then((r) => r.json() as Promise<{ items: { id: number; quantity: number }[] }>));
      expect(lines.items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([{ id: variantOf('beige', 'S').id, quantity: 1 }]);
      await context.close();
    });

    it(`${lang}: the bar adds before the form's code has come (its first tap, posted by the form)`, async () => {
      const { page, context } = await openPage(browser(), `${prefix}/products/${COAT}`, { viewport: PHONE_390, touch: true });
      await scrollTo(page, 'end');
      await expect.poll(() => shown(page), { timeout: 10_000 }).toBe(true);
      expect(await page.locator('[data-island="product-form"][data-island-mounted]').count()).toBe(0);
      await bar(page).locator('[data-sticky-submit]').click();
      await page.locator('.right-panel[data-panel="cart"] .cart-line').first().waitFor({ timeout: 20_000 });
      const lines = await page.evaluate(() => fetch('/cart.js').then((r) => r.json() as Promise<{ items: { id: number; quantity: number }[] }>));
      expect(lines.items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([{ id: variantOf('beige', 'XS').id, quantity: 1 }]);
      await context.close();
    });

    it(`${lang}: never on a desktop, where the form stays beside the gallery`, async () => {
      const { page, context } = await openPage(browser(), `${prefix}/products/${COAT}`, { viewport: DESKTOP_1440 });
      await scrollTo(page, 'end');
      await page.waitForLoadState('networkidle');
      expect(await bar(page).evaluate((el) => getComputedStyle(el).display)).toBe('none');
      await context.close();
    });
  }
});
