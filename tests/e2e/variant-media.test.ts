// The product's own media and colours in real Chromium, in both languages, on a 390px phone and a
// 1440px desktop: the gallery follows the chosen colour (first paint for ?color= and a variant
// link, then each pick, keeping ?color=); navy, which the platform gives a swatch though the
// spec's 24 lack it, shows as navy on the product page and is offered by a collection's colour
// filter; a product video plays in the gallery with its controls and poster, never by itself;
// an embedded video loads its player only when asked. Screenshots go to .build/shots/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startIsland, useBrowser } from './browser';
import { cardNames, scrollToEnd, waitForList } from './catalogue-fixtures';

const { browser } = useBrowser();

const PHONE_390 = { width: 390, height: 844 };
const DESKTOP_1440 = { width: 1440, height: 900 };
const SHOTS = resolve('.build/shots');
mkdirSync(SHOTS, { recursive: true });

type Product = {
  handle: string;
  title: { uk: string; en: string };
  images: { id: number }[];
  options: { values: string[] }[];
  variants: { id: number; options: string[] }[];
};
const PRODUCTS = JSON.parse(readFileSync(resolve('preview/fixtures/products.json'), 'utf8')) as Product[];
const product = (handle: string): Product => PRODUCTS.find((p) => p.handle === handle)!;
/** The photo of a product's colour: its variants' image (image i shows colour i). */
const photoOf = (handle: string, colour: string): string => {
  const p = product(handle);
  return String(p.images[p.options[0]!.values.indexOf(colour)]!.id);
};

const firstSlide = (page: Page) => page.locator('.product-gallery__slide').first().getAttribute('data-media-id');
const query = (page: Page) => new URL(page.url()).searchParams;

const CASES = [
  { lang: 'uk', prefix: '', viewport: PHONE_390, device: 'phone' },
  { lang: 'en', prefix: '/en', viewport: PHONE_390, device: 'phone' },
  { lang: 'uk', prefix: '', viewport: DESKTOP_1440, device: 'desktop' },
  { lang: 'en', prefix: '/en', viewport: DESKTOP_1440, device: 'desktop' },
] as const;

