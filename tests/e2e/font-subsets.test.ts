// A page downloads only the font files its text needs (issue 16): a Ukrainian collection page,
// whose headings are Cyrillic and spaces, takes the heading face from its Cyrillic file alone,
// while an English page takes its Latin file.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './browser';

const { browser } = useBrowser();

/** The font files the page loaded, once the fonts it uses have arrived. */
async function fontFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.split('/').pop()!.split('?')[0]!)
      .filter((name) => name.endsWith('.woff2'))
      .sort();
  });
}

describe('font subsets', () => {
  it('uk: the heading face comes from its Cyrillic file, without the Latin one', async () => {
    const { page, context } = await openPage(browser(), '/collections/all');
    const files = await fontFiles(page);
    expect(files).toContain('cormorant-garamond-cyrillic-500-normal.woff2');
    expect(files).not.toContain('cormorant-garamond-latin-500-normal.woff2');
    // The heading is set in the brand face (its file for Cyrillic, loaded above).
    const heading = page.locator('h1').first();
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Cormorant Garamond/);
    await context.close();
  });

  it('en: the heading face’s Latin file is loaded for Latin headings', async () => {
    const { page, context } = await openPage(browser(), '/en/collections/all');
    expect(await fontFiles(page)).toContain('cormorant-garamond-latin-500-normal.woff2');
    await context.close();
  });
});
