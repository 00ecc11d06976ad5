// A tap on "add to bag" while the product form's code is still arriving (issue 17, item 7) keeps
// the shopper on the product page with the bag open instead of sending them through the native
// post to another page; since issue 40 the server's form posts it at once (early-add.ts), without
// waiting for the island, which takes the form over when its code comes.
import { describe, expect, it } from 'vitest';
import { baseUrl, expectBrowserProblems, islandCodeChunk, openPage, openWithCodeHeld, useBrowser, PHONE, DESKTOP } from './browser';

const { browser } = useBrowser();

describe('add to bag while the product form starts', () => {
  for (const [path, viewport, panel] of [
    ['/products/wool-wrap-coat', PHONE, 'Кошик'],
    ['/en/products/wool-wrap-coat', DESKTOP, 'Bag'],
  ] as const) {
    it(`stays on ${path} and adds without leaving it`, async () => {
      // The form's code (asked for when the browser is idle, or on the tap) waits until the tap.
      const { page, context, errors, code } = await openWithCodeHeld(browser(), path, 'product-form', { viewport });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
      });
      await page.locator('.product-form__submit').click();
      // The code was asked for before the tap (idle) or by it: either way it is held until now.
      await expect.poll(code.asked, { timeout: 15_000 }).toBe(true);
      await code.release();

      await page.locator('[data-island="product-form"][data-island-mounted]').waitFor({ state: 'attached' });
      await expect.poll(() => posts, { timeout: 15_000 }).toContain(path.startsWith('/en') ? '/en/cart/add.js' : '/cart/add.js');
      expect(posts.filter((p) => p.endsWith('/cart/add'))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.locator('.right-panel [role="dialog"]').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.right-panel [role="dialog"]').innerText(), { timeout: 15_000 }).toContain(panel);
      const cart = await context.request.get('/cart.js');
      expect((await cart.json()).item_count).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('a first tap on add to bag before the product form’s code has come (issue 40)', () => {
  for (const [path, viewport, title] of [
    ['/products/wool-wrap-coat', PHONE, 'Кошик'],
    ['/en/products/wool-wrap-coat', DESKTOP, 'Bag'],
  ] as const) {
    it(`on ${path}: adds exactly one line and opens the bag while the form’s code is still away`, async () => {
      const { page, context, errors, code } = await openWithCodeHeld(browser(), path, 'product-form', { viewport });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
      });
      await page.locator('.product-form__submit').click();
      // The server's form posts at once: the bag shows its line with the island's code still held.
      const bagLine = page.locator('.right-panel[data-panel="cart"] .cart-lines > li');
      await bagLine.first().waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-island="product-form"][data-island-mounted]').count()).toBe(0);
      expect(await page.locator('.right-panel [role="dialog"]').innerText()).toContain(title);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(posts).toEqual([path.startsWith('/en') ? '/en/cart/add.js' : '/cart/add.js']);

      // The island takes the form over when its code comes: the add is not sent again.
      await code.release();
      await page.locator('[data-island="product-form"][data-island-mounted]').waitFor({ state: 'attached', timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => document.querySelector<HTMLFormElement>('form.product-form')?.dataset['islandSubmit'])).toBe('taken');
      expect(posts.filter((p) => p.includes('/cart/add'))).toHaveLength(1);
      const cart = (await (await context.request.get('/cart.js')).json()) as { item_count: number; items: unknown[] };
      expect([cart.items.length, cart.item_count]).toEqual([1, 1]);
      expect(await bagLine.count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('two taps on add to bag before the product form’s code has come', () => {
  it('stay on the product page and add one unit', async () => {
    const { page, context, code } = await openWithCodeHeld(browser(), '/en/products/wool-wrap-coat', 'product-form', { viewport: PHONE });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    // A double tap: the second comes before anything could show (the bag now opens on the first
    // add's answer, over the button, so a later tap could not reach it).
    await page.locator('.product-form__submit').waitFor();
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('.product-form__submit')!;
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      button.click();
      button.click();
    });
    await expect.poll(code.asked, { timeout: 15_000 }).toBe(true);
    await code.release();

    await page.locator('.right-panel[data-panel="cart"] [role="dialog"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/en/products/wool-wrap-coat');
    expect(posts).toEqual(['/en/cart/add.js']);
    const cart = (await (await context.request.get('/cart.js')).json()) as { item_count: number };
    expect(cart.item_count).toBe(1);
    await context.close();
  });
});

describe('add to bag straight after a choice', () => {
  it('adds the size the button offers when pressed in the frame after choosing it', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/en/products/belted-midi-coat', { waitUntil: 'load' });
    // S is sold out in graphite: chosen and drawn, with every effect run, the button is disabled.
    await page.locator('input[name="size"][value="s"]').focus();
    await page.locator('[data-island="product-form"][data-island-mounted]').waitFor({ state: 'attached' });
    await page.locator('input[name="size"][value="s"]').check({ force: true });
    await expect.poll(() => page.locator('.product-form__submit').isDisabled()).toBe(true);
    // M, then the press before the next frame (a slow phone, a quick keyboard): M is what the
    // button offers, so M is what goes into the bag.
    const offered = await page.evaluate(async () => {
      document.querySelector<HTMLInputElement>('input[name="size"][value="m"]')!.click();
      await Promise.resolve();
      const button = document.querySelector<HTMLButtonElement>('.product-form__submit')!;
      const enabled = !button.disabled;
      button.click();
      return enabled;
    });
    expect(offered).toBe(true);
    await page.locator('.right-panel[data-panel="cart"] [role="dialog"]').waitFor({ timeout: 15_000 });
    const cart = (await (await context.request.get('/cart.js')).json()) as { items: { quantity: number; variant_options: string[] }[] };
    expect(cart.items.map((item) => [item.variant_options, item.quantity])).toEqual([[['graphite', 'M'], 1]]);
    await context.close();
  });
});

describe('add to bag when the product form’s code never comes', () => {
  it('adds the colour and size the shopper picked, and shows the bag', async () => {
    expectBrowserProblems(
      /Island "product-form" failed to load/,
      /request failed: GET .*\/assets\/chunk-/,
      /Failed to load resource: net::ERR_FAILED .*\/assets\/chunk-/,
    );
    const { page, context } = await openPage(browser(), '/products/wool-wrap-coat', { viewport: PHONE });
    // A dropped connection: the form's code fails to load.
    await page.route(`**/assets/${islandCodeChunk('product-form')}*`, (route) => route.abort());
    await page.locator('label.swatch:has(input[value="milk"])').click();
    await page.locator('label.size-chip:has(input[value="l"])').click();
    const milkL = await page.locator('select[name="id"] option[data-values="milk␟l"]').getAttribute('value');
    await page.locator('.product-form__submit').click();
    // Posted by the server's form itself (islands/product-form/early-add.ts): the bag opens over the page.
    await page.locator('.right-panel[data-panel="cart"] .cart-lines > li').first().waitFor({ timeout: 30_000 });
    const cart = (await (await page.request.get('/cart.js')).json()) as { items: { id: number }[] };
    expect(cart.items.map((item) => item.id)).toEqual([Number(milkL)]);
    await context.close();
  });
});
