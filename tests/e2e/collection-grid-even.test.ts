// Grids full-width and even (issue 39), at a phone's, a tablet's, a laptop's and a wide screen's
// width: the collections list (and its minimap, where there is one) spans the page's content box
// with no strip left empty, and a collection's grid ends in a full row — the first and fourth
// cards stay 2×2 (spec §2), and the cells the last cards leave are closed by the grid's closing
// tile. Collections of 7, 8, 9 and 10 products leave 3, 2, 1 and 0 cells on four columns.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './browser';

const { browser } = useBrowser();
const WIDTHS = [390, 768, 1024, 1440];
const COLLECTIONS = ['sport', 'dresses', 'evening', 'basics'];

/** The content box of the page's .page-width container: where a full-width grid starts and ends. */
function contentBox(page: Page, selector: string): Promise<{ left: number; right: number }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!.closest('.page-width')!;
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return { left: rect.left + parseFloat(style.paddingLeft), right: rect.right - parseFloat(style.paddingRight) };
  }, selector);
}

type Row = { columns: number; firstRow: number[]; lastRow: number[]; closing: number; wide: number[] };

/** How many columns the collection grid has, and how many each row's cards (and its closing tile) take. */
function gridRows(page: Page): Promise<Row> {
  return page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>('.collection-grid')!;
    const style = getComputedStyle(grid);
    const tracks = style.gridTemplateColumns.split(' ').map(parseFloat);
    const gap = parseFloat(style.columnGap);
    const span = (el: Element) => Math.round((el.getBoundingClientRect().width + gap) / (tracks[0]! + gap));
    const cards = [...grid.children];
    const tops = cards.map((el) => el.getBoundingClientRect().top);
    const inRow = (top: number) => cards.filter((el) => el.getBoundingClientRect().top <= top + 1 && el.getBoundingClientRect().bottom > top + 1);
    const closing = getComputedStyle(grid, '::after');
    const closingSpan = closing.display === 'none' ? 0 : Number(/span (\d+)/.exec(closing.gridColumnStart)?.[1] ?? 1);
    return {
      columns: tracks.length,
      firstRow: inRow(Math.min(...tops)).map(span),
      lastRow: inRow(Math.max(...tops)).map(span),
      closing: closingSpan,
      wide: cards.map(span).flatMap((s, i) => (s === 2 ? [i + 1] : [])),
    };
  });
}

describe('collection grids are full-width and even', () => {
  for (const width of WIDTHS) {
    it(`/collections leaves no strip beside its list; a collection's grid spans the page and ends in a full row (${width} px)`, async () => {
      const { page, context } = await openPage(browser(), '/collections', { viewport: { width, height: 900 } });
      const box = await contentBox(page, '.collections-list');
      const edges = await page.evaluate(() => {
        const shown = [...document.querySelectorAll('.collections-list, .collections-minimap')].filter((el) => getComputedStyle(el).display !== 'none');
        const rects = shown.map((el) => el.getBoundingClientRect());
        return { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
      });
      expect(Math.abs(edges.left - box.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(edges.right - box.right)).toBeLessThanOrEqual(1);

      for (const handle of COLLECTIONS) {
        await page.goto(`/collections/${handle}`);
        const box = await contentBox(page, '.collection-grid');
        const grid = await page.locator('.collection-grid').boundingBox();
        expect(Math.abs(grid!.x - box.left), handle).toBeLessThanOrEqual(1);
        expect(Math.abs(grid!.x + grid!.width - box.right), handle).toBeLessThanOrEqual(1);
        const rows = await gridRows(page);
        expect(rows.columns, handle).toBe(width < 768 ? 2 : 4);
        // Spec §2's big tiles are kept: the first and the fourth card span two columns.
        expect(rows.wide, handle).toEqual([1, 4]);
        expect(
          rows.firstRow.reduce((a, b) => a + b, 0),
          handle,
        ).toBe(rows.columns);
        expect(rows.lastRow.reduce((a, b) => a + b, 0) + rows.closing, `${handle}: cards and closing tile of the last row`).toBe(rows.columns);
      }
      await context.close();
    });
  }
});
