// Predictive search in the search overlay (islands/search/predictive.ts, sections/predictive-search):
// suggestions as the shopper types, in both languages, on a phone and a desktop; the arrow keys
// move through them (aria-activedescendant), Enter opens the chosen one or, with none chosen,
// submits the search as the spec says; Escape closes the list, then the overlay; a stale answer
// never replaces a newer one; empty and failed states; axe on the open overlay.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectBrowserProblems, openPage, useBrowser } from './browser';
import { axeViolations } from './axe';

const { browser } = useBrowser();

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const LANGUAGES = [
  { language: 'uk', prefix: '', terms: 'пальто', product: 'Вовняне пальто-халат', heading: 'Товари', empty: 'нічого не знайшлося' },
  { language: 'en', prefix: '/en', terms: 'coat', product: 'Wool wrap coat', heading: 'Products', empty: 'Nothing found' },
] as const;

const SHOTS = '.build/shots/search-suggestions';
const INPUT = '#search-overlay-q';
const OPTIONS = '#predictive-search [role="option"]';

/** Opens the overlay as a shopper does: the header's search on a desktop, the left menu's on a phone. */
async function openSearch(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.click('.site-header__menu-toggle');
    await page.click('.left-menu__search');
  } else {
    await page.click('.site-header__search');
  }
  await page.locator('#search-overlay').waitFor({ state: 'visible' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-overlay-q');
}

async function suggestionsFor(page: Page, terms: string): Promise<void> {
  await page.fill(INPUT, terms);
  await page.locator(OPTIONS).first().waitFor({ state: 'visible', timeout: 20_000 });
  await expect.poll(() => page.getAttribute(INPUT, 'aria-expanded')).toBe('true');
}

/** The chunk of islands/search/predictive.ts in the built theme. */
function predictiveChunk(): string {
  const file = readdirSync('theme/assets').find((f) => f.endsWith('.js') && readFileSync(`theme/assets/${f}`, 'utf8').includes('Predictive search failed'));
  if (!file) throw new Error('no predictive search chunk: build first');
  return file;
}

const activeOption = (page: Page) =>
  page.evaluate(() => {
    const input = document.getElementById('search-overlay-q')!;
    const id = input.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option
      ? {
          id,
          selected: option.getAttribute('aria-selected'),
          index: Array.from(document.querySelectorAll('#predictive-search [role="option"]')).indexOf(option),
        }
      : null;
  });

describe('predictive search', () => {
  for (const lang of LANGUAGES) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`${lang.language}, ${name}: suggests products with image and price, the arrows move, Escape closes the list then the overlay`, async () => {
        const { page, context } = await openPage(browser(), `${lang.prefix}/pages/contacts`, { viewport });
        await openSearch(page);
        await suggestionsFor(page, lang.terms);
        const product = page.locator('#predictive-search .predictive-search__product', { hasText: lang.product });
        await product.waitFor();
        expect(await product.locator('img').count()).toBe(1);
        expect(await product.locator('.predictive-search__price').innerText()).toMatch(/UAH/);
        expect(await page.locator('#predictive-search [role="group"]').evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label')))).toContain(
          lang.heading,
        );
        // The box is a combobox naming its listbox while it is open.
        expect(await page.getAttribute(INPUT, 'role')).toBe('combobox');
        expect(await page.getAttribute(INPUT, 'aria-controls')).toBe('predictive-search-listbox');
        // A screen reader hears how many came.
        await expect.poll(() => page.locator('[data-predictive-status]').innerText()).toMatch(/\d/);

        expect(await activeOption(page)).toBeNull();
        await page.keyboard.press('ArrowDown');
        expect(await activeOption(page)).toMatchObject({ index: 0, selected: 'true' });
        await page.keyboard.press('ArrowDown');
        expect(await activeOption(page)).toMatchObject({ index: 1, selected: 'true' });
        expect(await page.locator('#predictive-search [aria-selected="true"]').count()).toBe(1);
        await page.keyboard.press('ArrowUp');
        expect(await activeOption(page)).toMatchObject({ index: 0 });
        // Up from the first goes round to the last.
        await page.keyboard.press('ArrowUp');
        expect((await activeOption(page))?.index).toBe((await page.locator(OPTIONS).count()) - 1);
        // Focus never left the box.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-overlay-q');

        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/${lang.language}-${name}.png` });
        expect(await axeViolations(page, '#search-overlay')).toEqual([]);

        await page.keyboard.press('Escape');
        await page.locator('#predictive-search').waitFor({ state: 'hidden' });
        expect(await page.getAttribute(INPUT, 'aria-expanded')).toBe('false');
        expect(await page.getAttribute(INPUT, 'aria-activedescendant')).toBeNull();
        expect(await page.locator('#search-overlay').isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await page.locator('#search-overlay').waitFor({ state: 'hidden' });
        await context.close();
      });
    }

    it(`${lang.language}: Enter on a chosen product opens it; Enter with none chosen searches (spec §2)`, async () => {
      const { page, context } = await openPage(browser(), `${lang.prefix}/pages/contacts`, { viewport: VIEWPORTS.desktop });
      await openSearch(page);
      await suggestionsFor(page, lang.terms);
      const target = await page.locator('#predictive-search .predictive-search__product', { hasText: lang.product }).getAttribute('href');
      const index = await page.locator(OPTIONS).evaluateAll((options, href) => options.findIndex((o) => o.getAttribute('href') === href), target);
      expect(index).toBeGreaterThanOrEqual(0);
      for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === target);

      await openSearch(page);
      await suggestionsFor(page, lang.terms);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/collections\/all\?/);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${lang.prefix}/collections/all`);
      expect(url.searchParams.get('q')).toBe(lang.terms);
      expect(url.searchParams.get('type')).toBe('product');
      await context.close();
    });

    it(`${lang.language}: says when nothing is found, and the form still searches`, async () => {
      const { page, context } = await openPage(browser(), `${lang.prefix}/pages/contacts`, { viewport: VIEWPORTS.phone });
      await openSearch(page);
      await page.fill(INPUT, 'qqxqzz');
      await page.locator('#predictive-search .predictive-search__message', { hasText: lang.empty }).waitFor({ timeout: 20_000 });
      expect(await page.locator(OPTIONS).count()).toBe(0);
      expect(await page.getAttribute(INPUT, 'aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `${lang.prefix}/collections/all` && url.searchParams.get('q') === 'qqxqzz');
      await context.close();
    });
  }

  it('loads its code only when the shopper comes to the search box', async () => {
    const chunk = predictiveChunk();
    const loaded: string[] = [];
    const { page, context } = await openPage(browser(), '/en/pages/contacts', { viewport: VIEWPORTS.desktop });
    page.on('request', (request) => loaded.push(request.url()));
    // A first input elsewhere brings the overlay's own code, not the suggestions'.
    await page.mouse.click(5, 400);
    await page.locator('[data-island="search"][data-island-mounted]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(loaded.filter((url) => url.includes(chunk))).toEqual([]);
    await openSearch(page);
    await expect.poll(() => loaded.some((url) => url.includes(chunk)), { timeout: 20_000 }).toBe(true);
    await context.close();
  });

  it('a failed request is logged and said; Enter still searches (spec §8)', async () => {
    expectBrowserProblems(
      /^console\.error: Predictive search failed/,
      /^HTTP 503: GET .*\/search\/suggest\?/,
      /^console\.error: Failed to load resource: .* 503/,
    );
    const { page, context } = await openPage(browser(), '/en/pages/contacts', { viewport: VIEWPORTS.desktop });
    await page.route('**/search/suggest?*', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await openSearch(page);
    await page.fill(INPUT, 'coat');
    await page.locator('#predictive-search[data-state="failed"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#predictive-search').innerText()).toContain('Press Enter to search');
    expect(await page.getAttribute(INPUT, 'aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/en/collections/all' && url.searchParams.get('q') === 'coat');
    await context.close();
  });

  it('an answer for words the shopper has since changed never replaces the newer one', async () => {
    const { page, context } = await openPage(browser(), '/en/pages/contacts', { viewport: VIEWPORTS.desktop });
    const held: Route[] = [];
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/search/suggest?')) aborted.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await page.route('**/search/suggest?*', (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'silk') held.push(route);
      else void route.continue();
    });
    await openSearch(page);
    await page.fill(INPUT, 'silk');
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
    // While it is asked for, the panel says so.
    await page.locator('#predictive-search[data-state="loading"]', { hasText: 'Searching' }).waitFor();
    await page.fill(INPUT, 'silk blouse');
    await page.locator('#predictive-search .predictive-search__product', { hasText: 'Silk blouse' }).waitFor({ timeout: 20_000 });
    // The request for the old words was aborted when the new ones were sent.
    await expect.poll(() => aborted, { timeout: 20_000 }).toContain('silk');
    await held[0]!.continue().catch(() => undefined);
    const titles = await page.locator('#predictive-search .predictive-search__title').allInnerTexts();
    expect(titles).toEqual(['Silk blouse']);
    await context.close();
  });
});
