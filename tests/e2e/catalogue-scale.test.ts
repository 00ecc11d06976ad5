// The catalogue at 1,000 products (issue 16): a store grown from the fixtures
// (preview/fixtures/scale-store.mjs), served by a preview of its own. Counts and the default
// order match the store across the platform's pages; FRONTPAGE and a collection's own order are
// not cut at the 50-item loop limit; a search shows every result.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
// @ts-expect-error: a plain ES module (also run by the bench without a TS loader).
import { scaleStore } from '../../preview/fixtures/scale-store.mjs';
import { useBrowser, DESKTOP } from './browser';
import { alphabetical, cardNames, countText, names, scrollToEnd, waitForList, type Lang } from './catalogue-fixtures';
import { listenOnLoopback } from '../../preview/testing';

type Product = {
  id: number;
  handle: string;
  title: { uk: string; en: string };
  type: string;
  options: { name: { uk: string; en: string }; values: string[] }[];
  variants: { price: Record<string, number> }[];
};
type Collection = { handle: string; products: string[] };

const { browser } = useBrowser();
let app: FastifyInstance;
let base = '';
let dir = '';
let products: Product[] = [];
let collections: Collection[] = [];
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 60_000 });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scale-1000-'));
  scaleStore(dir, 1000);
  products = JSON.parse(readFileSync(join(dir, 'products.json'), 'utf8')) as Product[];
  collections = JSON.parse(readFileSync(join(dir, 'collections.json'), 'utf8')) as Collection[];
  app = await createPreview({ storeDir: dir, logger: false });
  base = await listenOnLoopback(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const byHandle = (handle: string) => products.find((p) => p.handle === handle)!;
const membersOf = (handle: string) => collections.find((c) => c.handle === handle)!.products.map(byHandle);

async function open(path: string) {
  const context = await browser().newContext({ viewport: DESKTOP, baseURL: base });
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

describe('catalogue at 1,000 products', () => {
  it('uk: /collections/all counts 1,000 and reads A–Z over the whole store, page after page', async () => {
    const { page, context } = await open('/collections/all');
    expect(await countText(page)).toBe('1000 товарів');
    await waitForList(page);
    const expected = names(alphabetical(membersOf('all') as never, 'uk' as Lang), 'uk');
    await poll(async () => (await cardNames(page)).slice(0, 48)).toEqual(expected.slice(0, 48));
    // The rest follows as the shopper scrolls, in the same order, each product once.
    for (let i = 0; i < 3; i++) await scrollToEnd(page);
    const shown = await cardNames(page);
    expect(shown.length).toBeGreaterThan(96);
    expect(shown).toEqual(expected.slice(0, shown.length));
    expect(await countText(page)).toBe('1000 товарів');
    await context.close();
  }, 180_000);

  it('a collection keeps its own order beyond 50 (featured), and its count', async () => {
    const big = collections.filter((c) => !['all'].includes(c.handle)).sort((a, b) => b.products.length - a.products.length)[0]!;
    expect(big.products.length).toBeGreaterThan(100);
    const { page, context } = await open(`/en/collections/${big.handle}?sort=price_low_to_high`);
    await waitForList(page);
    await poll(() => countText(page)).toBe(`${big.products.length} items`);
    // Back to featured: the collection's own order, past the 50-item loop limit.
    await page.selectOption('[data-catalogue-sort]', 'featured');
    await scrollToEnd(page);
    const shown = await cardNames(page);
    expect(shown.length).toBeGreaterThan(50);
    expect(shown).toEqual(
      membersOf(big.handle)
        .slice(0, shown.length)
        .map((p) => p.title.en),
    );
    await context.close();
  }, 180_000);

  it('FRONTPAGE holds every product of the frontpage* collections once, not 50 of each', async () => {
    const union = new Set(collections.filter((c) => c.handle.toLowerCase().startsWith('frontpage')).flatMap((c) => c.products));
    expect(union.size).toBeGreaterThan(200);
    const { page, context } = await open('/en/collections/frontpage');
    await waitForList(page);
    await poll(() => countText(page)).toBe(`${union.size} items`);
    // The whole list here: the links to each collection's own pages go, as page links do.
    expect(await page.locator('.catalogue__collections').isHidden()).toBe(true);
    await context.close();
  }, 180_000);

  it('FRONTPAGE without JavaScript leads to every product: each collection’s own pages, with its count', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: base, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/collections/frontpage');
    // The cards drawn are the first of each collection, not the list: no count claims they are.
    expect(await countText(page)).toBe('');
    const fronts = collections.filter((c) => c.handle.toLowerCase().startsWith('frontpage') && c.handle !== 'frontpage');
    const links = await page.locator('.catalogue__collections a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(fronts.map((c) => `/en/collections/${c.handle}`)));
    expect(links).not.toContain('/en/collections/frontpage');
    // Each leads to a collection paged to its end: the products are all reachable.
    await page.goto(links[0]!);
    expect(await page.locator('[data-catalogue-pagination] a').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a search with hundreds of results shows them all', async () => {
    const index = (await (await fetch(`${base}/search?q=coat&type=product&view=list-index`)).json()) as { count: number };
    expect(index.count).toBeGreaterThan(48);
    const { page, context } = await open('/en/search?q=coat&type=product');
    await waitForList(page);
    await poll(() => countText(page)).toBe(`${index.count} items`);
    let shown = 0;
    for (let i = 0; i < 10 && shown < index.count; i++) shown = await scrollToEnd(page);
    expect(shown).toBe(index.count);
    expect(new Set(await cardNames(page)).size).toBe(index.count);
    await context.close();
  }, 180_000);
});
