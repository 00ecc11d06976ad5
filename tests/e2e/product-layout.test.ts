// The product page as a desktop shopper meets it (issue 18): a buy box that stays in view beside a
// tall gallery and never hides its end, a gallery that leaves no image alone on a row with 1 to 5
// images, a sold-out button that reads as disabled with legible words, and in the bag the
// theme's words for colour and size and an upsell button lighter than checkout.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { startIsland, useBrowser } from './browser';
import { listenOnLoopback } from '../../preview/testing';
import { FIVE_IMAGES, ONE_IMAGE, productLayoutStore } from './product-layout-store';

const { browser } = useBrowser();
let app: FastifyInstance;
let origin = '';
const WIDE = { width: 1440, height: 900 };

let storeDir = '';
beforeAll(async () => {
  storeDir = productLayoutStore();
  app = await createPreview({ storeDir, logger: false });
  origin = await listenOnLoopback(app);
});
afterAll(async () => {
  await app?.close();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

async function open(path: string, viewport = WIDE): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser().newContext({ viewport, baseURL: origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path);
  return { page, errors, close: () => context.close() };
}

/** WCAG contrast of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('gallery rows on desktop', () => {
  for (const [handle, count] of [
    [ONE_IMAGE, 1],
    ['belted-midi-coat', 2],
    ['wool-wrap-coat', 3],
    ['ribbed-tank-top', 4],
    [FIVE_IMAGES, 5],
  ] as const) {
    it(`fills every row with ${count} image${count > 1 ? 's' : ''} (${handle}, 1440px)`, async () => {
      const { page, errors, close } = await open(`/en/products/${handle}`);
      const gallery = (await page.locator('.product-gallery__list').boundingBox())!;
      const boxes = await page.locator('.product-gallery__slide').evaluateAll((slides) => slides.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes).toHaveLength(count);
      const rows = new Map<number, DOMRect[]>();
      for (const box of boxes) rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
      // Each row runs from the gallery's left edge to its right edge: no image stands alone in half a row.
      for (const row of rows.values()) {
        expect(Math.min(...row.map((b) => b.left))).toBeCloseTo(gallery.x, 0);
        expect(Math.max(...row.map((b) => b.right))).toBeCloseTo(gallery.x + gallery.width, 0);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }
});

describe('buy box on desktop', () => {
  it('stays in view beside the gallery as the page scrolls, then leaves with it (uk, 1440px)', async () => {
    const { page, errors, close } = await open('/products/wool-wrap-coat');
    const info = page.locator('.product__info');
    const gallery = (await page.locator('.product-gallery').boundingBox())!;
    expect(gallery.height).toBeGreaterThan(WIDE.height * 1.5);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => (await info.boundingBox())!.y).toBeCloseTo(24, 0);
    const submit = (await page.locator('.product-form__submit').boundingBox())!;
    expect(submit.y).toBeGreaterThan(0);
    expect(submit.y + submit.height).toBeLessThan(WIDE.height);
    // Past the gallery it goes with the page: it never covers what follows.
    await page.locator('.looks').scrollIntoViewIfNeeded();
    const looks = (await page.locator('.looks').boundingBox())!;
    const after = (await info.boundingBox())!;
    expect(after.y + after.height).toBeLessThanOrEqual(looks.y);
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls within itself when taller than the viewport, so its end stays reachable (en, 1440×700)', async () => {
    const { page, errors, close } = await open('/en/products/wool-wrap-coat', { width: 1440, height: 700 });
    await page.locator('.product__materials > summary').click();
    await page.locator('.product__size-guide > summary').click();
    await page.evaluate(() => window.scrollTo(0, 900));
    const info = page.locator('.product__info');
    const { scrollHeight, clientHeight } = await info.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    const box = (await info.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    // The last thing in it, reached by the keyboard, comes into view.
    const last = page.locator('.product__collection-list a').last();
    await last.focus();
    const seen = (await last.boundingBox())!;
    expect(seen.y).toBeGreaterThanOrEqual(box.y);
    expect(seen.y + seen.height).toBeLessThanOrEqual(box.y + box.height + 1);
    expect(errors).toEqual([]);
    await close();
  });

  it('reads a sold-out button as disabled, its words legible (uk, 1440px)', async () => {
    const { page, errors, close } = await open('/products/floral-maxi-dress');
    await startIsland(page, 'product-form');
    const button = page.locator('.product-form__submit');
    expect(await button.isDisabled()).toBe(true);
    const style = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor, opacity: s.opacity };
    });
    expect(style.opacity).toBe('1');
    expect(contrast(style.color, style.background)).toBeGreaterThanOrEqual(4.5);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the bag beside the product page', () => {
  for (const [lang, colour, size] of [
    ['en', 'Colour: Beige', 'Size: XS'],
    ['uk', 'Колір: Бежевий', 'Розмір: XS'],
  ] as const) {
    it(`names the options as the product page does and draws the upsell button lighter than checkout (${lang})`, async () => {
      const { page, errors, close } = await open(lang === 'en' ? '/en/products/wool-wrap-coat' : '/products/wool-wrap-coat');
      await startIsland(page, 'product-form');
      expect(await page.locator('.product-option__legend').first().innerText()).toMatch(lang === 'en' ? /^COLOUR:/ : /^КОЛІР:/);
      await page.locator('.product-form__submit').click();
      const panel = page.locator('.right-panel[data-panel="cart"] [role="dialog"]');
      await panel.locator('.cart-line__options').waitFor();
      expect(await panel.locator('.cart-line__options li').allInnerTexts()).toEqual([colour, size]);
      const upsell = panel.locator('.upsell .button').first();
      await upsell.waitFor();
      const background = (locator: typeof upsell) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await background(upsell)).toBe('rgba(0, 0, 0, 0)');
      expect(await background(panel.locator('button[name="checkout"]'))).toBe('rgb(20, 20, 20)');

      // The bag page the server draws (the bag without JavaScript) says the same.
      const html = await (await page.request.get(lang === 'en' ? '/en/cart' : '/cart')).text();
      expect(html).toContain(`<li>${colour}</li>`);
      expect(html).toContain(`<li>${size}</li>`);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
