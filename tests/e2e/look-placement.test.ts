// Complete your look, where each dot's popup opens (issue 17, item 8): at every dot of looks with
// dots at 25/50/75 %, at the image's edges and in a cluster, at 375, 1280 and 1440 px, the popup
// covers no dot, stays inside its image (or opens under it) and inside the viewport; it takes the
// focus, and Escape closes it and gives the focus back to its dot.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Locator, Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { startIsland, useBrowser } from './browser';
import { listenOnLoopback } from '../../preview/testing';
import { LAYOUT_LOOKS, productLayoutStore } from './product-layout-store';

const { browser } = useBrowser();
let app: FastifyInstance;
let origin = '';

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

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
};

async function checkEveryDot(page: Page, viewport: { width: number; height: number }): Promise<Record<string, number>> {
  const placements: Record<string, number> = {};
  const looks = page.locator('[data-island="look"]');
  expect(await looks.count()).toBe(LAYOUT_LOOKS.length);
  for (let l = 0; l < LAYOUT_LOOKS.length; l++) {
    const look = looks.nth(l);
    const dots = look.locator('button.look__dot-button');
    expect(await dots.count()).toBe(LAYOUT_LOOKS[l]!.dots.length);
    for (let d = 0; d < LAYOUT_LOOKS[l]!.dots.length; d++) {
      await dots.nth(d).click();
      const popup = page.locator('.look__popup[role="dialog"]');
      // Placed once it has the focus.
      await expect.poll(() => popup.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      const where = `look ${l + 1}, dot ${d + 1} at ${viewport.width}px`;
      const popupBox = await box(popup);
      const image = await box(look.locator('.look__dots'));
      placements[(await popup.getAttribute('data-placement')) ?? 'none'] = (placements[(await popup.getAttribute('data-placement')) ?? 'none'] ?? 0) + 1;
      // Inside the viewport's width and the image's columns.
      expect(popupBox.x, where).toBeGreaterThanOrEqual(Math.max(0, image.x) - 0.5);
      expect(popupBox.x + popupBox.width, where).toBeLessThanOrEqual(Math.min(viewport.width, image.x + image.width) + 0.5);
      // Inside the image, or wholly under it.
      const inside = popupBox.y >= image.y - 0.5 && popupBox.y + popupBox.height <= image.y + image.height + 0.5;
      const under = popupBox.y >= image.y + image.height - 0.5;
      expect(inside || under, where).toBe(true);
      // No dot of any look under it.
      const allDots = page.locator('button.look__dot-button');
      for (let i = 0; i < (await allDots.count()); i++)
        expect(overlap(popupBox, await box(allDots.nth(i))), `${where} covers dot ${i + 1} of the page`).toBe(false);

      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      expect(await dots.nth(d).evaluate((el) => el === document.activeElement), where).toBe(true);
    }
  }
  return placements;
}

describe('look popup placement', () => {
  for (const [lang, viewport] of [
    ['uk', { width: 375, height: 812 }],
    ['en', { width: 1280, height: 900 }],
    ['uk', { width: 1440, height: 900 }],
  ] as const) {
    it(`covers no dot and stays in the image and viewport at every dot (${lang}, ${viewport.width}px)`, async () => {
      const context = await browser().newContext({ viewport, baseURL: origin });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(lang === 'en' ? '/en/products/wool-wrap-coat' : '/products/wool-wrap-coat');
      await page.locator('.looks').scrollIntoViewIfNeeded();
      await startIsland(page, 'look');
      const placements = await checkEveryDot(page, viewport);
      // A phone's image is shorter than the popup: every popup is a sheet under it; a desktop's
      // image has room beside most dots.
      if (viewport.width < 768) expect(Object.keys(placements)).toEqual(['sheet']);
      else expect(Object.keys(placements).filter((p) => p !== 'sheet').length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
