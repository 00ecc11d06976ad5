// The product page's "Wear it with" (complementary, the merchant's Search & Discovery choice),
// "You may also like" (related) and "Recently viewed", in both languages on a phone and a
// desktop: each loads when it nears the viewport, shows nothing when nothing came, and a failure
// is logged and hidden (spec §8). Recently viewed keeps handles in this browser, so it survives a
// change of language, and a storage that refuses costs only the list.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectBrowserProblems, openPage, openPageWith, useBrowser } from './browser';

const { browser } = useBrowser();

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const LANGUAGES = [
  {
    language: 'uk',
    prefix: '',
    complementary: 'Носіть разом із',
    related: 'Вам може сподобатися',
    recent: 'Ви нещодавно переглядали',
    sweater: 'Светр з мериносу',
  },
  {
    language: 'en',
    prefix: '/en',
    complementary: 'Wear it with',
    related: 'You may also like',
    recent: 'Recently viewed',
    sweater: 'Merino crew-neck sweater',
  },
] as const;
const SHOTS = '.build/shots/product-discovery';

const COMPLEMENTARY = '[data-intent="complementary"].product-recommendations-slot';
const RELATED = '[data-intent="related"].product-recommendations-slot';
const RECENT = 'section.recently-viewed';

/** The product handles of the cards in `selector`, in order. */
const cardHandles = (page: Page, selector: string) =>
  page.locator(`${selector} .product-card__link`).evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/').pop()));

/** Scrolls to the end of the page as a shopper does, so what loads when visible comes. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

describe('wear it with and you may also like', () => {
  for (const lang of LANGUAGES) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`${lang.language}, ${name}: the merchant's complementary products and related ones load when visible`, async () => {
        const { page, context } = await openPage(browser(), `${lang.prefix}/products/wool-wrap-coat`, { viewport });
        await scrollToEnd(page);
        const complementary = page.locator(COMPLEMENTARY);
        await complementary.locator('.product-card').first().waitFor({ timeout: 20_000 });
        expect(await complementary.locator('h2').innerText()).toBe(lang.complementary);
        // In the merchant's order; the sold-out dress in the list is left out.
        expect(await cardHandles(page, COMPLEMENTARY)).toEqual(['merino-crew-sweater', 'wide-leg-trousers', 'knit-maxi-skirt']);
        expect(await complementary.locator('.product-card', { hasText: lang.sweater }).locator('.price').innerText()).toMatch(/UAH/);
        const related = page.locator(RELATED);
        await related.locator('.product-card').first().waitFor({ timeout: 20_000 });
        expect(await related.locator('h2').innerText()).toBe(lang.related);
        const relatedHandles = await cardHandles(page, RELATED);
        expect(relatedHandles.length).toBeGreaterThan(0);
        expect(relatedHandles.length).toBeLessThanOrEqual(4);
        expect(relatedHandles).not.toContain('wool-wrap-coat');
        mkdirSync(SHOTS, { recursive: true });
        await complementary.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/complementary-${lang.language}-${name}.png` });
        await context.close();
      });
    }
  }

  it('asks for recommendations only as they near the viewport', async () => {
    const asked: string[] = [];
    const { page, context } = await openPageWith(browser(), '/en/products/wool-wrap-coat', { viewport: VIEWPORTS.phone }, async (p) => {
      p.on('request', (request) => {
        if (request.url().includes('/recommendations/products')) asked.push(new URL(request.url()).searchParams.get('intent') ?? '');
      });
    });
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await scrollToEnd(page);
    await expect.poll(() => asked.sort(), { timeout: 20_000 }).toEqual(['complementary', 'related']);
    await context.close();
  });

  it('shows no heading over nothing: a product without complementary products', async () => {
    const { page, context } = await openPage(browser(), '/en/products/tweed-jacket', { viewport: VIEWPORTS.desktop });
    await scrollToEnd(page);
    await page.locator(`${RELATED}[data-state="filled"]`).waitFor({ timeout: 20_000 });
    await page.locator(`${COMPLEMENTARY}[data-state="empty"]`).waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.locator(COMPLEMENTARY).innerHTML()).toBe('');
    expect(await page.getByText('Wear it with').count()).toBe(0);
    await context.close();
  });

  it('a failed request is logged and shows nothing (spec §8)', async () => {
    expectBrowserProblems(
      /^console\.error: Product recommendations \(complementary\) failed/,
      /^HTTP 500: GET .*intent=complementary/,
      /^console\.error: Failed to load resource: .* 500/,
    );
    const { page, context } = await openPageWith(browser(), '/en/products/wool-wrap-coat', { viewport: VIEWPORTS.desktop }, async (p) => {
      await p.route('**/recommendations/products?*intent=complementary*', (route) => route.fulfill({ status: 500, body: 'error' }));
    });
    await scrollToEnd(page);
    await page.locator(`${COMPLEMENTARY}[data-state="failed"]`).waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.locator(COMPLEMENTARY).innerHTML()).toBe('');
    // The other block is not affected.
    await page.locator(`${RELATED} .product-card`).first().waitFor({ timeout: 20_000 });
    await context.close();
  });
});

