// The collection page and the collections list in Chromium against the fixture store (spec §2,
// §4, §9): sorts with featured restoring the collection's order, filters within a collection,
// the grid's shape, the slogan, the empty collection, the minimap; in Ukrainian and English.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectUnsupportedColour, openPage, useBrowser, startIsland } from './browser';
import { axeViolations } from './axe';
import { axeViolationsIn } from './panel-axe';
import {
  COLLECTIONS,
  alphabetical,
  byPrice,
  cardNames,
  collection,
  coloursOf,
  countText,
  names,
  productsOf,
  text,
  waitForList,
  type Lang,
} from './catalogue-fixtures';

const { browser } = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

describe('collection page: sorts', () => {
  for (const lang of ['uk', 'en'] as Lang[]) {
    it(`${lang}: featured (the collection's order) by default; each sort; featured restores the order`, async () => {
      const prefix = lang === 'en' ? '/en' : '';
      const { page, context, errors } = await openPage(browser(), `${prefix}/collections/coats-and-jackets`, { viewport: DESKTOP });
      await waitForList(page);
      const featured = productsOf('coats-and-jackets');
      expect(await page.textContent('h1')).toBe(text(collection('coats-and-jackets').title, lang));
      expect(await cardNames(page)).toEqual(names(featured, lang));
      expect(await countText(page)).toBe(lang === 'uk' ? '14 товарів' : '14 items');
      const options = await page.$$eval('[data-catalogue-sort] option', (els) => els.map((el) => (el as HTMLOptionElement).value));
      expect(options).toEqual(['featured', 'price_high_to_low', 'price_low_to_high', 'alphabetically']);

      await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
      await poll(() => cardNames(page)).toEqual(names(byPrice(featured, 'desc'), lang));
      await page.selectOption('[data-catalogue-sort]', 'price_low_to_high');
      await poll(() => cardNames(page)).toEqual(names(byPrice(featured, 'asc'), lang));
      await page.selectOption('[data-catalogue-sort]', 'alphabetically');
      await poll(() => cardNames(page)).toEqual(names(alphabetical(featured, lang), lang));
      expect(new URL(page.url()).searchParams.get('sort')).toBe('alphabetically');
      await page.selectOption('[data-catalogue-sort]', 'featured');
      await poll(() => cardNames(page)).toEqual(names(featured, lang));
      expect(new URL(page.url()).searchParams.has('sort')).toBe(false);

      // The fourth card carries the slogan whichever product it is.
      const slogan = text(collection('coats-and-jackets').metafields?.custom?.slogan, lang);
      expect(await page.textContent('[data-catalogue-grid] > li:nth-child(4) [data-catalogue-slogan]')).toBe(slogan);
      await page.selectOption('[data-catalogue-sort]', 'price_high_to_low');
      await poll(() => page.textContent('[data-catalogue-grid] > li:nth-child(4) [data-catalogue-slogan]')).toBe(slogan);
      expect(await page.locator('[data-catalogue-slogan]').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('en: a colour filter within the collection, from the filters panel', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/collections/dresses', { viewport: PHONE });
    await waitForList(page);
    await page.click('.catalogue-toolbar__filters');
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.getByLabel('Black', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const expected = productsOf('dresses').filter((p) => coloursOf(p).includes('black'));
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));
    expect(await countText(page)).toBe(`${expected.length} item${expected.length === 1 ? '' : 's'}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('collection page: layout', () => {
  async function widths(page: import('playwright-core').Page): Promise<number[]> {
    return page.$$eval('[data-catalogue-grid] > li', (els) => els.slice(0, 5).map((el) => Math.round(el.getBoundingClientRect().width)));
  }

  it('draws the whole title over the blurred background, its descenders too, at both widths', async () => {
    for (const [path, viewport] of [
      ['/collections/dresses', PHONE],
      ['/en/collections/coats-and-jackets', DESKTOP],
    ] as const) {
      const { page, context } = await openPage(browser(), path, { viewport });
      const room = await page.evaluate(() => {
        const title = document.querySelector('.collection-hero__title')!;
        const range = document.createRange();
        range.selectNodeContents(title);
        return document.querySelector('.collection-hero')!.getBoundingClientRect().bottom - range.getBoundingClientRect().bottom;
      });
      expect(room, path).toBeGreaterThanOrEqual(16);
      await context.close();
    }
  });

  it('4 columns on desktop, 2 on phones; the first card spans two, the fourth is larger; blurred background', async () => {
    const desktop = await openPage(browser(), '/collections/coats-and-jackets', { viewport: DESKTOP });
    const [first, second, third, fourth, fifth] = await widths(desktop.page);
    expect(second).toBe(third);
    expect(fifth).toBe(second);
    expect(first!).toBeGreaterThan(2 * second!);
    expect(fourth).toBe(first);
    const grid = await desktop.page.$eval('[data-catalogue-grid]', (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(grid).toBe(4);
    const blur = await desktop.page.$eval('.collection-hero__background', (el) => getComputedStyle(el).filter);
    expect(blur).toMatch(/blur/);
    expect(await axeViolations(desktop.page)).toEqual([]);
    await desktop.context.close();

    const phone = await openPage(browser(), '/collections/coats-and-jackets', { viewport: PHONE });
    const cols = await phone.page.$eval('[data-catalogue-grid]', (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(2);
    const [p1, p2, , p4] = await widths(phone.page);
    expect(p1!).toBeGreaterThan(2 * p2!);
    expect(p4).toBe(p1);
    await phone.context.close();
  });

  for (const [lang, message] of [
    ['uk', 'За вашим запитом товарів не знайдено.'],
    ['en', 'No products found based on your search criteria.'],
  ] as const) {
    it(`${lang}: the empty collection shows the no-products message`, async () => {
      const { page, context, errors } = await openPage(browser(), `${lang === 'en' ? '/en' : ''}/collections/accessories`, { viewport: PHONE });
      await waitForList(page);
      expect(await page.locator('[data-catalogue-grid] > li').count()).toBe(0);
      expect(await page.isVisible('[data-catalogue-empty]')).toBe(true);
      expect(await page.textContent('[data-catalogue-empty]')).toBe(message);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('collections list and its minimap', () => {
  const listed = COLLECTIONS.filter((c) => c.handle !== 'all' && c.handle !== 'frontpage' && text(c.title, 'en').toUpperCase() !== 'ALL');

  it('uk: every collection but ALL and the default one, each a named link; the minimap follows and drives the scroll', async () => {
    const { page, context, errors } = await openPage(browser(), '/collections', { viewport: DESKTOP });
    const items = await page.$$eval('.collections-list a', (els) => els.map((el) => ({ href: el.getAttribute('href'), name: el.textContent?.trim() })));
    expect(items).toEqual(listed.map((c) => ({ href: `/collections/${c.handle}`, name: text(c.title, 'uk') })));

    const minimap = page.locator('[data-minimap]');
    expect(await minimap.getAttribute('aria-hidden')).toBe('true');
    expect(await minimap.locator('a, button, input, [tabindex]').count()).toBe(0);
    await startIsland(page, 'collections-minimap');
    expect(await minimap.isVisible()).toBe(true);
    expect(await page.locator('.collections-minimap__thumb').count()).toBe(listed.length);
    const frameY = () => page.$eval('[data-minimap-frame]', (el) => new DOMMatrix(getComputedStyle(el).transform).m42);
    // Spec §9: the frame starts 8px down.
    expect(await frameY()).toBe(8);
    expect(await minimap.getAttribute('class')).toContain('collections-minimap--fixed');

    // Dragging the frame down scrolls the page down.
    const box = (await page.locator('[data-minimap-frame]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 3 * 94, { steps: 5 });
    await page.mouse.up();
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await frameY()).toBeGreaterThan(8);

    // At the end of the list the frame is on the last thumbnail (8 + 94 per collection), and
    // once the footer shows the minimap stops being fixed.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await poll(() => frameY()).toBe(8 + (listed.length - 1) * 94);
    await poll(() => minimap.getAttribute('class')).toContain('collections-minimap--absolute');
    const footerTop = await page.$eval('.site-footer', (el) => el.getBoundingClientRect().top);
    const mapBottom = (await minimap.boundingBox())!;
    expect(mapBottom.y + mapBottom.height).toBeLessThanOrEqual(footerTop);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a collection without its own image shows its first two products’, an empty one a drawn placeholder', async () => {
    const { page, context, errors } = await openPage(browser(), '/collections', { viewport: PHONE });
    const tile = (handle: string) => page.locator(`.collections-list a[href="/collections/${handle}"] .collections-list__image`);
    const halves = (handle: string) =>
      tile(handle)
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')!.split('?')[0]!.split('/').pop()));
    expect(await tile('new-arrivals').getAttribute('src')).toContain('collection-new-arrivals.jpg');
    // frontpage-winter, bestsellers and office have no image of their own: their first two
    // products' are shown side by side (one product's alone made Bestsellers and Office alike).
    expect(await halves('frontpage-winter')).toEqual(['double-breasted-coat-1.jpg', 'teddy-coat-1.jpg']);
    expect(await halves('bestsellers')).toEqual(['wool-wrap-coat-1.jpg', 'long-trench-coat-1.jpg']);
    expect(await halves('office')).toEqual(['linen-blazer-1.jpg', 'tweed-jacket-1.jpg']);
    expect(await tile('accessories').evaluate((el) => el.tagName)).toBe('SPAN');
    expect(await tile('accessories').getAttribute('class')).toContain('collections-list__image--placeholder');
    // Two columns of tiles on a phone, the heading clear of the first picture.
    const boxes = await page.locator('.collections-list__item').evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().top));
    expect(boxes[0]).toBe(boxes[1]);
    const headingBottom = await page.locator('main h1').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(headingBottom).toBeLessThan(boxes[0]!);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en: names in English with English links; no minimap on a phone', async () => {
    const { page, context } = await openPage(browser(), '/en/collections', { viewport: PHONE });
    const items = await page.$$eval('.collections-list a', (els) => els.map((el) => ({ href: el.getAttribute('href'), name: el.textContent?.trim() })));
    expect(items).toEqual(listed.map((c) => ({ href: `/en/collections/${c.handle}`, name: text(c.title, 'en') })));
    expect(await page.locator('[data-minimap]').isVisible()).toBe(false);
    await context.close();
  });
});

describe('accessibility of the catalogue', () => {
  it('the product list and the open filters panel have no axe violations; Escape closes and focus returns', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context } = await openPage(browser(), '/collections/all', { viewport: DESKTOP });
    await waitForList(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.focus('.catalogue-toolbar__filters');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.right-panel [role="dialog"]');
    await dialog.locator('#filter-collection-evening').waitFor();
    await dialog.getByLabel('Чорний', { exact: true }).waitFor();
    expect(await axeViolationsIn(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.right-panel').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('catalogue-toolbar__filters'))).toBe(true);
    await context.close();
  });
});
