// Product cards (issue 35): the second photo on hover where a pointer hovers, the colours as dots
// with a count, and quick add from every list (a collection the server drew, cards the list
// island drew, the wishlist): a panel to choose the colour and size (sold-out sizes disabled), the
// bag opening with the chosen line, a refused add said and nothing lost, by keyboard too, axe
// clean; without JavaScript the card is a link to the product. In both languages, at a phone's
// and a desktop's width. What the store sells is read from the fixtures, not from the theme.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, expectAnswer, expectBrowserProblems, openPage, openPageWith, signIn, startIsland, useBrowser } from './browser';
import { axeViolationsIn } from './panel-axe';
import { PRODUCTS, text, type Lang } from './catalogue-fixtures';

const { browser } = useBrowser();

const PHONE_390 = { width: 390, height: 844 };
const DESKTOP_1440 = { width: 1440, height: 900 };
const WIDTHS = [
  ['phone', PHONE_390],
  ['desktop', DESKTOP_1440],
] as const;
const LANGS: Lang[] = ['uk', 'en'];
const prefixOf = (lang: Lang): string => (lang === 'en' ? '/en' : '');

type Variant = { id: number; options: string[]; inventory_quantity?: number; inventory_policy?: string };
const fixture = (handle: string) => PRODUCTS.find((p) => p.handle === handle)!;
const variantsOf = (handle: string): Variant[] => (fixture(handle) as unknown as { variants: Variant[] }).variants;
const variantId = (handle: string, colour: string, size: string): number =>
  variantsOf(handle).find((v) => v.options[0] === colour && v.options[1] === size)!.id;
const soldOut = (v: Variant): boolean => (v.inventory_quantity ?? 1) <= 0 && v.inventory_policy !== 'continue';

/** The lines of the bag, as the platform has them. */
const bagLines = (page: Page): Promise<{ id: number; quantity: number }[]> =>
  page.evaluate(() =>
    fetch('/cart.js')
      .then((r) => r.json() as Promise<{ items: { id: number; quantity: number }[] }>)
      .then((c) => c.items.map(({ id, quantity }) => ({ id, quantity }))),
  );

const card = (page: Page, handle: string) => page.locator(`.product-card:has(a.product-card__link[href*="/products/${handle}"])`).first();
const panel = (page: Page, name: string) => page.locator(`.right-panel[data-panel="${name}"]`);

/** Opens quick add on a card and waits for its panel, drawn with the product. */
async function openQuickAdd(page: Page, handle: string): Promise<void> {
  const button = card(page, handle).locator('.product-card__quick-add');
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await panel(page, 'quick-add').locator('.quick-add__submit').waitFor({ timeout: 20_000 });
  await animationsDone(page);
}

/** Chooses a colour and a size in the open panel and adds; the bag opens in its place. */
async function addFromPanel(page: Page, colour: string, size: string): Promise<void> {
  const quickAdd = panel(page, 'quick-add');
  await quickAdd.locator(`input[name="quick-add-color"][value="${colour}"]`).check();
  await quickAdd.locator(`input[name="quick-add-size"][value="${size.toLowerCase()}"]`).check();
  await quickAdd.locator('.quick-add__submit').click();
  await panel(page, 'cart').locator('.cart-line').first().waitFor({ timeout: 20_000 });
}