describe('recently viewed', () => {
  for (const lang of LANGUAGES) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`${lang.language}, ${name}: shows the products seen before, newest first, never this one`, async () => {
        const { page, context } = await openPage(browser(), `${lang.prefix}/products/silk-blouse`, { viewport });
        // A first visit has nothing to show: the section stays hidden.
        await scrollToEnd(page);
        await page.locator(RECENT).waitFor({ state: 'attached' });
        expect(await page.locator(RECENT).isHidden()).toBe(true);
        for (const handle of ['tweed-jacket', 'wool-wrap-coat']) await page.goto(`${lang.prefix}/products/${handle}`);
        await scrollToEnd(page);
        const recent = page.locator(RECENT);
        await recent.waitFor({ state: 'visible', timeout: 20_000 });
        expect(await recent.locator('h2').innerText()).toBe(lang.recent);
        expect(await cardHandles(page, RECENT)).toEqual(['tweed-jacket', 'silk-blouse']);
        await recent.scrollIntoViewIfNeeded();
        // Every photo shows: the theme's fade-in hears each one load, even one the browser had kept.
        await expect.poll(() => recent.locator('img:not(.is-loaded)').count(), { timeout: 20_000 }).toBe(0);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/recent-${lang.language}-${name}.png` });
        await context.close();
      });
    }
  }

  it('keeps handles, so the list follows a change of language; at most 12 are kept', async () => {
    const { page, context } = await openPage(browser(), '/en/products/silk-blouse', { viewport: VIEWPORTS.desktop });
    await page.goto('/en/products/tweed-jacket');
    await page.goto('/products/wool-wrap-coat');
    await scrollToEnd(page);
    await page.locator(RECENT).waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.locator(`${RECENT} h2`).innerText()).toBe('Ви нещодавно переглядали');
    expect(await page.locator(`${RECENT} .product-card__link`).first().getAttribute('href')).toBe('/products/tweed-jacket');
    expect(await page.locator(`${RECENT} .product-card`).first().innerText()).toContain('Твідовий жакет');

    const many = Array.from({ length: 20 }, (_, i) => `gone-product-${i}`);
    await page.evaluate((handles) => localStorage.setItem('recently-viewed', JSON.stringify(handles)), many);
    await page.goto('/en/products/silk-blouse');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as string[]);
    expect(kept).toHaveLength(12);
    expect(kept[0]).toBe('silk-blouse');
    // Products that are no longer there are forgotten once asked for, and nothing is shown for them.
    await scrollToEnd(page);
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as string[]).length), { timeout: 20_000 })
      .toBeLessThan(12);
    expect(await page.locator(RECENT).isHidden()).toBe(true);
    await context.close();
  });

  it('a storage that refuses (a private window) costs only the list', async () => {
    const { page, context } = await openPageWith(browser(), '/en/products/silk-blouse', { viewport: VIEWPORTS.phone }, async (p) => {
      await p.addInitScript(() => {
        const refuse = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
        Object.defineProperty(window, 'localStorage', { get: refuse });
      });
    });
    await page.goto('/en/products/tweed-jacket');
    await scrollToEnd(page);
    // The rest of the page works: the recommendations come, the list stays hidden.
    await page.locator(`${RELATED} .product-card`).first().waitFor({ timeout: 20_000 });
    expect(await page.locator(RECENT).isHidden()).toBe(true);
    await context.close();
  });
});
