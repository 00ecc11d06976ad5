// The product list screen in Chromium against the fixture store (spec §2, §4, §5): every sort,
// the filters panel, category and search, incremental rendering, the address as state, in
// Ukrainian and English.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { DESKTOP, PHONE, baseUrl, expectBrowserProblems, expectUnsupportedColour, openPage, openPageWith, useBrowser } from './browser';
import {
  PRODUCTS,
  STORE_PRODUCTS,
  alphabetical,
  byPrice,
  cardNames,
  coloursOf,
  countText,
  names,
  name as productName,
  productsOf,
  scrollToEnd,
  sizesOf,
  waitForList,
  type Lang,
} from './catalogue-fixtures';

const { browser } = useBrowser();

const search = (url: string) => new URL(url).searchParams;
// The list may wait for the rest of the catalogue from the API: give it time.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

describe('product list: sorts (new arrivals, every sort, both languages)', () => {
  for (const lang of ['uk', 'en'] as Lang[]) {
    it(`${lang}: alphabetical by default, then price high to low, low to high, alphabetical again; Back undoes`, async () => {
      const prefix = lang === 'en' ? '/en' : '';
      const { page, context, errors } = await openPage(browser(), `${prefix}/collections/new-arrivals`, { viewport: DESKTOP });
      await waitForList(page);
      const all = productsOf('new-arrivals');
      const alpha = alphabetical(all, lang);
      expect(await cardNames(page)).toEqual(names(alpha, lang));
      expect(await countText(page)).toBe(lang === 'uk' ? '11 товарів' : '11 items');
      expect(await page.inputValue('[data-catalogue-sort]')).toBe('alphabetically');
      const options = await page.$$eval('[data-catalogue-sort] option', (els) => els.map((el) => (el as HTMLOptionElement).value));
      expect(options).toEqual(['alphabetically', 'price_high_to_low', 'price_low_to_high']);

      await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
      await poll(() => cardNames(page)).toEqual(names(byPrice(alpha, 'desc'), lang));
      expect(search(page.url()).get('sort')).toBe('price_high_to_low');

      await page.selectOption('[data-catalogue-sort]', 'price_low_to_high');
      await poll(() => cardNames(page)).toEqual(names(byPrice(alpha, 'asc'), lang));
      expect(search(page.url()).get('sort')).toBe('price_low_to_high');

      await page.selectOption('[data-catalogue-sort]', 'alphabetically');
      await poll(() => cardNames(page)).toEqual(names(alpha, lang));
      expect(search(page.url()).has('sort')).toBe(false);

      await page.goBack();
      await poll(() => cardNames(page)).toEqual(names(byPrice(alpha, 'asc'), lang));
      expect(await page.inputValue('[data-catalogue-sort]')).toBe('price_low_to_high');
      expect(await countText(page)).toBe(lang === 'uk' ? '11 товарів' : '11 items');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const lang of ['uk', 'en'] as Lang[]) {
    it(`${lang}: a sort chosen before the list's code has come is kept, not reset to the default`, async () => {
      const prefix = lang === 'en' ? '/en' : '';
      const meta = JSON.parse(readFileSync('.build/islands-meta.json', 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[] }> };
      const controller = meta.outputs['theme/assets/island-product-list.js']!.imports.find((i) => i.kind === 'dynamic-import')!
        .path.split('/')
        .pop()!;
      const { page, context } = await openPage(browser(), `${prefix}/collections/new-arrivals`, { viewport: DESKTOP });
      // The list's code is held until the shopper has chosen (a slow network).
      let chosen = () => {};
      const choiceMade = new Promise<void>((resolve) => (chosen = resolve));
      await page.route(new RegExp(controller.replace('.', '\\.')), async (route) => {
        await choiceMade;
        await route.continue();
      });
      // Focusing the select is the first input: the code is asked for, and the shopper picks at once.
      await page.focus('[data-catalogue-sort]');
      await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
      chosen();
      await page.waitForSelector('[data-island="product-list"][data-island-mounted]', { state: 'attached' });
      const alpha = alphabetical(productsOf('new-arrivals'), lang);
      await poll(() => cardNames(page)).toEqual(names(byPrice(alpha, 'desc'), lang));
      expect(await page.inputValue('[data-catalogue-sort]')).toBe('price_high_to_low');
      expect(search(page.url()).get('sort')).toBe('price_high_to_low');
      await context.close();
    });
  }

  it('prices on the cards are the shop money format, e.g. "2 490 UAH"', async () => {
    const { page, context } = await openPage(browser(), '/collections/new-arrivals', { viewport: PHONE });
    const prices = await page.$$eval('.product-card__price .price__current', (els) => els.map((el) => el.textContent?.trim()));
    for (const p of prices) expect(p).toMatch(/^\d{1,3}( \d{3})* UAH$/);
    await context.close();
  });
});

describe('product list: the sort menu', () => {
  for (const lang of ['uk', 'en'] as Lang[]) {
    it(`${lang}: shows every sort's whole name at 320, 390 and 1440 px, with filters applied`, async () => {
      const prefix = lang === 'en' ? '/en' : '';
      const { page, context, errors } = await openPage(browser(), `${prefix}/collections/all?color=black&size=m`, { viewport: { width: 320, height: 700 } });
      await waitForList(page);
      const select = page.locator('[data-catalogue-sort]');
      const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(values.length).toBeGreaterThan(2);
      for (const width of [320, 390, 1440]) {
        await page.setViewportSize({ width, height: 700 });
        for (const value of values) {
          await select.selectOption(value);
          // The room the shown option's text needs (in the select's own font and padding) against the select's inner width.
          const fit = await select.evaluate((node) => {
            const el = node as HTMLSelectElement;
            const style = getComputedStyle(el);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = el.selectedOptions[0]?.textContent ?? '';
            const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
            return {
              text,
              needed: Math.ceil(needed),
              has: el.clientWidth,
              right: el.getBoundingClientRect().right,
              page: document.documentElement.clientWidth,
            };
          });
          expect(fit.needed, `${fit.text} at ${width}px`).toBeLessThanOrEqual(fit.has);
          expect(fit.right, `${fit.text} at ${width}px`).toBeLessThanOrEqual(fit.page);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('product list: all products (more than a page)', () => {
  for (const lang of ['uk', 'en'] as Lang[]) {
    it(`${lang}: the default A–Z order runs over all 65 products, not the server's page first; the rest follows as the shopper scrolls`, async () => {
      const prefix = lang === 'en' ? '/en' : '';
      const { page, context, errors } = await openPage(browser(), `${prefix}/collections/all`, { viewport: DESKTOP });
      await waitForList(page);
      expect(await countText(page)).toBe(lang === 'uk' ? '65 товарів' : '65 items');
      expect(await page.textContent('[data-catalogue-heading]')).toBe(lang === 'uk' ? 'усі товари' : 'all items');
      const expected = names(alphabetical(productsOf('all'), lang), lang);
      // Issue 17: the server's 48 sorted among themselves came first, so «Базова футболка» followed «Штани карго».
      await poll(async () => (await cardNames(page)).slice(0, 48)).toEqual(expected.slice(0, 48));
      expect(await scrollToEnd(page)).toBe(65);
      expect(await cardNames(page)).toEqual(expected);
      expect(await page.locator('[data-catalogue-pagination]').isHidden()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('uk: a list index planted in the browser cache draws no script link, and one that sets its own far expiry is not used', async () => {
    const { page, context, errors } = await openPage(browser(), '/collections/all', { viewport: DESKTOP });
    await waitForList(page);
    expect(await scrollToEnd(page)).toBe(65);
    /** Rewrites every cached list index page in place: each item through `change`, expiry `expiresIn` ms from now. */
    const plant = (change: 'script links' | 'names', expiresIn: number) =>
      page.evaluate(
        ({ change, expiresIn }) => {
          let planted = 0;
          for (const key of Object.keys(localStorage).filter((k) => k.startsWith('api:'))) {
            const entry = JSON.parse(localStorage.getItem(key)!) as { value: { items?: Record<string, unknown>[] } };
            if (!Array.isArray(entry.value?.items)) continue;
            for (const item of entry.value.items) {
              if (change === 'script links') Object.assign(item, { url: 'javascript:document.title="planted"', image: 'javascript:document.title="planted"' });
              else item['name'] = 'PLANTED';
            }
            localStorage.setItem(key, JSON.stringify({ value: entry.value, expiry: Date.now() + expiresIn }));
            planted++;
          }
          return planted;
        },
        { change, expiresIn },
      );

    expect(await plant('script links', 200_000)).toBeGreaterThan(0);
    await page.reload();
    await waitForList(page);
    expect(await scrollToEnd(page)).toBe(65);
    const hrefs = await page.locator('[data-catalogue-grid] a.product-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).toHaveLength(65);
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(await page.locator('[data-catalogue-grid] img[src^="javascript:"]').count()).toBe(0);

    // An entry that claims to stay for a year was not written by the shop's code: the list is read afresh.
    expect(await plant('names', 365 * 86_400_000)).toBeGreaterThan(0);
    await page.reload();
    await waitForList(page);
    expect(await scrollToEnd(page)).toBe(65);
    expect(await cardNames(page)).not.toContain('PLANTED');
    expect(await page.title()).not.toBe('planted');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page number past the end says so and leads to the last page, with and without JavaScript', async () => {
    // Without JavaScript: the notice, its link and Previous go to the last page (2 of 48 a page).
    const plain = await openPage(browser(), '/en/collections/all?page=999999', { viewport: PHONE, javaScriptEnabled: false });
    const notice = plain.page.locator('[data-catalogue-past-end]');
    expect(await notice.innerText()).toBe('This page is past the end of the list. Go to its last page');
    expect(await plain.page.locator('[data-catalogue-empty]').isHidden()).toBe(true);
    expect(await plain.page.locator('a[rel="prev"]').getAttribute('href')).toBe('/en/collections/all?page=2');
    await Promise.all([plain.page.waitForURL(/page=2$/), notice.getByRole('link').click()]);
    expect(await plain.page.locator('[data-catalogue-grid] > li').count()).toBe(65 - 48);
    // A list of one page: its notice leads to the list's own address.
    await plain.page.goto('/en/collections/dresses?page=3');
    expect(await notice.getByRole('link').getAttribute('href')).toBe('/en/collections/dresses');
    await plain.context.close();

    // With it, a page the server drew past the end stays as drawn, with its notice and no other.
    const { page, context, errors } = await openPage(browser(), '/collections/all?page=520', { viewport: DESKTOP });
    await waitForList(page);
    expect(await page.locator('[data-catalogue-past-end]').isVisible()).toBe(true);
    expect(await page.locator('[data-catalogue-empty]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uk: a later page stays as drawn when the list starts, and Back from a sort comes to it again', async () => {
    const { page, context, errors } = await openPage(browser(), '/collections/all?page=2', { viewport: PHONE });
    const drawn = await cardNames(page);
    expect(drawn.length).toBe(17);
    // The shopper reads on and scrolls to the end: the list starts, and page 2 is still page 2 (it
    // became the whole list from its first product, page 1's, under the shopper's eyes).
    await waitForList(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => !document.querySelector('[data-island="product-list"][aria-busy]'));
    expect(await cardNames(page)).toEqual(drawn);
    expect(await countText(page)).toBe('65 товарів');
    expect(await page.locator('[data-catalogue-pagination]').isVisible()).toBe(true);

    // A sort: the whole catalogue, from its first product, and no page links.
    await page.selectOption('[data-catalogue-sort]', 'price_low_to_high');
    const sorted = names(byPrice(alphabetical(productsOf('all'), 'uk'), 'asc'), 'uk');
    await poll(async () => (await cardNames(page)).slice(0, 24)).toEqual(sorted.slice(0, 24));
    expect(search(page.url()).get('page')).toBeNull();
    expect(await page.locator('[data-catalogue-pagination]').isHidden()).toBe(true);

    // Back: page 2 as it was, with its page links and the default sort.
    await page.goBack();
    await poll(() => search(page.url()).get('page')).toBe('2');
    await poll(() => cardNames(page)).toEqual(drawn);
    expect(await page.inputValue('[data-catalogue-sort]')).toBe('alphabetically');
    expect(await countText(page)).toBe('65 товарів');
    expect(await page.locator('[data-catalogue-pagination]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uk: a sort orders the whole catalogue, not the page, and renders it incrementally', async () => {
    const { page, context } = await openPage(browser(), '/collections/all', { viewport: PHONE });
    await waitForList(page);
    await page.selectOption('[data-catalogue-sort]', 'price_low_to_high');
    const expected = names(byPrice(alphabetical(productsOf('all'), 'uk'), 'asc'), 'uk');
    await poll(async () => (await cardNames(page)).slice(0, 24)).toEqual(expected.slice(0, 24));
    // The first screen is rendered at once, the rest as the shopper scrolls.
    expect(await page.locator('[data-catalogue-grid] > li').count()).toBe(24);
    expect(await countText(page)).toBe('65 товарів');
    expect(await scrollToEnd(page)).toBe(65);
    expect(await cardNames(page)).toEqual(expected);

    await page.selectOption('[data-catalogue-sort]', 'alphabetically');
    await scrollToEnd(page);
    expect(await cardNames(page)).toEqual(names(alphabetical(productsOf('all'), 'uk'), 'uk'));
    await context.close();
  });
});

describe('product list: filters panel', () => {
  it('en: type and colour set on Apply; the address holds them; cards link to the colour; Back and Reset', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context, errors } = await openPage(browser(), '/en/collections/all', { viewport: DESKTOP });
    await waitForList(page);
    await page.click('.catalogue-toolbar__filters');
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.getByRole('heading', { name: 'Filters' }).waitFor();
    await dialog.locator('#filter-type-dresses').check();
    await dialog.getByLabel('Black', { exact: true }).check();
    // Nothing changes before Apply.
    expect(await countText(page)).toBe('65 items');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await poll(() => page.locator('.right-panel').count()).toBe(0);

    const expected = alphabetical(
      PRODUCTS.filter((p) => p.type === 'dresses' && coloursOf(p).includes('black')),
      'en',
    );
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));
    expect(await countText(page)).toBe(`${expected.length} item${expected.length === 1 ? '' : 's'}`);
    const params = search(page.url());
    expect(params.getAll('type')).toEqual(['dresses']);
    expect(params.getAll('color')).toEqual(['black']);
    expect(params.has('rightSidebar')).toBe(false);
    const hrefs = await page.$$eval('[data-catalogue-grid] a.product-card__link', (els) => els.map((el) => el.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/en\/products\/[\w-]+\?color=black$/);
    expect(await page.textContent('[data-catalogue-filter-count]')).toBe(' (2)');

    // A shared address shows the same list.
    const shared = await openPage(browser(), page.url().replace(/^https?:\/\/[^/]+/, ''), { viewport: PHONE });
    await waitForList(shared.page);
    await poll(() => cardNames(shared.page)).toEqual(names(expected, 'en'));
    await shared.context.close();

    await page.goBack();
    await poll(() => countText(page)).toBe('65 items');
    await page.goForward();
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));

    await page.click('.catalogue-toolbar__filters');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await poll(() => countText(page)).toBe('65 items');
    expect(await dialog.locator('#filter-type-dresses').isChecked()).toBe(false);
    expect(search(page.url()).has('type')).toBe(false);
    // Reset applied with the panel open; closed, then Back: the filtered list, without the panel.
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.right-panel').count()).toBe(0);
    await page.goBack();
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));
    expect(search(page.url()).has('rightSidebar')).toBe(false);
    expect(await page.locator('.right-panel').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the focused option in sight above the Reset and Apply bar, at every width', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    for (const viewport of [PHONE, { width: 1280, height: 720 }]) {
      const { page, context } = await openPage(browser(), '/en/collections/all?rightSidebar=filters', { viewport });
      const dialog = page.locator('.right-panel [role="dialog"]');
      await dialog.locator('.filters-panel__group--color .filters-panel__checkbox').first().waitFor();
      await dialog.locator('.filters-panel__group--type .filters-panel__checkbox').first().focus();
      const hidden: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const covered = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const label = focused?.id ? document.querySelector(`label[for="${focused.id}"]`) : null;
          const bar = document.querySelector('.filters-panel__actions');
          if (!label || !bar) return null;
          return label.getBoundingClientRect().bottom > bar.getBoundingClientRect().top ? focused!.id : null;
        });
        if (covered) hidden.push(covered);
      }
      expect(hidden, `${viewport.width} px`).toEqual([]);
      await context.close();
    }
  });

  it('uk: size and collection (any of the product’s), labels and swatches in Ukrainian; ALL and excluded collections not offered', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context, errors } = await openPage(browser(), '/collections/all?rightSidebar=filters', { viewport: PHONE });
    await waitForList(page);
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.getByRole('heading', { name: 'Фільтри' }).waitFor();
    await dialog.getByLabel('Чорний', { exact: true }).waitFor();
    await dialog.locator('#filter-collection-evening').waitFor();
    const collections = await dialog.locator('[id^="filter-collection-"]').evaluateAll((els) => els.map((el) => el.id.replace('filter-collection-', '')));
    expect(collections).not.toContain('all');
    expect(collections).not.toContain('frontpage');
    expect(collections).not.toContain('new-arrivals');
    expect(collections).toContain('evening');
    const swatch = await dialog.locator('label[for="filter-color-black"] .filters-panel__swatch').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(swatch).toBe('rgb(0, 0, 0)');

    await dialog.getByLabel('ONE SIZE').check();
    await dialog.getByLabel('Вечірні образи').check();
    await dialog.getByLabel('Трикотаж').check();
    await dialog.getByRole('button', { name: 'Застосувати' }).click();
    const chosen = new Set([...productsOf('evening'), ...productsOf('knitwear')].map((p) => p.handle));
    const expected = alphabetical(
      PRODUCTS.filter((p) => sizesOf(p).includes('one size') && chosen.has(p.handle)),
      'uk',
    );
    // The rule: any value within a dimension (evening or knitwear), every dimension (and one size).
    expect(expected.length).toBeGreaterThan(0);
    await poll(() => cardNames(page)).toEqual(names(expected, 'uk'));
    expect(search(page.url()).getAll('size')).toEqual(['one size']);
    expect(search(page.url()).getAll('collection')).toEqual(['evening', 'knitwear']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en: offers the list’s sizes and colours from the platform’s filters before the list index has come, and the same ones after', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    const held: Route[] = [];
    let holding = true;
    await page.route(/view=list-index/, (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    await page.goto('/en/collections/all?rightSidebar=filters');
    const dialog = page.locator('.right-panel [role="dialog"]');
    const options = async () => ({
      size: await dialog.locator('.filters-panel__group--size .filters-panel__label').allInnerTexts(),
      color: await dialog.locator('.filters-panel__group--color .filters-panel__label').allInnerTexts(),
    });
    await dialog.locator('.filters-panel__group--size .filters-panel__checkbox').first().waitFor();
    await dialog.locator('.filters-panel__group--color .filters-panel__checkbox').first().waitFor();
    const before = await options();
    // Not one page of the index has been answered: the options are the server's.
    expect(held.length).toBeGreaterThan(0);
    const sizes = new Set(PRODUCTS.flatMap((p) => sizesOf(p)));
    expect(before.size.map((label) => label.toLowerCase()).sort()).toEqual([...sizes].sort());
    expect(before.color).toContain('Black');

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await waitForList(page);
    // The whole list is here (its page links go), and the panel now reads it: the same options.
    await page.locator('[data-catalogue-pagination]').waitFor({ state: 'hidden' });
    expect(await options()).toEqual(before);
    await context.close();
  });

  it('uk: a filter applied after the list index failed asks for it again, says when it still cannot apply, and applies on Try again', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    // The failure provoked here, and the list's log of it (spec §8).
    expectBrowserProblems(/^console\.error: .*view=list-index/, /^HTTP 500: GET .*view=list-index/);
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /view=list-index/.test(message.text())) failures.push(message.text());
    });
    let failing = true;
    await page.route(/view=list-index/, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal error' }) : route.continue(),
    );
    await page.goto('/collections/all?rightSidebar=filters');
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.getByLabel('Чорний', { exact: true }).waitFor();
    // The index failed (logged): the server's page stays, with the store's count, and nothing
    // asked for is waiting, so nothing is said.
    await poll(() => failures.length).toBeGreaterThan(0);
    expect(await countText(page)).toBe(`${PRODUCTS.length} товарів`);
    const notice = page.getByRole('alert').filter({ hasText: 'Не вдалося завантажити весь список' });
    expect(await notice.isVisible()).toBe(false);

    // Black, applied while the index still fails: asked for again (a second failure logged), and
    // the list says the filter is not applied over the server's page, rather than pretending.
    const failedBefore = failures.length;
    await dialog.getByLabel('Чорний', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Застосувати' }).click();
    await poll(() => failures.length).toBeGreaterThan(failedBefore);
    await notice.waitFor();
    expect(await countText(page)).toBe(`${PRODUCTS.length} товарів`);

    // The connection is back: Try again applies the filter, the notice goes, and focus moves to
    // the list's filters control beside it.
    failing = false;
    await notice.getByRole('button', { name: 'Спробувати ще раз' }).click();
    const black = alphabetical(
      PRODUCTS.filter((p) => coloursOf(p).includes('black')),
      'uk',
    );
    await poll(() => countText(page)).toMatch(new RegExp(`^${black.length} товар`));
    await notice.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('filters');
    await scrollToEnd(page);
    expect(await cardNames(page)).toEqual(names(black, 'uk'));
    await context.close();
  });

  it('asks for the whole code of the list at once when the address needs it, not one import level per round trip', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    // The list's start code: its entry's one dynamic import and every chunk that imports statically.
    const meta = JSON.parse(readFileSync('.build/islands-meta.json', 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[] }> };
    const file = (path: string) => path.split('/').pop()!;
    const started = meta.outputs['theme/assets/island-product-list.js']!.imports.find((i) => i.kind === 'dynamic-import')!.path;
    const graph = new Set<string>();
    const visit = (path: string) => {
      for (const i of meta.outputs[path]?.imports ?? [])
        if (i.kind === 'import-statement' && !graph.has(file(i.path))) {
          graph.add(file(i.path));
          visit(i.path);
        }
    };
    visit(started);
    expect(graph.size).toBeGreaterThan(5);
    // The start chunk is held until every chunk it imports has been asked for (at most 20 s, so a
    // page that asks for them only once it has the start chunk fails below): they go out with it,
    // or earlier still (a chunk the shell already had), not one level per round trip after it.
    const asked = new Set<string>();
    let everyChunkAsked = () => {};
    const allAsked = new Promise<void>((resolve) => (everyChunkAsked = resolve));
    let askedWhileHeld: string[] = [];
    let startAsked = false;
    const { page, context } = await openPageWith(browser(), '/collections/all?rightSidebar=filters', { viewport: DESKTOP }, async (page) => {
      page.on('request', (request) => {
        const name = file(new URL(request.url()).pathname);
        if (!graph.has(name)) return;
        asked.add(name);
        if (asked.size === graph.size) everyChunkAsked();
      });
      await page.route(
        (url) => url.pathname.endsWith(`/${file(started)}`),
        async (route) => {
          startAsked = true;
          await Promise.race([allAsked, new Promise((resolve) => setTimeout(resolve, 20_000))]);
          askedWhileHeld = [...asked].sort();
          await route.continue();
        },
      );
    });
    await waitForList(page);
    expect(startAsked, 'the list loaded its code').toBe(true);
    expect(askedWhileHeld).toEqual([...graph].sort());
    await context.close();
  });

  it('keeps navy, a colour the platform gives a swatch, apart from black', async () => {
    const { page, context } = await openPage(browser(), '/en/collections/all?color=black', { viewport: DESKTOP });
    await waitForList(page);
    await scrollToEnd(page);
    const shown = await cardNames(page);
    expect(shown).not.toContain('Bomber jacket');
    expect(shown).toEqual(
      names(
        alphabetical(
          PRODUCTS.filter((p) => coloursOf(p).includes('black')),
          'en',
        ),
        'en',
      ),
    );
    await context.close();
  });
});

describe('filters panel on a page without a list', () => {
  it('en: offers the whole catalogue and applies the choice on all products', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context, errors } = await openPage(browser(), '/en/pages/about-us?rightSidebar=filters', { viewport: DESKTOP });
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.locator('#filter-type-coats').check();
    await dialog.getByLabel('Milk', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/en\/collections\/all\?/);
    await waitForList(page);
    const expected = alphabetical(
      PRODUCTS.filter((p) => p.type === 'coats' && coloursOf(p).includes('milk')),
      'en',
    );
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));
    expect(search(page.url()).getAll('type')).toEqual(['coats']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('product list: category and search', () => {
  it('uk: ?category= (as the menu writes it) narrows to the type with its heading; choosing one resets sort', async () => {
    const { page, context, errors } = await openPage(browser(), `/collections/all?category=${encodeURIComponent('сукні')}`, { viewport: DESKTOP });
    await waitForList(page);
    const dresses = alphabetical(
      PRODUCTS.filter((p) => p.type === 'dresses'),
      'uk',
    );
    await poll(() => cardNames(page)).toEqual(names(dresses, 'uk'));
    expect(await page.textContent('[data-catalogue-heading]')).toBe('усі результати в категорії «Сукні»');
    expect(await page.title()).toBe('усі результати в категорії «Сукні» · MAVKA');
    expect(await countText(page)).toBe('8 товарів');
    expect(await page.inputValue('[data-catalogue-sort]')).toBe('alphabetically');
    await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
    await poll(() => cardNames(page)).toEqual(names(byPrice(dresses, 'desc'), 'uk'));
    expect(search(page.url()).get('category')).toBe('сукні');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en: /collections/all?q=…&type=product shows the search results, heading "results on …"', async () => {
    const server = await openPage(browser(), '/en/search?q=coat&type=product', { viewport: DESKTOP, javaScriptEnabled: false });
    const expected = await cardNames(server.page);
    expect(expected.length).toBeGreaterThan(0);
    expect(await server.page.textContent('h1')).toBe('results on coat');
    await server.context.close();

    const { page, context, errors } = await openPage(browser(), '/en/collections/all?q=coat&type=product', { viewport: DESKTOP });
    await waitForList(page);
    await poll(() => page.textContent('[data-catalogue-heading]')).toBe('results on coat');
    // The tab says so too, not "all items".
    expect(await page.title()).toBe('results on coat · MAVKA');
    await poll(() => cardNames(page)).toEqual(expected);
    expect(await countText(page)).toBe(`${expected.length} items`);
    await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
    const prices = async () =>
      await page.$$eval('.product-card__price .price__current', (els) => els.map((el) => Number((el.textContent ?? '').replace(/\D/g, ''))));
    await poll(async () => {
      const list = await prices();
      return list.every((p, i) => i === 0 || list[i - 1]! >= p);
    }).toBe(true);
    expect(search(page.url()).get('q')).toBe('coat');
    expect(search(page.url()).getAll('type')).toEqual(['product']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uk: before the list island has the search, the page already has its heading, the search’s, and no other products', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    // The island's code is slow to come: the page as it stands until then.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/island-product-list[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    // The held script keeps DOMContentLoaded back: the page is read as it is parsed.
    await page.goto('/collections/all?q=пальто&type=product', { waitUntil: 'commit' });
    await page.locator('[data-catalogue-grid]').waitFor({ state: 'attached' });
    expect(await page.locator('h1').textContent()).toBe('результати за запитом «пальто»');
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect(await page.locator('[data-catalogue-grid]').isVisible()).toBe(false);
    release();
    await waitForList(page);
    expect(await page.locator('h1').textContent()).toBe('результати за запитом «пальто»');
    await poll(() => page.locator('[data-catalogue-grid]').isVisible()).toBe(true);
    await context.close();
  });

  it('uk: a search renders once: /search draws the results, the address becomes /collections/all?q=…, nothing is loaded again', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    // Every text the count ever shows, from the first parse on (a flash of "65 товарів" included).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { countTexts: string[] }).countTexts = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-catalogue-count]');
        const text = el && getComputedStyle(el).visibility !== 'hidden' ? (el.textContent ?? '').trim() : '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const documents: string[] = [];
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
      else if (new URL(request.url()).pathname.endsWith('/search')) searches.push(request.url());
    });
    await page.goto('/search?q=%D0%BF%D0%B0%D0%BB%D1%8C%D1%82%D0%BE&type=product', { waitUntil: 'load' });
    await poll(() => new URL(page.url()).pathname).toBe('/collections/all');
    expect(search(page.url()).get('q')).toBe('пальто');
    expect(search(page.url()).getAll('type')).toEqual(['product']);
    await waitForList(page);
    const shown = await cardNames(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(await page.textContent('[data-catalogue-heading]')).toBe('результати за запитом «пальто»');
    // One page load, and no search page fetched again by the list.
    expect(documents).toHaveLength(1);
    expect(searches).toEqual([]);
    const texts = await page.evaluate(() => (window as unknown as { countTexts: string[] }).countTexts);
    expect(texts.every((t) => !t.startsWith('65'))).toBe(true);
    await context.close();
  });

  it('en: every result of a search is shown (more than a page of them), in A–Z order', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/collections/all?q=a&type=product', { viewport: DESKTOP });
    // What the search finds, as the server's own pages (the no-JavaScript search) list it.
    const found: string[] = [];
    for (let n = 1; ; n++) {
      const html = await (await context.request.get(`/en/search?q=a&type=product&page=${n}`)).text();
      // The empty card of the page's card template (<template data-product-card>) names no product.
      const titles = [...html.matchAll(/class="product-card__title">([^<]*)</g)].map((m) => m[1]!.trim()).filter(Boolean);
      found.push(...titles);
      if (!html.includes('rel="next"')) break;
    }
    // The shop's search finds every product, the gift card (in no collection) too.
    expect(found).toContain('Gift card');
    expect(found.length).toBeGreaterThan(48);
    await waitForList(page);
    await poll(() => countText(page)).toBe(`${found.length} items`);
    expect(await scrollToEnd(page)).toBe(found.length);
    const shown = await cardNames(page);
    expect([...shown].sort()).toEqual([...found].sort());
    expect(shown).toEqual(
      names(
        alphabetical(
          STORE_PRODUCTS.filter((p) => found.includes(productName(p, 'en'))),
          'en',
        ),
        'en',
      ),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uk: a search with no match shows the no-products message', async () => {
    const { page, context } = await openPage(browser(), '/collections/all?q=zzzz&type=product', { viewport: PHONE });
    await waitForList(page);
    await poll(() => page.isVisible('[data-catalogue-empty]')).toBe(true);
    expect(await page.textContent('[data-catalogue-empty]')).toBe('За вашим запитом товарів не знайдено.');
    expect(await page.locator('[data-catalogue-grid] > li').count()).toBe(0);
    expect(await countText(page)).toBe('0 товарів');
    await context.close();
  });
});

describe('product list: the server’s first page', () => {
  it('uk (the shop’s main language): is the whole list’s first products (the collection sorted A–Z), and they stay when the list’s code starts', async () => {
    const { page, context } = await openPage(browser(), '/collections/all', { viewport: DESKTOP });
    const drawn = await cardNames(page);
    const first = names(alphabetical(productsOf('all'), 'uk'), 'uk').slice(0, drawn.length);
    expect(drawn.length).toBe(48);
    // The platform's A–Z picks the products and their order, except that it may place a name
    // with an apostrophe (в’язаний) elsewhere than the island, which ignores the apostrophe as
    // dictionaries do: every other card is where the island puts it, and stays there.
    const withoutApostrophes = (list: string[]) => list.filter((n) => !/['’ʼ]/.test(n));
    expect(new Set(drawn)).toEqual(new Set(first));
    expect(withoutApostrophes(drawn)).toEqual(withoutApostrophes(first));
    await waitForList(page);
    await page.locator('[data-catalogue-pagination]').waitFor({ state: 'hidden' });
    const started = (await cardNames(page)).slice(0, drawn.length);
    expect(started).toEqual(first);
    expect(withoutApostrophes(started)).toEqual(withoutApostrophes(drawn));
    await context.close();
  });

  it('en (another language): reads in name order without JavaScript, page by page', async () => {
    // The platform's A–Z there may follow the main language's titles, so the theme sorts each page.
    const { page, context } = await openPage(browser(), '/en/collections/all', { viewport: DESKTOP, javaScriptEnabled: false });
    const drawn = await cardNames(page);
    expect(drawn.length).toBe(48);
    expect(drawn).toEqual(
      names(
        alphabetical(
          productsOf('all').filter((p) => drawn.includes(productName(p, 'en'))),
          'en',
        ),
        'en',
      ),
    );
    await context.close();
  });
});

describe('product list: without JavaScript', () => {
  it('reads and pages through every product; the controls that need the island are hidden', async () => {
    const { page, context } = await openPage(browser(), '/collections/all', { viewport: PHONE, javaScriptEnabled: false });
    expect(await page.locator('[data-catalogue-grid] > li').count()).toBe(48);
    expect(await page.isVisible('[data-catalogue-controls]')).toBe(false);
    const first = await cardNames(page);
    await page.click('[data-catalogue-pagination] a[rel="next"]');
    await page.waitForURL(/page=2/);
    const second = await cardNames(page);
    expect(second.length).toBe(17);
    expect(new Set([...first, ...second]).size).toBe(65);
    await context.close();
  });

  it('the FRONTPAGE list at /collections/frontpage holds each product of the frontpage* collections once', async () => {
    const { page, context } = await openPage(browser(), '/en/collections/frontpage', { viewport: DESKTOP, javaScriptEnabled: false });
    const handles = new Set(
      ['frontpage', 'frontpage-spring', 'frontpage-summer', 'frontpage-autumn', 'frontpage-winter'].flatMap((h) => productsOf(h).map((p) => p.handle)),
    );
    const expected = alphabetical(
      PRODUCTS.filter((p) => handles.has(p.handle)),
      'en',
    );
    expect(await cardNames(page)).toEqual(names(expected, 'en'));
    expect(await countText(page)).toBe(`${expected.length} items`);
    await context.close();
  });
});
