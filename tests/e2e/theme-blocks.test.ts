// Theme blocks in the browser: in the preview's design mode a merchant adds, moves and removes a
// block nested in a group's columns, and the editor's re-rendered section keeps working islands;
// the campaign page made only of blocks reads right in both languages on a phone and a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { listenOnLoopback } from '../../preview/testing';
import { axeViolations } from './axe';
import { openPage, startIsland, useBrowser, DESKTOP, PHONE } from './browser';
import { reRenderSection, sectionIdOf } from './theme-editor';

const { browser } = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

type SavedBlock = { type: string; settings: Record<string, unknown>; blocks?: Record<string, SavedBlock>; block_order?: string[] };
type Template = { sections: Record<string, SavedBlock>; order: string[] };

/** The block types the editor finds inside selector, in the page's order. */
function blockTypesIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} [data-shopify-editor-block]`, (nodes) =>
    nodes.map((node) => (JSON.parse(node.getAttribute('data-shopify-editor-block') ?? '{}') as { type: string }).type),
  );
}

/** Opens the popup of the first dot of the nth look and returns the product it names. */
async function openFirstDot(page: Page, nth = 0): Promise<string> {
  // The island's element draws nothing of its own (display: contents): its look is what scrolls.
  await page.locator('.look').nth(nth).scrollIntoViewIfNeeded();
  await startIsland(page, 'look');
  await page.locator('[data-island="look"]').nth(nth).locator('button.look__dot-button').first().click();
  const popup = page.locator('.look__popup[role="dialog"]');
  await popup.waitFor();
  const title = await popup.locator('.look__popup-title').innerText();
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
  return title;
}

describe('design mode: a block nested in a group is added, moved and removed', () => {
  let theme = '';
  let app: FastifyInstance;
  let origin = '';
  beforeAll(async () => {
    theme = mkdtempSync(join(tmpdir(), 'theme-blocks-'));
    cpSync('theme', theme, { recursive: true });
    app = await createPreview({ themeDir: theme });
    origin = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(theme, { recursive: true, force: true });
  });
  /** The lookbook's columns (section → group → columns), as the editor saves a change to them. */
  const editColumns = (change: (columns: SavedBlock) => void) => {
    const path = join(theme, 'templates', 'index.json');
    const template = JSON.parse(readFileSync(path, 'utf8')) as Template;
    change(template.sections['lookbook']!.blocks!['lookbook']!.blocks!['looks']!);
    writeFileSync(path, JSON.stringify(template));
  };

  it('each change re-renders the lookbook section with the blocks in their new place, and its looks still open their popups', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en/?design_mode=1', { waitUntil: 'load' });
    const lookbook = await sectionIdOf(page, '.block-columns .look');
    const inSection = `#shopify-section-${lookbook}`;
    // Every nested block is one the editor finds, in the section's tree order.
    expect(await blockTypesIn(page, inSection)).toEqual(['group', 'heading', 'columns', 'look', 'look']);
    expect(await openFirstDot(page)).toBe('Corset top');

    // Add: a product card after the two looks.
    editColumns((columns) => {
      columns.blocks!['card'] = { type: 'card-product', settings: { product: 'merino-crew-sweater' } };
      columns.block_order!.push('card');
    });
    await poll(async () => {
      await reRenderSection(page, lookbook);
      return blockTypesIn(page, `${inSection} .block-columns`);
    }).toEqual(['look', 'look', 'card-product']);
    expect(await page.locator(`${inSection} .product-card__title`).innerText()).toBe('Merino crew-neck sweater');
    expect(await openFirstDot(page, 1)).toBe('Sequin evening dress');

    // Move: the card first.
    editColumns((columns) => {
      columns.block_order = ['card', 'look_1', 'look_2'];
    });
    await poll(async () => {
      await reRenderSection(page, lookbook);
      return blockTypesIn(page, `${inSection} .block-columns`);
    }).toEqual(['card-product', 'look', 'look']);
    expect(await page.$eval(`${inSection} .block-columns > :first-child`, (el) => el.querySelector('.product-card') !== null)).toBe(true);

    // Remove: the first look; the second one, now alone, still opens its popup.
    editColumns((columns) => {
      delete columns.blocks!['look_1'];
      columns.block_order = ['card', 'look_2'];
    });
    await poll(async () => {
      await reRenderSection(page, lookbook);
      return blockTypesIn(page, `${inSection} .block-columns`);
    }).toEqual(['card-product', 'look']);
    expect(await page.locator('[data-island="look"]').count()).toBe(1);
    expect(await openFirstDot(page)).toBe('Sequin evening dress');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a campaign page built only from blocks', () => {
  for (const [path, viewport, title, collection, dot] of [
    ['/pages/evening-campaign', PHONE, 'Вечір у шовку', 'Вечірні образи', 'Корсетний топ'],
    ['/pages/evening-campaign', DESKTOP, 'Вечір у шовку', 'Вечірні образи', 'Корсетний топ'],
    ['/en/pages/evening-campaign', { width: 390, height: 844 }, 'An evening in silk', 'Evening', 'Corset top'],
    ['/en/pages/evening-campaign', { width: 1440, height: 900 }, 'An evening in silk', 'Evening', 'Corset top'],
  ] as const) {
    it(`${path} at ${viewport.width} px: its title, four products in even rows, a look whose dots open, nothing wider than the screen`, async () => {
      const { page, context, errors } = await openPage(browser(), path, { viewport });
      expect(await page.locator('h1').innerText()).toBe(title);
      expect(await page.locator('.block-list-products h2').innerText()).toBe(collection);
      const cards = page.locator('.block-list-products .product-card');
      expect(await cards.count()).toBe(4);
      // Two columns on a phone, four on a desktop: the cards' tops fall on 2 rows or 1.
      const tops = new Set(await cards.evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top))));
      expect(tops.size).toBe(viewport.width < 768 ? 2 : 1);
      expect(await openFirstDot(page)).toBe(dot);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page, 'main')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
