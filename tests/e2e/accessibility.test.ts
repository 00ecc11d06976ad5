// axe-core on one route of each template and the 404 page, in both languages, at phone and desktop
// widths; on every other guest route (a template already judged, with other merchant text) in the
// primary language at phone width; on the account pages signed in; and in the dark colour scheme.
// Every panel and overlay open is judged by shell-panels.test.ts ('axe with each panel and
// overlay open'), once its slide-in has ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { listenOnLoopback } from '../../preview/testing';
import { axeViolations } from './axe';
import { baseUrl, expectNotFound, signIn, useBrowser, DESKTOP, PHONE } from './browser';
import { CUSTOMER_ROUTES, GUEST_ROUTES, inEnglish } from './routes';

const { browser } = useBrowser();

/** One guest route of each template (templates/*.json; the fixture pages name theirs), and the 404 page. */
const ONE_PER_TEMPLATE = [
  '/', // index
  '/pages/about-us', // page.about-us
  '/pages/shipping-and-returns', // page
  '/pages/terms-of-use', // page.terms-of-use
  '/pages/contacts', // page.contacts
  '/collections', // list-collections
  '/collections/all', // collection
  '/search?q=coat&type=product', // search (the shell then shows its address as /collections/all?q=…)
  '/products/wool-wrap-coat', // product
  '/account/login', // customers/login
  '/account/register', // customers/register
  '/cart', // cart
  '/blogs/news', // blog
  '/blogs/news/autumn-lookbook', // article
  '/pages/no-such-page', // 404
];

async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'load' });
    for (const line of await axeViolations(page)) found.push(`${path}: ${line}`);
  }
  return found;
}

describe('accessibility (axe-core)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`finds no violations on one route of each template and the 404 page, in both languages, at ${viewport.width}px`, async () => {
      expectNotFound('/pages/no-such-page', '/en/pages/no-such-page');
      const context = await browser().newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      expect(
        await sweep(
          page,
          ONE_PER_TEMPLATE.flatMap((p) => [p, inEnglish(p)]),
        ),
      ).toEqual([]);
      await context.close();
    }, 600_000); // many pages, each checked by axe: minutes on a busy machine
  }

  it(`finds no violations on every other guest route at ${PHONE.width}px`, async () => {
    const others = GUEST_ROUTES.filter((route) => !ONE_PER_TEMPLATE.includes(route));
    expect(others.length).toBeGreaterThan(0);
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    expect(await sweep(page, others)).toEqual([]);
    await context.close();
  }, 600_000);

  it('finds no violations on the account pages, signed in, in both languages', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    await signIn(context);
    const page = await context.newPage();
    expect(
      await sweep(
        page,
        CUSTOMER_ROUTES.flatMap((p) => [p, inEnglish(p)]),
      ),
    ).toEqual([]);
    await context.close();
  }, 600_000); // many pages, each checked by axe: minutes on a busy machine
});

describe('accessibility in the dark colour scheme', () => {
  // The theme as a merchant who picked the dark scheme (scheme-3) for the page has it.
  let theme = '';
  let app: FastifyInstance;
  let origin = '';
  beforeAll(async () => {
    theme = mkdtempSync(join(tmpdir(), 'dark-scheme-'));
    cpSync('theme', theme, { recursive: true });
    const data = join(theme, 'config', 'settings_data.json');
    const settings = JSON.parse(readFileSync(data, 'utf8')) as { current: Record<string, unknown> };
    settings.current['color_scheme'] = 'scheme-3';
    writeFileSync(data, JSON.stringify(settings));
    app = await createPreview({ themeDir: theme });
    origin = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(theme, { recursive: true, force: true });
  });

  it('finds no violations on the home, product and collection pages, nor with the footer newsletter refusing an address', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    const found = await sweep(page, ['/', '/en/products/wool-wrap-coat', '/collections/all']);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 20)');
    // The server refuses an address the browser would have stopped: its error shows in the footer.
    await page.$eval('form.newsletter', (form) => ((form as HTMLFormElement).noValidate = true));
    await page.fill('#footer-newsletter-email', 'not-an-address');
    await Promise.all([page.waitForNavigation(), page.locator('.newsletter button[type="submit"]').click()]);
    await page.locator('.newsletter__error').waitFor();
    for (const line of await axeViolations(page)) found.push(`newsletter error: ${line}`);
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
