// Spec §8 under a bad network: each call of spec §7 made to fail in turn (500, malformed JSON,
// HTML instead of JSON, a timeout, a network error) leaves every screen usable with its empty
// state; storage that throws changes nothing but caching; one island that throws leaves the
// others working.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { baseUrl, expectBrowserProblems, expectUnsupportedColour, useBrowser, DESKTOP } from './browser';

const { browser } = useBrowser();

type Failure = 'http-500' | 'malformed-json' | 'html' | 'timeout' | 'network-error';
const FAILURES: Failure[] = ['http-500', 'malformed-json', 'html', 'timeout', 'network-error'];

/** The calls of spec §7 that islands make with fetch (page navigations are not intercepted). */
const API_CALLS = /\/pages\/api|\/cart(\/[a-z]+)?\.js|\/recommendations\/products|\/search\?|\/account\/recover|\/account\/login/;

async function fail(route: Route, failure: Failure): Promise<void> {
  switch (failure) {
    case 'http-500':
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"Internal error"}' });
    case 'malformed-json':
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[{"id":' });
    case 'html':
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><h1>Oops</h1>' });
    case 'timeout':
      return route.abort('timedout');
    case 'network-error':
      return route.abort('failed');
  }
}

async function failingContext(failure: Failure): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Spec §8: the failed calls themselves, and the islands' log lines about them, are what this
  // provokes; anything else is still a problem.
  const API = String.raw`\/(cart(\/add)?\.js|pages\/api\?view=api-[a-z-]+(&page=\d+)?)`;
  expectBrowserProblems(
    new RegExp(`^(HTTP 5\\d\\d: [A-Z]+|request failed: [A-Z]+) \\S+${API}( \\(net::\\w+\\))?$`),
    new RegExp(`^console\\.error: Failed to load resource: .*\\(\\S+${API}\\)$`),
    new RegExp(`^console\\.error: (GET|POST) ${API} (failed|answered \\d+|did not answer JSON)`),
    /^console\.error: cart\/add\.js answered \d+ /,
  );
  expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
  const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  await context.route('**/*', (route) => {
    const request = route.request();
    if (request.resourceType() === 'fetch' && API_CALLS.test(request.url())) return fail(route, failure);
    return route.continue();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

describe('failing calls (spec §8)', () => {
  for (const failure of FAILURES) {
    it(`${failure}: catalogue, cart panel, filters and product page stay usable`, async () => {
      const { context, page, errors } = await failingContext(failure);

      // The catalogue with a filter asks for every product: the call fails, the list stays usable.
      await page.goto('/collections/all?type=coats');
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main h1').count()).toBeGreaterThan(0);
      await page.locator('[data-action="filters"]').first().click();
      await page.locator('[role="dialog"]').waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });

      // The cart panel: its loading ends in an empty, working panel.
      await page.goto('/products/wool-wrap-coat?rightSidebar=cart');
      const dialog = page.locator('[role="dialog"]');
      await dialog.waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      await expect.poll(() => dialog.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Add to bag fails: the button comes back, the page is still there.
      const add = page.locator('[data-island="product-form"] button[type="submit"], [data-island="product-form"] .product-form__submit').first();
      await add.click();
      await page.waitForLoadState('networkidle');
      await expect.poll(async () => (await add.getAttribute('aria-disabled')) !== 'true' && !(await add.isDisabled()), { timeout: 15_000 }).toBe(true);
      expect(await page.locator('main h1').innerText()).not.toBe('');

      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('storage that throws changes nothing but caching: pages, wishlist and cart still work', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await context.addInitScript(() => {
      const broken = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      Object.defineProperty(window, 'localStorage', { get: broken, configurable: true });
      Object.defineProperty(window, 'sessionStorage', { get: broken, configurable: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/collections/all?sort=price_low_to_high');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.goto('/en/products/wool-wrap-coat');
    await page.locator('[data-island="product-form"]').first().hover();
    const count = page.locator('[data-island="cart-count"]');
    const before = await count.innerText();
    await page.locator('[data-island="product-form"] button[type="submit"], [data-island="product-form"] .product-form__submit').first().click();
    await expect.poll(() => count.innerText(), { timeout: 30_000 }).not.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('one island that throws leaves the others working', async () => {
    expectBrowserProblems(/^pageerror: gallery broke$/); // the failure this test plants
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    // The gallery's module throws as it starts.
    await context.route('**/assets/island-product-gallery.js*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("gallery broke");' }),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en/products/wool-wrap-coat');
    await page.waitForLoadState('networkidle');
    expect(errors.join(' ')).toContain('gallery broke');
    // The server's gallery is still there, and the product form and header still work.
    expect(await page.locator('main img').count()).toBeGreaterThan(0);
    const count = page.locator('[data-island="cart-count"]');
    const before = await count.innerText();
    await page.locator('[data-island="product-form"] button[type="submit"], [data-island="product-form"] .product-form__submit').first().click();
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).not.toBe(before);
    // The add opened the cart panel (the shell's panel host, another island).
    await page.locator('.right-panel[data-panel="cart"] [role="dialog"]').waitFor({ state: 'visible' });
    await context.close();
  }, 240_000);
});
