// The theme editor, as the preview's design mode (?design_mode=1) shows it: the platform's
// section wrappers name each section, the page does not navigate on load, a section the editor
// re-renders leaves a working island, and selecting a section shows what it belongs to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { listenOnLoopback } from '../../preview/testing';
import { openPage, press, useBrowser, DESKTOP, PHONE } from './browser';
import { cardNames, coloursOf, names, productsOf, waitForList } from './catalogue-fixtures';
import { reRenderSection, sectionIdOf, sectionIds, selectBlock, selectSection } from './theme-editor';

const { browser } = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const dialog = (page: Page) => page.locator('.right-panel [role="dialog"]');
type ServerCart = { items: { id: number; quantity: number }[] };
const cartOf = (page: Page) => page.evaluate(() => fetch('/cart.js').then((r) => r.json() as Promise<ServerCart>));

/** Records every main-frame navigation after the first load. */
function navigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

describe('theme editor: the preview in design mode', () => {
  it('wraps every section as the editor does and says so to scripts; outside it, nothing of the kind', async () => {
    const { page, context } = await openPage(browser(), '/products/wool-wrap-coat?design_mode=1');
    const ids = await sectionIds(page);
    expect(ids).toContain('template--1__main');
    expect(ids.some((id) => id.startsWith('sections--1__'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { Shopify: { designMode?: boolean } }).Shopify.designMode)).toBe(true);
    const bootstrap = await page.$eval('#shop-bootstrap', (el) => JSON.parse(el.textContent ?? '{}') as { designMode: boolean });
    expect(bootstrap.designMode).toBe(true);

    await page.goto('/products/wool-wrap-coat');
    expect(await page.locator('[data-shopify-editor-section]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { Shopify: { designMode?: boolean } }).Shopify.designMode)).toBeUndefined();
    await context.close();
  });

  it('does not navigate on load: /cart, /account/login and a stored other language stay put', async () => {
    const { page, context, errors } = await openPage(browser(), '/', { viewport: PHONE });
    // A shopper who chose English before: outside the editor the root jumps to /en/.
    await page.evaluate(() => localStorage.setItem('defaultLanguage', 'en'));
    await page.goto('/');
    await poll(() => new URL(page.url()).pathname).toBe('/en/');

    for (const path of ['/?design_mode=1', '/cart?design_mode=1', '/account/login?design_mode=1']) {
      const seen = navigations(page);
      await page.goto(path, { waitUntil: 'load' });
      // The shell has run (it installs the editor's selection handling) and left the page alone.
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      expect(seen.length).toBe(1);
    }
    expect(await page.locator('.cart-page, .account-page').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('product form: the re-rendered product section still adds to the bag', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/products/wool-wrap-coat?color=black&size=m&design_mode=1', { viewport: DESKTOP });
    const id = await sectionIdOf(page, '[data-island="product-form"]');
    await press(page.locator('[data-island="product-form"]').first());
    await page.waitForSelector('[data-island="product-form"][data-island-mounted]', { state: 'attached' });
    await reRenderSection(page, id);
    // The new section's form starts at once: its code is already on the page.
    await page.waitForSelector('[data-island="product-form"][data-island-mounted]', { state: 'attached' });
    expect(await page.locator('[data-island="product-form"]').count()).toBe(1);
    await page.locator('.product-form__submit').click();
    await dialog(page).waitFor();
    expect((await cartOf(page)).items.map((i) => [i.id, i.quantity])).toEqual([[9000000008, 1]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cart: after the header is re-rendered its bag link opens the cart and its count follows the bag', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/?design_mode=1', { viewport: DESKTOP });
    await page.mouse.move(10, 10);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForSelector('[data-island="cart-count"][data-island-mounted]', { state: 'attached' });
    const header = await sectionIdOf(page, '[data-island="cart-count"]');
    await reRenderSection(page, header);
    await page.waitForSelector('[data-island="cart-count"][data-island-mounted]', { state: 'attached' });
    await page.locator('a[data-action="cart"]').first().click();
    await dialog(page).waitFor();
    expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe('cart');
    // The bag changes elsewhere (another island, another tab): the new count follows it.
    await page.evaluate(async () => {
      await fetch('/cart/add.js', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 9000000008, quantity: 2 }) });
    });
    await page.keyboard.press('Escape');
    await page.goto('/en/products/wool-wrap-coat?color=black&size=m&design_mode=1');
    await page.mouse.move(10, 10);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForSelector('[data-island="cart-count"][data-island-mounted]', { state: 'attached' });
    await reRenderSection(page, await sectionIdOf(page, '[data-island="cart-count"]'));
    await page.waitForSelector('[data-island="cart-count"][data-island-mounted]', { state: 'attached' });
    await press(page.locator('[data-island="product-form"]').first());
    await page.waitForSelector('[data-island="product-form"][data-island-mounted]', { state: 'attached' });
    await page.locator('.product-form__submit').click();
    await dialog(page).waitFor();
    await poll(() => page.locator('[data-island="cart-count"]').innerText()).toBe('(3)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters: the re-rendered collection section applies a filter from the panel', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/collections/dresses?design_mode=1', { viewport: PHONE });
    await waitForList(page);
    const id = await sectionIdOf(page, '[data-island="product-list"]');
    await reRenderSection(page, id);
    await page.waitForSelector('[data-island="product-list"][data-island-mounted]', { state: 'attached' });
    await page.click('.catalogue-toolbar__filters');
    await dialog(page).getByLabel('Black', { exact: true }).check();
    await dialog(page).getByRole('button', { name: 'Apply' }).click();
    const expected = productsOf('dresses').filter((p) => coloursOf(p).includes('black'));
    await poll(() => cardNames(page)).toEqual(names(expected, 'en'));
    expect(await page.locator('[data-island="product-list"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('selecting the cart section opens the cart panel; deselecting closes it; the footer opens nothing', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/cart?design_mode=1', { viewport: DESKTOP });
    const cart = await sectionIdOf(page, '.cart-page');
    await page.waitForFunction(() => document.readyState === 'complete');
    await poll(async () => {
      await selectSection(page, cart);
      return dialog(page).count();
    }).toBe(1);
    expect(await page.locator('.right-panel[data-panel="cart"]').count()).toBe(1);
    await selectSection(page, cart, false);
    await page.waitForSelector('.right-panel', { state: 'detached' });

    await selectSection(page, cart);
    await dialog(page).waitFor();
    const footer = await sectionIdOf(page, 'footer');
    await selectSection(page, footer);
    await page.waitForSelector('.right-panel', { state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('selecting a block inside a horizontal strip scrolls the strip to it', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/products/wool-wrap-coat?design_mode=1', { viewport: PHONE });
    await page.waitForFunction(() => document.readyState === 'complete');
    // The gallery's slides scroll sideways on a phone: the last one starts out of view.
    const last = '.product-gallery__slide:last-child';
    const before = await page.$eval(last, (el) => el.getBoundingClientRect().left);
    expect(before).toBeGreaterThan(375);
    await poll(async () => {
      await selectBlock(page, last);
      return page.$eval(last, (el) => el.getBoundingClientRect().left);
    }).toBeLessThan(375);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The block types the editor can find inside selector (their data-shopify-editor-block). */
function blockTypesIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} [data-shopify-editor-block]`, (nodes) =>
    nodes.map((node) => (JSON.parse(node.getAttribute('data-shopify-editor-block') ?? '{}') as { type: string }).type),
  );
}

describe('theme editor: blocks', () => {
  it('every part of the product page is a block the editor finds, also once the form has started; selecting the size guide unfolds it', async () => {
    const { page, context, errors } = await openPage(browser(), '/products/wool-wrap-coat?design_mode=1');
    const parts = [
      'product-title',
      'product-price',
      '_product-variant-picker',
      '_product-buy-buttons',
      'product-contact-manager',
      'product-collections',
      'product-materials',
      'product-size-guide',
      'product-looks',
    ];
    expect(await blockTypesIn(page, 'main')).toEqual(expect.arrayContaining(parts));
    // The product form island draws price, colour and size and the buttons itself: they stay findable.
    await page.click('.swatch__input >> nth=1', { force: true });
    await page.waitForSelector('.product-form__body[data-island-mounted]');
    expect(await blockTypesIn(page, '.product-form__body')).toEqual(['product-price', '_product-variant-picker', '_product-buy-buttons']);
    expect(await page.$eval('#size-guide', (el) => (el as HTMLDetailsElement).open)).toBe(false);
    await selectBlock(page, '#size-guide');
    await poll(() => page.$eval('#size-guide', (el) => (el as HTMLDetailsElement).open)).toBe(true);
    await selectBlock(page, '#size-guide', false);
    await poll(() => page.$eval('#size-guide', (el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the header’s logo and menu, the footer menus, the home promo and the about block are blocks', async () => {
    const { page, context, errors } = await openPage(browser(), '/?design_mode=1');
    expect(await blockTypesIn(page, '.site-header__bar')).toEqual(['header-logo', 'header-menu']);
    expect(await blockTypesIn(page, '.site-footer__menus')).toEqual(['footer-menu', 'footer-menu', 'footer-menu']);
    expect(await blockTypesIn(page, '.site-footer__newsletter')).toEqual(['footer-newsletter', 'footer-localization']);
    expect(await blockTypesIn(page, '.home-promo')).toEqual(['slogan', 'heading', 'button']);
    expect(await blockTypesIn(page, '.home-about')).toEqual(['heading', 'text', 'read_more', 'social']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('theme editor: a merchant changes settings and blocks', () => {
  // A copy of the theme the test edits as the editor saves a merchant's change; the preview
  // drops what it cached the moment a theme file changes.
  let theme = '';
  let app: FastifyInstance;
  let origin = '';
  beforeAll(async () => {
    theme = mkdtempSync(join(tmpdir(), 'theme-editor-'));
    cpSync('theme', theme, { recursive: true });
    app = await createPreview({ themeDir: theme });
    origin = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(theme, { recursive: true, force: true });
  });
  const edit = (file: string, change: (json: Record<string, any>) => void) => {
    // any: a template's JSON, edited by path in a test
    const path = join(theme, file);
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>; // any: as above
    change(json);
    writeFileSync(path, JSON.stringify(json));
  };

  it('a re-rendered section shows the changed heading, colour scheme, menu and block order, and its island still works', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/?design_mode=1', { waitUntil: 'load' });
    edit('templates/index.json', (t) => {
      t.sections.promo.blocks.heading.settings.text = 'Нова колекція';
      t.sections.about.settings.color_scheme = 'scheme-3';
    });
    const promo = await sectionIdOf(page, '.home-promo');
    await poll(async () => {
      await reRenderSection(page, promo);
      return page.locator('.home-promo__title').innerText();
    }).toBe('Нова колекція');
    const about = await sectionIdOf(page, '.home-about');
    await reRenderSection(page, about);
    expect(await page.$eval(`#shopify-section-${about}`, (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 20, 20)');

    edit('sections/header-group.json', (g) => {
      g.sections.header.blocks.menu.settings.menu = 'side-menu-2';
    });
    const header = await sectionIdOf(page, '.site-header');
    const side = await page.$$eval('.left-menu__nav--2 > ul > li > .left-menu__row > a, .left-menu__nav--2 > ul > li > a', (links) =>
      links.map((a) => a.textContent?.trim()),
    );
    await poll(async () => {
      await reRenderSection(page, header);
      return page.$$eval('.site-header__links a', (links) => links.map((a) => a.textContent?.trim()));
    }).toEqual(side);

    await page.goto('/products/wool-wrap-coat?design_mode=1', { waitUntil: 'load' });
    // The merchant moves the size guide above the product form and hides the price (a static block of the form).
    edit('templates/product.json', (t) => {
      t.sections.main.block_order = ['title', 'size_guide', 'form'];
      t.sections.main.blocks.form.blocks.price.disabled = true;
    });
    const main = await sectionIdOf(page, '.product');
    // The trust block (a static block of the form) stays under the buy buttons, wherever the form is.
    await poll(async () => {
      await reRenderSection(page, main);
      return page.$$eval('.product__info > *', (nodes) => nodes.map((n) => n.classList[n.classList.length - 1]));
    }).toEqual(['product__head', 'product__size-guide', 'product-form', 'trust']);
    // The form draws colour and size and the buttons, no price; it still adds to the bag.
    await page.click('.product-form__submit');
    await page.waitForSelector('.product-form__body[data-island-mounted]');
    expect(await page.$$eval('.product-form__body > :not(script)', (nodes) => nodes.map((n) => n.classList[n.classList.length - 1]))).toEqual([
      'product-form__pickers',
      'product-form__buy',
    ]);
    await poll(() =>
      page.evaluate(() =>
        fetch('/cart.js')
          .then((r) => r.json() as Promise<{ item_count: number }>)
          .then((c) => c.item_count),
      ),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
