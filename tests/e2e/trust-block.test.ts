// Delivery, returns and payment beside the buy button and at the foot of the bag (issue 39), in
// both languages: the product page's lines, and the bag's count-down to free delivery, which
// moves as lines are added and is counted in the bag's currency. The fixture shop keeps the
// theme's defaults: delivery in 1–3 business days by Nova Poshta, free from 10 000 UAH, returns
// within 14 days, the shop's payment types (Visa, Mastercard, Apple Pay, Google Pay); its rate
// for dollars is 1/41, so the threshold is $244.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openPage, useBrowser } from './browser';

const { browser } = useBrowser();
const PHONE_390 = { width: 390, height: 844 };

/** Each line's words (the payment line's icons are images, named below). */
const trustLines = (page: Page) => page.locator('.product__info .trust .trust__line > span:first-of-type').allInnerTexts();
const panel = (page: Page) => page.locator('.right-panel [role="dialog"]');
const progressText = (page: Page) => panel(page).locator('.free-delivery__text');
const progressValue = (page: Page) => panel(page).getByRole('progressbar').getAttribute('aria-valuenow');

/** Opens a product page of the same tab and adds its first variant: the bag opens. */
async function addFrom(page: Page, path: string, button: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: button, exact: true }).click();
  await panel(page).locator('.cart-lines').waitFor();
}

describe('trust block and free delivery', () => {
  it('says delivery, free delivery, returns and payment beside the buy button, and counts down to free delivery in the bag (uk, 390 px)', async () => {
    const { page, context } = await openPage(browser(), '/products/wrap-midi-dress', { viewport: PHONE_390 });
    expect(await trustLines(page)).toEqual([
      'Доставка за 1–3 робочі дні, Нова пошта',
      'Безкоштовна доставка від 10 000 UAH',
      'Безкоштовне повернення протягом 14 днів',
      'Карткою, Apple Pay, Google Pay або при отриманні',
    ]);
    const icons = page.locator('.product__info .trust').getByRole('img');
    expect(await icons.evaluateAll((svgs) => svgs.map((svg) => svg.querySelector('title')?.textContent))).toEqual([
      'Visa',
      'Mastercard',
      'Apple Pay',
      'Google Pay',
    ]);
    // Beside the buy button: the block follows the form, above the product's own text (under
    // buy it now, the platform's button that sits right under add to bag, when the shop has it).
    const below = await page.evaluate(() => {
      const buttons = ['.product-form__submit', '.product-form__payment-button'].map((s) => document.querySelector(s)?.getBoundingClientRect());
      const button = buttons.filter((r): r is DOMRect => !!r && r.height > 0).sort((a, b) => b.bottom - a.bottom)[0]!;
      const trust = document.querySelector('.product__info .trust')!.getBoundingClientRect();
      return trust.top - button.bottom;
    });
    expect(below).toBeGreaterThanOrEqual(0);
    expect(below).toBeLessThan(80);

    await page.getByRole('button', { name: 'Додати в кошик', exact: true }).click();
    await panel(page).locator('.cart-lines').waitFor();
    await expect.poll(() => progressText(page).innerText()).toBe('До безкоштовної доставки залишилось 6 510 UAH');
    expect(await progressValue(page)).toBe('35');
    // The bag's foot repeats the promises (the free-delivery line is the count-down there).
    expect(await panel(page).locator('.trust__line > span:first-of-type').allInnerTexts()).toEqual([
      'Доставка за 1–3 робочі дні, Нова пошта',
      'Безкоштовне повернення протягом 14 днів',
      'Карткою, Apple Pay, Google Pay або при отриманні',
    ]);

    // Another line: 3 490 + 3 990 UAH.
    await addFrom(page, '/products/little-black-dress', 'Додати в кошик');
    await expect.poll(() => progressText(page).innerText()).toBe('До безкоштовної доставки залишилось 2 520 UAH');
    expect(await progressValue(page)).toBe('75');

    // A coat takes the bag past 10 000 UAH.
    await addFrom(page, '/products/wool-wrap-coat', 'Додати в кошик');
    await expect.poll(() => progressText(page).innerText()).toBe('Безкоштовна доставка');
    expect(await progressValue(page)).toBe('100');
    await context.close();
  });

  it('counts down in the bag’s currency: dollars at the shop’s rate (en, 1440 px)', async () => {
    const { page, context } = await openPage(browser(), '/en/products/wrap-midi-dress', { viewport: { ...DESKTOP, width: 1440 } });
    expect(await trustLines(page)).toEqual([
      'Delivery in 1–3 business days, Nova Poshta',
      'Free delivery on orders from 10 000 UAH',
      'Free returns within 14 days',
      'Card, Apple Pay, Google Pay or cash on delivery',
    ]);
    await Promise.all([page.waitForNavigation(), page.selectOption('#footer-currency', 'US')]);
    // The page is in dollars now; Liquid has no rate to convert the threshold with, so no amount.
    expect((await trustLines(page))[1]).toBe('Free delivery on larger orders');

    await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
    await panel(page).locator('.cart-lines').waitFor();
    // $244 (10 000 UAH at 1/41) less the dress's $85.
    await expect.poll(() => progressText(page).innerText()).toBe('$159 away from free delivery');
    expect(await progressValue(page)).toBe('35');

    await addFrom(page, '/en/products/little-black-dress', 'Add to bag');
    await expect.poll(() => progressText(page).innerText()).toBe('$62 away from free delivery');
    expect(await progressValue(page)).toBe('75');
    await context.close();
  });
});