describe.each(CASES)('$lang, $device ($viewport.width px)', ({ lang, prefix, viewport, device }) => {
  it('the gallery opens on the colour the address names and follows each colour chosen', async () => {
    // A link with ?color= opens on that colour's photo.
    const asked = await openPage(browser(), `${prefix}/products/wool-wrap-coat?color=milk`, { viewport });
    await expect.poll(() => firstSlide(asked.page), { timeout: 30_000 }).toBe(photoOf('wool-wrap-coat', 'milk'));
    await asked.context.close();

    const { page, context } = await openPage(browser(), `${prefix}/products/wool-wrap-coat`, { viewport });
    expect(await firstSlide(page)).toBe(photoOf('wool-wrap-coat', 'beige'));
    const first = page.locator('.product-gallery__slide').first().locator('img');
    expect(await first.getAttribute('alt')).toContain(lang === 'uk' ? 'бежевий' : 'beige');
    // The shopper picks black: its photo comes first, the address says black.
    await page.locator('label.swatch', { has: page.locator('input[name="color"][value="black"]') }).click();
    await expect.poll(() => firstSlide(page), { timeout: 30_000 }).toBe(photoOf('wool-wrap-coat', 'black'));
    await expect.poll(() => query(page).get('color'), { timeout: 30_000 }).toBe('black');
    expect(await page.locator('.product-gallery__slide').first().locator('img').getAttribute('alt')).toContain(lang === 'uk' ? 'чорний' : 'black');
    // The photo now first is drawn, and the gallery still holds every photo once.
    await expect
      .poll(
        () =>
          page
            .locator('.product-gallery__slide')
            .first()
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await page.locator('.product-gallery__slide').count()).toBe(3);
    await page.screenshot({ path: join(SHOTS, `variant-media-colour-${lang}-${device}.png`) });
    // And back to milk.
    await page.locator('label.swatch', { has: page.locator('input[name="color"][value="milk"]') }).click();
    await expect.poll(() => firstSlide(page), { timeout: 30_000 }).toBe(photoOf('wool-wrap-coat', 'milk'));
    expect(query(page).get('color')).toBe('milk');
    await context.close();
  }, 120_000);

  it('the server draws a variant link’s colour first, without JavaScript', async () => {
    const khaki = product('bomber-jacket').variants.find((v) => v.options[0] === 'khaki')!;
    const { page, context } = await openPage(browser(), `${prefix}/products/bomber-jacket?variant=${khaki.id}`, { viewport, javaScriptEnabled: false });
    expect(await firstSlide(page)).toBe(photoOf('bomber-jacket', 'khaki'));
    // The merchant's focal point keeps the subject in view where the gallery crops the photo.
    expect(
      await page
        .locator('.product-gallery__image')
        .first()
        .evaluate((img) => getComputedStyle(img).objectPosition),
    ).toBe('50% 30%');
    await context.close();
  }, 60_000);

  it('navy, given its swatch by the platform, shows as navy', async () => {
    const { page, context } = await openPage(browser(), `${prefix}/products/bomber-jacket`, { viewport });
    await startIsland(page, 'product-form');
    const legend = page.locator('.product-option--color .product-option__selected');
    expect((await legend.innerText()).trim()).toBe('Navy');
    const chip = page.locator('label.swatch', { has: page.locator('input[value="navy"]') }).locator('.swatch__chip');
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(27, 42, 74)');
    // The product form (started) draws it the same after a choice, and nothing logs it as
    // unknown: the test fails on any console error.
    await page.locator('label.swatch', { has: page.locator('input[value="khaki"]') }).click();
    await page.locator('label.swatch', { has: page.locator('input[value="navy"]') }).click();
    await expect.poll(() => query(page).get('color'), { timeout: 30_000 }).toBe('navy');
    expect((await legend.innerText()).trim()).toBe('Navy');
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(27, 42, 74)');
    expect(await page.locator('label.swatch', { has: page.locator('input[value="navy"]') }).innerText()).not.toContain(lang === 'uk' ? 'Чорний' : 'Black');
    await page.screenshot({ path: join(SHOTS, `variant-media-navy-${lang}-${device}.png`) });
    await context.close();
  }, 120_000);

  it('navy is offered by a collection’s colour filter, in its colour, and narrows the list to it', async () => {
    const { page, context } = await openPage(browser(), `${prefix}/collections/coats-and-jackets?rightSidebar=filters`, { viewport });
    const dialog = page.locator('.right-panel [role="dialog"]');
    const navy = dialog.getByLabel('Navy', { exact: true });
    await navy.waitFor({ state: 'attached', timeout: 60_000 });
    const swatch = dialog.locator(`label[for="${await navy.getAttribute('id')}"] .filters-panel__swatch`);
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(27, 42, 74)');
    await swatch.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `variant-media-filter-${lang}-${device}.png`) });
    await navy.check();
    await dialog.getByRole('button', { name: lang === 'uk' ? 'Застосувати' : 'Apply' }).click();
    await expect.poll(() => query(page).getAll('color'), { timeout: 30_000 }).toEqual(['navy']);
    await waitForList(page);
    await scrollToEnd(page);
    await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual([product('bomber-jacket').title[lang]]);
    await context.close();
  }, 120_000);

  it('a product video plays in the gallery, with its controls and poster, and never by itself', async () => {
    const { page, context } = await openPage(browser(), `${prefix}/products/linen-shirt-dress`, { viewport });
    const video = page.locator('video.product-gallery__video');
    expect(await video.count()).toBe(1);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.autoplay, v.paused, v.poster.includes('linen-shirt-dress-1.jpg')])).toEqual([
      true,
      false,
      true,
      true,
    ]);
    await video.scrollIntoViewIfNeeded();
    await video.click();
    // The click on the native player plays it (its controls answer the first click); if the
    // player left it paused, its own play() is the control's press.
    if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160);
    await page.screenshot({ path: join(SHOTS, `variant-media-video-${lang}-${device}.png`) });
    await context.close();
  }, 120_000);

  it('an embedded video shows its still and loads its player only when asked', async () => {
    const { page, context } = await openPage(browser(), `${prefix}/products/silk-slip-dress`, { viewport });
    const asked: string[] = [];
    // Offline: the host's player is answered here, so asking for it is seen and nothing leaves.
    await context.route('https://www.youtube.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    const still = page.locator('a[data-deferred-media]');
    expect(await still.innerText()).toContain(lang === 'uk' ? 'Відтворити відео' : 'Play the video');
    expect(await page.locator('iframe').count()).toBe(0);
    await still.scrollIntoViewIfNeeded();
    await still.click();
    const frame = page.locator('iframe.product-gallery__frame');
    await frame.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube\.com\/embed\/mavkaSlip01\?autoplay=1/);
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(page.url()).toContain('/products/silk-slip-dress');
    await context.close();
  }, 120_000);
});
