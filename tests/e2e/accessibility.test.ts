// axe-core on every route, in both languages, at phone and desktop widths, and with every panel
// open; signed in for the account area.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { baseUrl, expectUnsupportedColour, signIn, useBrowser, DESKTOP, PHONE } from './browser';
import { CUSTOMER_ROUTES, GUEST_ROUTES, PANELS, inEnglish } from './routes';

const { browser } = useBrowser();

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
    it(`finds no violations on any guest route in both languages at ${viewport.width}px`, async () => {
      const context = await browser().newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      const paths = GUEST_ROUTES.flatMap((p) => [p, inEnglish(p)]);
      expect(await sweep(page, paths)).toEqual([]);
      await context.close();
    }, 600_000); // many pages, each checked by axe: minutes on a busy machine
  }

  it('finds no violations with each panel open, in both languages', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    const found: string[] = [];
    for (const panel of PANELS) {
      for (const prefix of ['', '/en']) {
        const path = `${prefix}/products/wool-wrap-coat?rightSidebar=${panel}`;
        await page.goto(path, { waitUntil: 'load' });
        await page.locator('[role="dialog"]').first().waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
        for (const line of await axeViolations(page)) found.push(`${path}: ${line}`);
      }
    }
    expect(found).toEqual([]);
    await context.close();
  }, 600_000); // many pages, each checked by axe: minutes on a busy machine

  it('finds no violations on the account pages, signed in, in both languages', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    await signIn(context);
    const page = await context.newPage();
    expect(await sweep(page, CUSTOMER_ROUTES.flatMap((p) => [p, inEnglish(p)]))).toEqual([]);
    await context.close();
  }, 600_000); // many pages, each checked by axe: minutes on a busy machine
});
