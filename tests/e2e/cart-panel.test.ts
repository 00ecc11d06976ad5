// The bag in real Chromium against the preview: add, increase, a refused over-stock increase
// (tweed-jacket's first variant, 9000000136, has stock 1), decrease, removal, an upsell, ten
// fast clicks on +, a second tab following along, both languages, and axe with the panel open.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolationsIn } from './panel-axe';
import { expectAnswer, expectBrowserProblems, openPage, useBrowser, DESKTOP, PHONE } from './browser';

const { browser } = useBrowser();

type ServerCart = { item_count: number; items: { id: number; quantity: number; product_title: string }[] };

/** The platform's own view of this browser's bag. */
function serverCart(page: Page, prefix = ''): Promise<ServerCart> {
  return page.evaluate((p) => fetch(`${p}/cart.js`).then((r) => r.json() as Promise<ServerCart>), prefix);
}

function consoleErrors(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(message.text());
  });
  return found;
}

const panel = (page: Page) => page.locator('.right-panel [role="dialog"]');
const line = (page: Page, title: string) => panel(page).locator('.cart-line', { has: page.locator('.cart-line__title', { hasText: title }) });
const quantity = (page: Page, title: string) => line(page, title).locator('.quantity__value').innerText();
const shownTitles = (page: Page) => panel(page).locator('.cart-line__title').allInnerTexts();
/** Clicks a native form's button and waits for the page it leads to. */
async function submit(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

const headerCount = (page: Page) => page.locator('[data-island="cart-count"]').innerText();

/** The teddy coat (reduced) added on its English page, the bag open with its upsells drawn. */
async function teddyCoatInTheBag() {
  const opened = await openPage(browser(), '/en/products/teddy-coat', { viewport: DESKTOP });
  await opened.page.getByRole('button', { name: 'Add to bag', exact: true }).first().click();
  await panel(opened.page).waitFor();
  const upsells = panel(opened.page).getByRole('region', { name: 'You may also like' });
  await upsells.locator('.upsell').first().waitFor();
  return { ...opened, upsells };
}

describe('cart panel', () => {
  it('one page, one currency: a tab drawn before the shopper chose dollars in another draws itself again in dollars when its bag opens', async () => {
    const { page: older, context, errors } = await openPage(browser(), '/en/products/wool-wrap-coat', { viewport: DESKTOP });
    const firstPrice = () => older.locator('.product__price').innerText();
    expect(await firstPrice()).toMatch(/UAH/);

    // Another tab: the teddy coat in the bag, then dollars from the footer's currency choice.
    const other = await context.newPage();
    await other.goto('/en/products/teddy-coat');
    await other.getByRole('button', { name: 'Add to bag', exact: true }).first().click();
    await panel(other).waitFor();
    await Promise.all([other.waitForURL(/\/en\/products\/teddy-coat/), other.selectOption('#footer-currency', 'US')]);
    await other.close();

    // The older tab still shows hryvnias; opening its bag must not put dollars beside them.
    await Promise.all([older.waitForEvent('load', { timeout: 30_000 }), older.locator('.site-header__bag').click()]);
    await panel(older).waitFor({ timeout: 30_000 });
    expect(new URL(older.url()).searchParams.get('rightSidebar')).toBe('cart');
    expect(await firstPrice()).toMatch(/^\$/);
    expect(await older.inputValue('#footer-currency')).toBe('US');
    await line(older, 'Teddy coat').waitFor();
    expect(await panel(older).innerText()).not.toMatch(/UAH/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Ukrainian on a phone: add, a refused increase, an upsell, decrease and removal, seen from a second tab', async () => {
    expectAnswer(422, '/cart/change.js'); // the platform refuses the increase over stock
    expectBrowserProblems(/^console\.error: Could not increase quantity /); // spec: the refusal is logged
    const { page, context, errors } = await openPage(browser(), '/products/tweed-jacket', { viewport: PHONE });
    const logged = consoleErrors(page);

    // Add: the panel opens (and says so in the address) with the line and the header count.
    await page.getByRole('button', { name: 'Додати в кошик', exact: true }).first().click();
    await panel(page).waitFor();
    expect(await panel(page).getAttribute('aria-labelledby')).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('cart');
    await expect.poll(() => quantity(page, 'Твідовий жакет')).toBe('1');
    await expect.poll(() => headerCount(page)).toContain('1');

    // Over stock: the server answers 422; the line stays at 1, the shopper reads the platform's
    // own message (what /cart/change.js says to the same request), the log says so.
    await line(page, 'Твідовий жакет').getByRole('button', { name: 'Збільшити кількість: Твідовий жакет' }).click();
    const notice = line(page, 'Твідовий жакет').getByRole('alert');
    await notice.waitFor();
    const refusal = await page.evaluate(() =>
      fetch('/cart/change.js', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ line: 1, quantity: 2 }) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as { description: string } }),
      ),
    );
    expect(refusal.status).toBe(422);
    expect(await notice.innerText()).toBe(refusal.body.description);
    expect(await quantity(page, 'Твідовий жакет')).toBe('1');
    expect(logged).toContain('Could not increase quantity');
    expect((await serverCart(page)).items.map((i) => i.quantity)).toEqual([1]);

    // An upsell: related products arrive; adding one puts it first with quantity 1 and takes it off the list.
    const upsells = panel(page).getByRole('region', { name: 'Вам також може сподобатися' });
    await upsells.waitFor();
    const upsell = upsells.locator('.upsell').first();
    const upsellTitle = await upsell.locator('.upsell__title').innerText();
    await upsell.getByRole('button', { name: `Додати в кошик: ${upsellTitle}` }).click();
    await expect.poll(() => shownTitles(page)).toEqual([upsellTitle, 'Твідовий жакет']);
    expect(await quantity(page, upsellTitle)).toBe('1');
    expect(await upsells.locator('.upsell__title', { hasText: upsellTitle }).count()).toBe(0);
    await expect.poll(() => headerCount(page)).toContain('2');

    // axe with the panel full (lines, a notice, upsells).
    expect(await axeViolationsIn(page)).toEqual([]);

    // A second tab of the same browser sees the bag, and follows a change made in the first.
    const second = await context.newPage();
    await second.goto('/');
    await expect.poll(() => headerCount(second)).toContain('2');
    await line(page, upsellTitle)
      .getByRole('button', { name: `Зменшити кількість: ${upsellTitle}` })
      .click(); // 1 → removed
    await expect.poll(() => shownTitles(page)).toEqual(['Твідовий жакет']);
    await expect.poll(() => headerCount(second)).toContain('1');

    // Removal of the last line: the empty bag, checkout disabled.
    await line(page, 'Твідовий жакет').getByRole('button', { name: 'Зменшити кількість: Твідовий жакет' }).click();
    await panel(page).getByText('Ваш кошик порожній').waitFor();
    expect(await panel(page).getByRole('button', { name: 'Оформити замовлення' }).isDisabled()).toBe(true);
    expect((await serverCart(page)).item_count).toBe(0);
    await expect.poll(() => headerCount(second)).toContain('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English on a desktop: ten fast clicks on + are each applied once, then checkout posts the cart form', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/products/cargo-pants', { viewport: DESKTOP });
    await page.getByRole('button', { name: 'Add to bag', exact: true }).first().click();
    await panel(page).waitFor();
    await expect.poll(() => quantity(page, 'Cargo trousers')).toBe('1');
    const plus = line(page, 'Cargo trousers').getByRole('button', { name: 'Increase quantity of Cargo trousers' });
    for (let i = 0; i < 10; i++) await plus.click();
    // The first variant has stock 14: every click is allowed, none lost, none doubled.
    await expect.poll(() => quantity(page, 'Cargo trousers')).toBe('11');
    await page.waitForLoadState('networkidle');
    expect((await serverCart(page, '/en')).items.map((i) => i.quantity)).toEqual([11]);
    expect(await quantity(page, 'Cargo trousers')).toBe('11');

    // Decrease lowers by one.
    await line(page, 'Cargo trousers').getByRole('button', { name: 'Decrease quantity of Cargo trousers' }).click();
    await expect.poll(() => quantity(page, 'Cargo trousers')).toBe('10');
    expect(await axeViolationsIn(page)).toEqual([]);

    // Checkout posts {root}cart with name="checkout" (the platform then goes to checkout).
    const checkout = panel(page).getByRole('button', { name: 'Checkout' });
    expect(await checkout.evaluate((b: HTMLButtonElement) => [b.form?.getAttribute('action'), b.form?.method, b.name])).toEqual([
      '/en/cart',
      'post',
      'checkout',
    ]);
    const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/en/cart'), checkout.click()]);
    expect(request.postData()).toContain('checkout');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the keyboard in the bag when the focused control goes with its line or its upsell', async () => {
    const { page, context, errors, upsells } = await teddyCoatInTheBag();
    const focused = () =>
      page.evaluate(() => ({
        inPanel: !!document.activeElement?.closest('.right-panel'),
        label: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
      }));

    // An upsell added from the keyboard: its button goes, the focus goes to the next upsell's.
    const firstUpsell = upsells.locator('.upsell__add').first();
    const next = await upsells.locator('.upsell__add').nth(1).getAttribute('aria-label');
    await firstUpsell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel(page).locator('.cart-line').count()).toBe(2);
    await expect.poll(focused).toEqual({ inPanel: true, label: next });

    // A line removed from the keyboard: the focus goes to the remove button now in its place.
    const removes = panel(page).locator('.cart-line__remove');
    const second = await removes.nth(1).getAttribute('aria-label');
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel(page).locator('.cart-line').count()).toBe(1);
    await expect.poll(focused).toEqual({ inPanel: true, label: second });

    // The last line's − at quantity 1: the bag is empty, the focus on its way back to the shop.
    await panel(page).locator('.cart-line__decrease').focus();
    await page.keyboard.press('Enter');
    await panel(page).getByText('Your bag is empty').waitFor();
    await expect.poll(focused).toEqual({ inPanel: true, label: 'Continue shopping' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every amount in the bag’s currency after another tab chose another one', async () => {
    const { page, context, errors, upsells } = await teddyCoatInTheBag();
    // The teddy coat is reduced: its line strikes through a compare-at price.
    await line(page, 'Teddy coat').locator('.price__compare').waitFor();
    const amounts = () => panel(page).locator('.price__current, .price__compare, .cart-total__amount').allInnerTexts();
    expect((await amounts()).every((text) => text.endsWith('UAH'))).toBe(true);

    // Another tab switches the shop to dollars; then a change in this tab's bag.
    const other = await context.newPage();
    await other.goto('/en/pages/about-us');
    await Promise.all([other.waitForNavigation(), other.selectOption('#footer-currency', 'US')]);
    // One page, one currency: the page is drawn again in dollars, its bag open, the line increased.
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      line(page, 'Teddy coat').getByRole('button', { name: 'Increase quantity of Teddy coat' }).click(),
    ]);
    await expect.poll(() => panel(page).locator('.cart-total__amount').innerText(), { timeout: 15_000 }).toMatch(/^\$/);
    expect(await page.locator('.product__price').innerText()).toMatch(/\$207/);
    expect(await page.locator('.product__price').innerText()).not.toMatch(/UAH/);
    expect(await quantity(page, 'Teddy coat')).toBe('2');

    // Every amount is the shop's in dollars: the line's compare-at price and each upsell's price as
    // the shop answers them in dollars now, never hryvnia amounts with a dollar sign.
    const usd = await page.evaluate(async () => {
      const product = (await (await fetch('/en/products/teddy-coat.js')).json()) as { compare_at_price: number };
      const cart = (await (await fetch('/en/cart.js')).json()) as { currency: string; items: { quantity: number }[] };
      return { compareAt: product.compare_at_price * cart.items[0]!.quantity, currency: cart.currency };
    });
    expect(usd.currency).toBe('USD');
    const dollars = (minor: number) => `$${Math.round(minor / 100)}`;
    await expect.poll(() => line(page, 'Teddy coat').locator('.price__compare').innerText(), { timeout: 15_000 }).toBe(dollars(usd.compareAt));
    await expect.poll(async () => (await upsells.locator('.price__current').allInnerTexts()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const upsellPrices = await upsells
      .locator('.upsell')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ href: node.querySelector('a')?.getAttribute('href') ?? '', price: node.querySelector('.price__current')?.textContent ?? '' })),
      );
    for (const { href, price } of upsellPrices) {
      const shop = await page.evaluate(async (url) => ((await (await fetch(`${url.split('?')[0]}.js`)).json()) as { price: number }).price, href);
      expect(price).toBe(dollars(shop));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the bag’s count as it is now on a page Back brings, before any touch', async () => {
    const { page, context } = await openPage(browser(), '/pages/about-us', { viewport: DESKTOP });
    expect(await headerCount(page)).toBe('(0)');
    await page.goto('/products/tweed-jacket');
    // Added from this page (the request shares the page's cookies): the bag now holds one.
    await page.request.post('/cart/add.js', { data: { items: [{ id: 9000000136, quantity: 1 }] } });
    // The browser shows its copy of the page first drawn with (0).
    await page.goBack();
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBe('(1)');
    await context.close();
  });

  it('opens over the home page at /cart, and Escape closes it and gives the address back', async () => {
    const { page, context } = await openPage(browser(), '/en/cart', { viewport: PHONE });
    expect(new URL(page.url()).pathname).toBe('/en/');
    await panel(page).waitFor();
    await panel(page).getByText('Your bag is empty').waitFor();
    expect(await axeViolationsIn(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('rightSidebar')).toBe(false);
    await context.close();
  });

  it('works without JavaScript: /cart lists the bag with − / + / remove forms, a total and the checkout form', async () => {
    const { page, context } = await openPage(browser(), '/products/wool-wrap-coat', { viewport: PHONE, javaScriptEnabled: false });
    await submit(page, page.getByRole('button', { name: 'Додати в кошик' }).first()); // the native product form → /cart
    expect(new URL(page.url()).pathname).toBe('/cart');
    const bag = page.locator('main .cart-line', { hasText: 'Вовняне пальто-халат' });
    expect(await bag.locator('.quantity__value').innerText()).toBe('1');
    await submit(page, bag.getByRole('button', { name: 'Збільшити кількість: Вовняне пальто-халат' }));
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await bag.locator('.quantity__value').innerText()).toBe('2');
    await submit(page, bag.getByRole('button', { name: 'Зменшити кількість: Вовняне пальто-халат' }));
    expect(await bag.locator('.quantity__value').innerText()).toBe('1');
    expect(await page.locator('main .cart-total__amount').innerText()).toMatch(/8\s?990/);
    const checkout = page.locator('main').getByRole('button', { name: 'Оформити замовлення' });
    expect(await checkout.isDisabled()).toBe(false);
    expect(await checkout.evaluate((b: HTMLButtonElement) => [b.form?.getAttribute('action'), b.form?.method, b.name])).toEqual(['/cart', 'post', 'checkout']);
    await submit(page, bag.getByRole('button', { name: 'Видалити Вовняне пальто-халат' }));
    expect(await page.locator('main').getByText('Ваш кошик порожній').isVisible()).toBe(true);
    expect(await page.locator('main').getByRole('button', { name: 'Оформити замовлення' }).isDisabled()).toBe(true);
    await context.close();
  });
});
