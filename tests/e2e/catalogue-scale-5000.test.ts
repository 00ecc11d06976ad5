// The catalogue at 5,000 products (issue 16), on a store grown from the fixtures once, in a
// temporary folder (preview/fixtures/scale-store.mjs). No duration is asserted, only what a
// shopper and the network budget see, and which answer came first. The preview serves HTTPS and HTTP/2, as the platform
// serves a shop. The whole list arrives as 20 index pages of 250 (the platform's largest page),
// all asked for at once while the island's code loads; the page is ready within 300 KB on the
// wire, the filters panel offers the platform's filter values of the whole list, a filter counts
// exactly what the store holds, and the count stays the store's throughout.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Request } from 'playwright-core';
import { createPreview, loopbackCertificate } from '../../preview/server';
// @ts-expect-error: a plain ES module (also run by the bench without a TS loader).
import { scaleStore } from '../../preview/fixtures/scale-store.mjs';
import { expectBrowserProblems, expectUnsupportedColour, useBrowser, DESKTOP } from './browser';
import { coloursOf, countText } from './catalogue-fixtures';
import { listenOnLoopback } from '../../preview/testing';

const SIZE = 5000;
const PAGE_SIZE = 250;
/**
 * Issue 16: filters ready within 300 KB on the wire (compressed bodies and headers): everything
 * the page loaded until then, the list index (what scale adds to a page) included.
 */
const PAGE_BUDGET = 300 * 1024;