describe('card: the second photo on hover', () => {
  for (const lang of LANGS) {
    it(`${lang}, desktop: hovering a card shows its second photo in the same box, asked for on that first hover`, async () => {
      const requested: string[] = [];
      const { page, context } = await openPageWith(browser(), `${prefixOf(lang)}/collections/coats-and-jackets`, { viewport: DESKTOP_1440 }, async (p) => {
        p.on('request', (r) => requested.push(r.url()));
      });
      const coat = card(page, 'wool-wrap-coat');
      const hover = coat.locator('img.product-card__hover-image');
      expect(await hover.getAttribute('loading')).toBe('lazy');
      await coat.locator('.product-card__link').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      // Not drawn, so not asked for, until the pointer comes.
      expect(await hover.evaluate((img) => getComputedStyle(img).display)).toBe('none');
      expect(requested.filter((url) => url.includes('wool-wrap-coat-2'))).toEqual([]);
      const before = await coat.locator('.product-card__media').boundingBox();
      await coat.locator('.product-card__link').hover();
      await expect
        .poll(() => hover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity), { timeout: 15_000 })
        .toBe('1');
      expect(await hover.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('wool-wrap-coat-2');
      // The same place and size: nothing moved.
      expect(await coat.locator('.product-card__media').boundingBox()).toEqual(before);
      expect(await hover.boundingBox()).toEqual(await coat.locator('img.product-card__image').boundingBox());
      // The pointer leaves: the first photo again.
      await page.mouse.move(2, 2);
      await expect.poll(() => hover.evaluate((img) => getComputedStyle(img).display), { timeout: 10_000 }).toBe('none');
      await context.close();
    });

    it(`${lang}, phone: a touch screen is never shown the second photo, nor asks for it`, async () => {
      const requested: string[] = [];
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/coats-and-jackets`, { viewport: PHONE_390, touch: true });
      page.on('request', (r) => requested.push(r.url()));
      const hover = card(page, 'wool-wrap-coat').locator('img.product-card__hover-image');
      expect(await hover.evaluate((img) => getComputedStyle(img).display)).toBe('none');
      await card(page, 'wool-wrap-coat').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(requested.filter((url) => /-2\.(jpe?g|png|webp)/.test(url))).toEqual([]);
      await context.close();
    });
  }

  it('a card the list drew (not the server) asks for its second photo on the first hover, and shows it', async () => {
    const { page, context } = await openPage(browser(), '/en/collections/all?sort=price_high_to_low', { viewport: DESKTOP_1440 });
    await page.locator('[data-island="product-list"][data-island-mounted]').waitFor({ state: 'attached', timeout: 20_000 });
    const drawn = page.locator('[data-catalogue-grid] .product-card:not(:has([data-island="wishlist-toggle"])):has(img.product-card__image)').first();
    await drawn.scrollIntoViewIfNeeded();
    const hover = drawn.locator('img.product-card__hover-image');
    expect(await hover.evaluate((img: HTMLImageElement) => img.hidden && !img.getAttribute('src'))).toBe(true);
    const handle = (await drawn.locator('a.product-card__link').getAttribute('href'))!.split('?')[0]!.split('/').pop()!;
    await drawn.locator('.product-card__link').hover();
    await expect
      .poll(() => hover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity), { timeout: 15_000 })
      .toBe('1');
    expect(await hover.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`${handle}-2`);
    await context.close();
  });

  it('less motion: the second photo shows at once, without the fade', async () => {
    const { page, context } = await openPage(browser(), '/collections/coats-and-jackets', { viewport: DESKTOP_1440 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const hover = card(page, 'wool-wrap-coat').locator('img.product-card__hover-image');
    const duration = await hover.evaluate((img) => parseFloat(getComputedStyle(img).transitionDuration));
    expect(duration).toBeLessThan(0.01);
    await context.close();
  });
});

describe('card: colour dots', () => {
  // The fixture's t-shirt comes in five colours: three dots, and two more counted.
  const tee = fixture('basic-t-shirt');
  const colours = [...new Set(variantsOf('basic-t-shirt').map((v) => v.options[0]))];

  for (const lang of LANGS) {
    it(`${lang}: the server's card and the list's card show the first three colours and "+2", read as the colour count`, async () => {
      expect(colours).toHaveLength(5);
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/all`, { viewport: DESKTOP_1440 });
      const dotsOf = (handle: string) =>
        card(page, handle)
          .locator('.product-card__colours')
          .evaluate((p) => ({
            dots: Array.from(p.querySelectorAll('.product-card__dot'), (d) => getComputedStyle(d).backgroundColor),
            more: p.querySelector('.product-card__more-colours')?.textContent ?? '',
            label: p.querySelector('.visually-hidden')?.textContent ?? '',
          }));
      const expected = {
        // white, black, grey in the spec's table.
        dots: ['rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgb(140, 140, 140)'],
        more: '+2',
        label: lang === 'uk' ? '5 кольорів' : '5 colours',
      };
      expect(await dotsOf('basic-t-shirt')).toEqual(expected);
      // The list redraws in another order, drawing cards the server did not: the same dots.
      await page.goto(`${prefixOf(lang)}/collections/all?sort=price_low_to_high`);
      await page.locator('[data-island="product-list"][data-island-mounted]').waitFor({ state: 'attached', timeout: 20_000 });
      expect(await dotsOf('basic-t-shirt')).toEqual(expected);
      expect(text(tee.title, lang)).not.toBe('');
      await context.close();
    });
  }
});

