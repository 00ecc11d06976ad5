// The merchant's storefront filters in the filters panel (issue 35), in Chromium against the
// fixture store, in Ukrainian and English, on a phone and a desktop: availability and the price
// range (preview/fixtures/filters.json, the admin's setup) narrow the list, each value with its
// count, the address carries the platform's own parameters, and the applied filters show as
// chips that take them off again. The panel is clean under axe.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectUnsupportedColour, openPage, useBrowser } from './browser';
import { countText, productsOf, waitForList, type Lang } from './catalogue-fixtures';
import { axeViolationsIn } from './panel-axe';

const { browser } = useBrowser();
const PANEL = '.right-panel[data-panel="filters"]';
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000 });

type Stocked = { inventory_policy?: string; variants: { inventory_quantity?: number; inventory_policy?: string; price: Record<string, number> }[] };
type StockedVariant = Stocked['variants'][number];
/** A variant the platform sells: in stock, or sold when out of stock. */
const sells = (p: object, v: StockedVariant) => (v.inventory_quantity ?? 0) > 0 || (v.inventory_policy ?? (p as Stocked).inventory_policy) === 'continue';
/** The platform's availability filter reads variants: in stock has a variant sold, out of stock a variant not. */
const available = (p: object) => (p as Stocked).variants.some((v) => sells(p, v));
const withVariantOutOfStock = (p: object) => (p as Stocked).variants.some((v) => !sells(p, v));
/** In stock at most this price (minor units): one variant both, as the platform reads the two together. */
const inStockAtMost = (p: object, most: number) => (p as Stocked).variants.some((v) => sells(p, v) && v.price['UAH']! <= most);
const LABELS = {
  uk: { inStock: 'В наявності', outOfStock: 'Немає в наявності', to: 'До', remove: 'Прибрати фільтр' },
  en: { inStock: 'In stock', outOfStock: 'Out of stock', to: 'To', remove: 'Remove filter' },
};
const items = (lang: Lang, n: number) => {
  if (lang === 'en') return `${n} ${n === 1 ? 'item' : 'items'}`;
  const last = n % 10;
  const tens = n % 100;
  const word = last === 1 && tens !== 11 ? 'товар' : last >= 2 && last <= 4 && (tens < 12 || tens > 14) ? 'товари' : 'товарів';
  return `${n} ${word}`;
};
/** The count beside a value, as the panel prints it. */
const countBeside = async (option: import('playwright-core').Locator) => (await option.locator('.filters-panel__count').textContent())?.trim();

describe('storefront filters: availability and price', () => {
  for (const lang of ['uk', 'en'] as Lang[]) {
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`${lang}, ${device}: availability and a price narrow the list with counts; chips take them off`, async () => {
        expectUnsupportedColour();
        const prefix = lang === 'en' ? '/en' : '';
        const words = LABELS[lang];
        const all = productsOf('all');
        const inStock = all.filter(available);
        const outOfStock = all.filter(withVariantOutOfStock).length;
        expect(outOfStock).toBeGreaterThan(0);
        const { page, context } = await openPage(browser(), `${prefix}/collections/all?rightSidebar=filters`, { viewport });
        await waitForList(page);
        const availability = page.locator(`${PANEL} .filters-panel__group`, {
          has: page.locator('legend', { hasText: lang === 'uk' ? 'Наявність' : 'Availability' }),
        });
        // Matched from the start: "Немає в наявності" holds "в наявності".
        const option = (label: string) => availability.locator('.filters-panel__option', { hasText: new RegExp(`^\\s*${label}\\s*\\(`) });
        const inStockOption = option(words.inStock);
        // Counted over the whole list: in stock and out of stock.
        await poll(() => countBeside(inStockOption)).toBe(`(${inStock.length})`);
        expect(await countBeside(option(words.outOfStock))).toBe(`(${outOfStock})`);

        await inStockOption.locator('input').check();
        await page.locator(`${PANEL} .filters-panel__apply`).click();
        await poll(() => countText(page)).toBe(items(lang, inStock.length));
        expect(new URL(page.url()).searchParams.getAll('filter.v.availability')).toEqual(['1']);

        // A price: at most 2,000 UAH, in stock.
        await page.locator('a[data-action="filters"]').click();
        await page.locator(`${PANEL} .filters-panel__group--price input[name="filter.v.price.lte"]`).fill('2000');
        await page.locator(`${PANEL} .filters-panel__apply`).click();
        const cheap = all.filter((p) => inStockAtMost(p, 200_000));
        expect(cheap.length).toBeGreaterThan(0);
        expect(cheap.length).toBeLessThan(inStock.length);
        await poll(() => countText(page)).toBe(items(lang, cheap.length));
        expect(new URL(page.url()).searchParams.get('filter.v.price.lte')).toBe('2000');
        // The opener counts both.
        expect((await page.textContent('[data-catalogue-filter-count]'))?.trim()).toBe('(2)');

        // The chips: one a filter. Taking the price off shows the in-stock list again, the panel still open.
        await page.locator('a[data-action="filters"]').click();
        const chips = page.locator(`${PANEL} .filters-panel__chip`);
        await poll(() => chips.count()).toBe(2);
        expect(await axeViolationsIn(page)).toEqual([]);
        await page.getByRole('button', { name: new RegExp(`^${words.remove}: .*2 000`) }).click();
        await poll(() => countText(page)).toBe(items(lang, inStock.length));
        expect(new URL(page.url()).searchParams.has('filter.v.price.lte')).toBe(false);
        await poll(() => chips.count()).toBe(1);
        // Focus stays in the panel, on the chip left; Enter takes it off too.
        await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toContain('filters-panel__chip');
        await page.keyboard.press('Enter');
        await poll(() => countText(page)).toBe(items(lang, all.length));
        expect(new URL(page.url()).searchParams.has('filter.v.availability')).toBe(false);
        await context.close();
      }, 180_000);
    }
  }
});