// Bytes as a shopper's browser loads them: the full Chromium, whose lazy-loading distances the
// headless shell does not share (the shell fetched 29 card images where the full browser fetched 17).
const { browser } = useBrowser({ full: true });
let app: FastifyInstance;
let base = '';
let dir = '';
let products: Parameters<typeof coloursOf>[0][] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scale-5000-'));
  scaleStore(dir, SIZE);
  products = JSON.parse(readFileSync(join(dir, 'products.json'), 'utf8')) as typeof products;
  app = await createPreview({ storeDir: dir, logger: false, tls: loopbackCertificate() });
  base = await listenOnLoopback(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PANEL = '.right-panel[data-panel="filters"]';

describe(`catalogue at ${SIZE.toLocaleString('en')} products`, () => {
  it('en: the filters panel fills and the list’s 20 index pages come within the byte budget, and a colour filter counts what the store holds', async () => {
    expectUnsupportedColour(); // the fixture's navy, logged where the panel lists it (spec §3)
    // The loopback certificate is self-signed.
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: base, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const index: Request[] = [];
    const all: Request[] = [];
    page.on('requestfinished', (request) => {
      all.push(request);
      if (request.url().includes('view=list-index')) index.push(request);
    });
    // The index is asked for while the page is read (snippets/list-index-preload), not by the
    // list's code: its entry is held until every index page has been asked for (at most 20 s, within
    // the page load's own limit, so that a page that never asks fails on the count below).
    const indexPages = SIZE / PAGE_SIZE;
    let asked = 0;
    let askedWhileEntryHeld = 0;
    let everyPageAsked = () => {};
    const allAsked = new Promise<void>((resolve) => (everyPageAsked = resolve));
    page.on('request', (request) => {
      if (request.url().includes('view=list-index') && ++asked === indexPages) everyPageAsked();
    });
    await page.route(/\/island-product-list\.js/, async (route) => {
      await Promise.race([allAsked, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      askedWhileEntryHeld = asked;
      await route.continue();
    });
    // A product page asked for by the page once its first index page is answered, while the other
    // nineteen wait to render (a shopper's second tab): on the platform every request renders on
    // its own, so it must not wait for them all. Asked and timed in the page, whose clock the
    // index pages' timings share.
    await page.addInitScript(() => {
      const win = window as unknown as { indexAskedInBatches: number[] };
      win.indexAskedInBatches = [];
      new MutationObserver((records) => {
        const asked = records
          .flatMap((record) => [...record.addedNodes])
          .filter((node) => node instanceof HTMLLinkElement && node.rel === 'preload' && node.href.includes('view=list-index')).length;
        if (asked > 0) win.indexAskedInBatches.push(asked);
      }).observe(document, { childList: true, subtree: true });
    });
    const product = products[100]!;
    await page.addInitScript((url) => {
      const win = window as unknown as { productAnswered?: Promise<{ status: number; at: number }> };
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntries().some((entry) => entry.name.includes('view=list-index'))) return;
        observer.disconnect();
        win.productAnswered = fetch(url).then((answer) => ({ status: answer.status, at: performance.now() }));
      }).observe({ type: 'resource', buffered: true });
    }, `/en/products/${product.handle}`);
    await page.goto('/en/collections/all?rightSidebar=filters');
    expect(await countText(page)).toBe(`${SIZE} items`);
    // Ready: the colour and size options are drawn (the platform's filter values of the whole list,
    // in the page), and the whole list has come (its page links go), so a filter applies at once.
    await page.locator(`${PANEL} .filters-panel__group--color .filters-panel__checkbox`).first().waitFor({ timeout: 120_000 });
    await page.locator(`${PANEL} .filters-panel__group--size .filters-panel__checkbox`).first().waitFor({ timeout: 120_000 });
    await page.locator('[data-catalogue-pagination]').waitFor({ state: 'hidden', timeout: 120_000 });

    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
    expect(askedWhileEntryHeld).toBe(indexPages);
    // Each index page once: the page asked for all of them, and the island's fetches took those answers.
    const pages = index.map((r) => Number(new URL(r.url()).searchParams.get('page')));
    expect(pages.sort((a, b) => a - b)).toEqual(Array.from({ length: SIZE / PAGE_SIZE }, (_, i) => i + 1));
    // At once: all twenty were asked for in one go (one task's additions), so no page waits for
    // another's answer. Not timed: on a busy machine the browser's own dispatch of the twentieth
    // was seen to start 2 ms after the first answer began, with the asking already done.
    expect(await page.evaluate(() => (window as unknown as { indexAskedInBatches: number[] }).indexAskedInBatches)).toEqual([indexPages]);
    const { status, indexAnsweredBefore } = await page.evaluate(async () => {
      const answer = await (window as unknown as { productAnswered: Promise<{ status: number; at: number }> }).productAnswered;
      const indexEntries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.includes('view=list-index'));
      return { status: answer.status, indexAnsweredBefore: indexEntries.filter((entry) => entry.responseEnd < answer.at).length };
    });
    expect(status).toBe(200);
    // Not behind them all: asked once the first index page was answered, in turn behind the
    // nineteen still waiting it came after every one of them (19 or 20 answered first, as the last
    // page's transfer may end a little after it). Ahead of them, it follows the pages rendered
    // before it arrived: 2–5 on a quiet machine, 12 seen with the whole suite running, since a
    // busy browser sends it later while the preview goes on rendering.
    expect(indexAnsweredBefore).toBeLessThan(indexPages - 3);
    expect((await index[0]!.response())?.headers()['content-encoding']).toBe('br');
    const wire = async (requests: Request[]) =>
      (await Promise.all(requests.map((r) => r.sizes()))).reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0);
    expect(await wire(index)).toBeGreaterThan(0);
    expect(await wire(all)).toBeLessThanOrEqual(PAGE_BUDGET);

    // Black, applied: exactly the store's black products (an unknown colour counts as black).
    const black = products.filter((p) => coloursOf(p).includes('black')).length;
    expect(black).toBeGreaterThan(PAGE_SIZE);
    await page
      // The value beside its count (issue 35).
      .locator(`${PANEL} .filters-panel__group--color .filters-panel__option`, { hasText: /^\s*Black\s*\(\d+\)\s*$/ })
      .locator('input')
      .check();
    await page.locator(`${PANEL} .filters-panel__apply`).click();
    await expect.poll(() => countText(page), { timeout: 60_000 }).toBe(`${black} items`);
    // Every card drawn is one of them, and the list renders incrementally: one screen, not 5,000 cards.
    const cards = await page.locator('[data-catalogue-grid] > li').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThan(100);
    await context.close();
  }, 240_000);

  it('uk: after the index failed, Try again asks afresh, not for the answers the page preloaded, and the sort then applies', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: base, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    // Every index page fails until the shopper asks again. The page preloads all 20 at once; the
    // first attempt stops at its first failures, so most preloaded failures are never taken.
    let failing = true;
    expectBrowserProblems(/^HTTP 503: GET \S+view=list-index/, /^console\.error: .*\b503\b.*view=list-index|view=list-index.*\b503\b/);
    const answered: number[] = [];
    await page.route(/view=list-index/, (route) => (failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
    page.on('requestfinished', async (request) => {
      if (!failing && request.url().includes('view=list-index')) answered.push((await request.response())?.status() ?? 0);
    });
    await page.goto('/collections/all?sort=price_low_to_high');
    const notice = page.locator('[data-catalogue-not-applied]');
    await notice.waitFor({ state: 'visible', timeout: 120_000 });
    expect(await countText(page)).toBe(`${SIZE} товарів`);
    await expect.poll(() => page.locator('[data-catalogue-pagination]').isVisible()).toBe(true);
    failing = false;
    await notice.getByRole('button', { name: 'Спробувати ще раз' }).click();
    // The whole list came: the page links go, the notice goes, the count is the store's.
    await page.locator('[data-catalogue-pagination]').waitFor({ state: 'hidden', timeout: 120_000 });
    await notice.waitFor({ state: 'hidden' });
    expect(await countText(page)).toBe(`${SIZE} товарів`);
    expect(answered.length).toBeGreaterThanOrEqual(SIZE / PAGE_SIZE);
    expect(answered.every((status) => status === 200)).toBe(true);
    await context.close();
  }, 240_000);
});