describe('quick add', () => {
  // The wrap coat: beige (first) is sold out in M, L and XL; black is not.
  const COAT = 'wool-wrap-coat';
  const beigeSoldOut = variantsOf(COAT)
    .filter((v) => v.options[0] === 'beige' && soldOut(v))
    .map((v) => v.options[1]!.toLowerCase());

  for (const lang of LANGS) {
    for (const [width, viewport] of WIDTHS) {
      it(`${lang}, ${width}: from a collection card, the chosen colour and size go into the bag, which opens`, async () => {
        const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/coats-and-jackets`, { viewport, touch: width === 'phone' });
        await openQuickAdd(page, COAT);
        const quickAdd = panel(page, 'quick-add');
        // The card's product is no address's: the address names no panel.
        expect(await page.evaluate(() => new URL(location.href).searchParams.get('rightSidebar'))).toBeNull();
        // Spec §4's default: the first available colour; its sold-out sizes cannot be chosen.
        expect(await quickAdd.locator('input[name="quick-add-color"]:checked').inputValue()).toBe('beige');
        const disabled = await quickAdd
          .locator('input[name="quick-add-size"]:disabled')
          .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
        expect(disabled.sort()).toEqual([...beigeSoldOut].sort());
        expect(await quickAdd.locator('.quick-add__title').innerText()).toBe(lang === 'uk' ? 'Швидке додавання' : 'Quick add');
        expect(await quickAdd.locator('.quick-add__name').innerText()).toBe(text(fixture(COAT).title, lang));
        expect(await axeViolationsIn(page)).toEqual([]);
        await addFromPanel(page, 'black', 'L');
        expect(await bagLines(page)).toEqual([{ id: variantId(COAT, 'black', 'L'), quantity: 1 }]);
        expect(await panel(page, 'cart').innerText()).toContain(text(fixture(COAT).title, lang));
        await context.close();
      });
    }

    it(`${lang}: from a card the list island drew (not the server), the panel offers that product and adds it`, async () => {
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/all?sort=price_high_to_low`, { viewport: DESKTOP_1440 });
      await page.locator('[data-island="product-list"][data-island-mounted]').waitFor({ state: 'attached', timeout: 20_000 });
      // A card the island drew carries no wishlist island of the server's.
      const drawn = page.locator('[data-catalogue-grid] .product-card:not(:has([data-island="wishlist-toggle"])):has(.product-card__quick-add)').first();
      await drawn.scrollIntoViewIfNeeded();
      const href = (await drawn.locator('a.product-card__link').getAttribute('href'))!;
      const handle = href.split('?')[0]!.split('/').pop()!;
      const product = fixture(handle);
      await openQuickAdd(page, handle);
      const quickAdd = panel(page, 'quick-add');
      expect(await quickAdd.locator('.quick-add__name').innerText()).toBe(text(product.title, lang));
      const size = (await quickAdd.locator('input[name="quick-add-size"]:not(:disabled)').last().inputValue()).toUpperCase();
      const colour = await quickAdd.locator('input[name="quick-add-color"]:checked').inputValue();
      await addFromPanel(page, colour, size);
      expect(await bagLines(page)).toEqual([{ id: variantId(handle, colour, size), quantity: 1 }]);
      await context.close();
    });

    it(`${lang}: from the wishlist page, the chosen size goes into the bag`, async () => {
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/products/basic-t-shirt`, { viewport: PHONE_390, touch: true });
      await signIn(context);
      await page.reload();
      await startIsland(page, 'wishlist-toggle');
      await page.locator('.product__head .wishlist-toggle__control').click();
      await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('wishlist') ?? '[]') as unknown[]).length)).toBe(1);
      // The wishlist draws its cards from what was saved, then again once the shop's current
      // product answers: the quick-add button is the redrawn card's.
      const live = page.waitForResponse((response) => response.url().includes('/products/basic-t-shirt.js'), { timeout: 20_000 });
      await page.goto(`${prefixOf(lang)}/account/wishlist`);
      await (await live).finished();
      await page.locator('[data-island="account-wishlist"][data-island-mounted] .product-card').waitFor({ timeout: 20_000 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await openQuickAdd(page, 'basic-t-shirt');
      await addFromPanel(page, 'gray', 'M');
      expect(await bagLines(page)).toEqual([{ id: variantId('basic-t-shirt', 'gray', 'M'), quantity: 1 }]);
      await context.close();
    });

    it(`${lang}: by keyboard: Enter opens the panel with focus in it, a size and add by keys, Escape gives focus back to the card`, async () => {
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/coats-and-jackets`, { viewport: DESKTOP_1440 });
      const button = card(page, COAT).locator('.product-card__quick-add');
      await button.focus();
      await page.keyboard.press('Enter');
      const quickAdd = panel(page, 'quick-add');
      await quickAdd.locator('.quick-add__submit').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.activeElement?.closest('.right-panel') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => quickAdd.count()).toBe(0);
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
      // Again, and this time to the bag.
      await page.keyboard.press('Enter');
      await quickAdd.locator('.quick-add__submit').waitFor({ timeout: 20_000 });
      await quickAdd.locator('input[name="quick-add-size"][value="s"]').focus();
      await page.keyboard.press('Space');
      await quickAdd.locator('.quick-add__submit').focus();
      await page.keyboard.press('Enter');
      await panel(page, 'cart').waitFor({ timeout: 20_000 });
      expect(await bagLines(page)).toEqual([{ id: variantId(COAT, 'beige', 'S'), quantity: 1 }]);
      await context.close();
    });

    it(`${lang}: a failed add says so in the panel and keeps the choice; the next tap adds it once`, async () => {
      const { page, context } = await openPage(browser(), `${prefixOf(lang)}/collections/coats-and-jackets`, { viewport: PHONE_390, touch: true });
      expectAnswer(500, `${prefixOf(lang)}/cart/add.js`);
      expectBrowserProblems(/cart\/add\.js answered 500/);
      await page.route('**/cart/add.js', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }));
      await openQuickAdd(page, COAT);
      const quickAdd = panel(page, 'quick-add');
      await quickAdd.locator('input[name="quick-add-color"][value="black"]').check();
      await quickAdd.locator('input[name="quick-add-size"][value="m"]').check();
      await quickAdd.locator('.quick-add__submit').click();
      await expect
        .poll(() => quickAdd.locator('.form-error').innerText(), { timeout: 20_000 })
        .toBe(lang === 'uk' ? 'Не вдалося додати товар до кошика.' : 'Could not add this item to your bag.');
      expect(await quickAdd.locator('input[name="quick-add-size"]:checked').inputValue()).toBe('m');
      expect(await bagLines(page)).toEqual([]);
      await page.unroute('**/cart/add.js');
      await quickAdd.locator('.quick-add__submit').click();
      await panel(page, 'cart').waitFor({ timeout: 20_000 });
      expect(await bagLines(page)).toEqual([{ id: variantId(COAT, 'black', 'M'), quantity: 1 }]);
      await context.close();
    });
  }

  it("a sold-out product offers no quick add, on the server's cards and the list's; without JavaScript no card offers it, and each card links to its product", async () => {
    const { page, context } = await openPage(browser(), '/collections/all?sort=price_low_to_high', { viewport: DESKTOP_1440 });
    await page.locator('[data-island="product-list"][data-island-mounted]').waitFor({ state: 'attached', timeout: 20_000 });
    const offers = await page.locator('[data-catalogue-grid] .product-card').evaluateAll((cards) =>
      cards.map((c) => ({
        soldOut: c.querySelector('.badge--sold-out') !== null,
        quickAdd: [...c.querySelectorAll('.product-card__quick-add')].some((b) => getComputedStyle(b).display !== 'none'),
      })),
    );
    expect(offers.filter((o) => o.soldOut).length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.quickAdd).toBe(!offer.soldOut);
    await context.close();

    const noJs = await openPage(browser(), '/en/collections/coats-and-jackets', { viewport: PHONE_390, javaScriptEnabled: false });
    const buttons = noJs.page.locator('.product-card__quick-add');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const visible of await buttons.evaluateAll((all) => all.map((b) => getComputedStyle(b).display !== 'none'))) expect(visible).toBe(false);
    expect(await card(noJs.page, COAT).locator('a.product-card__link').getAttribute('href')).toBe(`/en/products/${COAT}`);
    await noJs.context.close();
  });
});
