// Today's customer accounts end to end (the preview with accounts: 'current', its own server):
// a shopper signs in through the account component's stand-in, is greeted, keeps a wishlist on
// the storefront, reaches orders and addresses on the hosted stand-ins and signs out; and no page
// or island state offers a form that posts to a legacy account route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { axeViolations } from './axe';
import { DESKTOP, expectNotFound, expectUnsupportedColour, PHONE, useBrowser } from './browser';
import { alphabetical, cardNames, name, productsOf, waitForList } from './catalogue-fixtures';
import { listenOnLoopback } from '../../preview/testing';

let current: FastifyInstance;
let legacy: FastifyInstance;
let currentUrl = '';
let legacyUrl = '';
// The strict harness: a console error, failed request or HTTP error fails the test it happens in.
const chromium = useBrowser();
let browser: Browser;

const listen = listenOnLoopback;

beforeAll(async () => {
  current = await createPreview({ accounts: 'current', log: () => {} });
  legacy = await createPreview({ accounts: 'legacy', log: () => {} });
  [currentUrl, legacyUrl] = await Promise.all([listen(current), listen(legacy)]);
  browser = chromium.browser();
});
afterAll(async () => {
  await Promise.all([current?.close(), legacy?.close()]);
});

async function open(
  base: string,
  path: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; context?: BrowserContext } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context =
    options.context ??
    (await browser.newContext({ baseURL: base, viewport: options.viewport ?? DESKTOP, javaScriptEnabled: options.javaScriptEnabled ?? true }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: 'load' });
  return { page, context, errors };
}

const componentReady = (page: Page) =>
  page.waitForFunction(() => !!customElements.get('shopify-account') && !!document.querySelector('shopify-account')?.shadowRoot);
const sheet = (page: Page) => page.locator('shopify-account dialog[open]');

/** Opens the left menu and follows one of its links. */
async function followLeftMenuLink(page: Page, name: string): Promise<void> {
  await page.locator('.site-header__menu-toggle').click();
  await page.waitForFunction(() => document.getElementById('left-menu')?.classList.contains('is-open'));
  await Promise.all([page.waitForEvent('load'), page.locator('#left-menu').getByRole('link', { name, exact: true }).click()]);
}

const JOURNEYS = [
  {
    lang: 'uk',
    prefix: '',
    viewport: DESKTOP,
    text: {
      signInAs: 'Увійти як Олена Коваль',
      greeting: 'Привіт, Олена',
      wishlist: 'Список бажань',
      orders: 'Замовлення',
      profile: 'Адреси й профіль',
      signOut: 'Вийти',
      login: 'Увійти',
    },
  },
  {
    lang: 'en',
    prefix: '/en',
    viewport: PHONE,
    text: {
      signInAs: 'Sign in as Олена Коваль',
      greeting: 'Hi, Олена',
      wishlist: 'Wishlist',
      orders: 'Orders',
      profile: 'Addresses and profile',
      signOut: 'Sign out',
      login: 'Log in',
    },
  },
] as const;

describe("a shopper's journey with today's accounts", () => {
  for (const { lang, prefix, viewport, text } of JOURNEYS) {
    it(`signs in through the account component, keeps a wishlist, reaches orders and addresses, signs out (${lang}, ${viewport.width}px)`, async () => {
      const { page, context, errors } = await open(currentUrl, `${prefix}/collections/all`, { viewport });
      try {
        await componentReady(page);
        // The component is in the header at this width, where the header's controls are.
        const box = await page.locator('.site-header shopify-account').boundingBox();
        expect(box && box.width >= 44 && box.height >= 44 && box.y < 80).toBe(true);
        // Its signed-out face is the theme's "log in" (shown as an icon on phones, with the words as its name).
        expect(await page.locator('.site-header shopify-account').textContent()).toContain(text.login);
        const label = await page.locator('.site-header shopify-account .site-header__account-label').boundingBox();
        expect((label?.width ?? 0) > 1).toBe(viewport === DESKTOP);

        // A guest's heart sends her to sign in: the component's sheet, not a login panel.
        await page.locator('.product-card').first().locator('.wishlist-toggle__control').click();
        await sheet(page).waitFor({ state: 'visible' });
        expect(await page.locator('.right-panel').count()).toBe(0);
        await Promise.all([page.waitForEvent('load'), sheet(page).getByRole('button', { name: text.signInAs }).click()]);
        expect(new URL(page.url()).pathname).toBe(`${prefix}/collections/all`);

        // Greeted by name: in the header on wide screens, in the left menu on phones.
        if (viewport === DESKTOP) {
          await expect.poll(() => page.locator('.site-header__account').textContent()).toBe(text.greeting);
        } else {
          await page.locator('.site-header__menu-toggle').click();
          await expect.poll(() => page.locator('.left-menu__greeting').textContent()).toBe(text.greeting);
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.getElementById('left-menu')?.classList.contains('is-open'));
        }

        // Signed in, the heart adds the product; the wishlist page (a storefront page) lists it.
        // The list's default A–Z order runs over the whole list once its code has come (on the
        // shopper's first input): start it as that input does, then keep the product whose heart
        // she pressed, wherever the list puts it.
        await componentReady(page);
        await waitForList(page);
        // The list redraws its cards in A–Z order once the whole index has arrived (the default
        // order, shown without aria-busy): take the first card after that, so no redraw moves the
        // cards under the press.
        const title = name(alphabetical(productsOf('all'), lang)[0]!, lang);
        await expect.poll(async () => (await cardNames(page))[0], { timeout: 30_000 }).toBe(title);
        const card = page
          .locator('.product-card')
          .filter({ has: page.locator('.product-card__title', { hasText: title }) })
          .first();
        await card.locator('.wishlist-toggle__control').click();
        await card.locator('.wishlist-toggle__control.is-active').waitFor();
        await followLeftMenuLink(page, text.wishlist);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${prefix}/collections/all?view=wishlist`);
        await page.locator('.account-wishlist__card').first().waitFor();
        expect(await page.locator('.account-wishlist__card .product-card__title').allInnerTexts()).toEqual([title]);
        expect(await axeViolations(page)).toEqual([]);

        // Orders and addresses are the platform's pages (the preview's stand-ins).
        await followLeftMenuLink(page, text.orders);
        await page.locator('[data-hosted-account-page]').waitFor({ state: 'attached' });
        expect(await page.locator('main tbody tr').count()).toBe(10);
        await page.goBack({ waitUntil: 'load' });
        await followLeftMenuLink(page, text.profile);
        await page.locator('[data-hosted-account-page]').waitFor({ state: 'attached' });
        expect(await page.locator('main address').first().innerText()).toContain('Київ');
        await page.goBack({ waitUntil: 'load' });

        // Signing out through the component's menu: a guest again.
        await componentReady(page);
        await page.locator('shopify-account').locator('button.avatar').click();
        await sheet(page).waitFor({ state: 'visible' });
        await Promise.all([page.waitForEvent('load'), sheet(page).getByRole('link', { name: text.signOut }).click()]);
        expect(new URL(page.url()).pathname).toBe(`${prefix}/`);
        expect(await page.evaluate(() => JSON.parse(document.getElementById('shop-bootstrap')!.textContent!).customer)).toBeNull();
        expect(await page.locator('.site-header__account').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('opens the component instead of a legacy panel for ?rightSidebar=login and from the left menu', async () => {
    const { page, context } = await open(currentUrl, '/?rightSidebar=signup', { viewport: PHONE });
    try {
      await sheet(page).waitFor({ state: 'visible' });
      expect(new URL(page.url()).search).toBe('');
      await page.keyboard.press('Escape');
      await sheet(page).waitFor({ state: 'detached' });
      await page.locator('.site-header__menu-toggle').click();
      await page.locator('#left-menu .left-menu__login').click();
      await sheet(page).waitFor({ state: 'visible' });
      expect(await page.evaluate(() => document.getElementById('left-menu')?.classList.contains('is-open'))).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the account component by keyboard', () => {
  it('is reached by Tab between search and bag, opens with Enter, closes with Escape back to its button', async () => {
    const { page, context } = await open(currentUrl, '/pages/about-us', { viewport: DESKTOP });
    try {
      await componentReady(page);
      await page.locator('.site-header__search').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('shopify-account');
      await page.keyboard.press('Enter');
      await sheet(page).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await sheet(page).waitFor({ state: 'detached' });
      // Closed as the shopper sees it: the avatar says so and holds focus.
      await page.waitForFunction(
        () => document.querySelector('shopify-account')?.shadowRoot?.querySelector('.avatar')?.getAttribute('aria-expanded') === 'false',
      );
      expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.className)).toBe('avatar');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('site-header__bag');
    } finally {
      await context.close();
    }
  });
});

// ---- no legacy account form anywhere ----------------------------------------------------------

/** Every form of the page, in the document and in open shadow roots, whose action is a legacy account route. */
function legacyForms(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot): void => {
      for (const form of Array.from(root.querySelectorAll('form'))) {
        const path = new URL(form.getAttribute('action') ?? '', document.baseURI).pathname;
        if (/^(\/en)?\/account(\/|$)/.test(path)) found.push(`${form.method} ${path}`);
      }
      for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return found;
  });
}

const TEMPLATES = [
  '/',
  '/pages/about-us',
  '/pages/contacts',
  '/pages/terms-of-use',
  '/pages/our-story',
  '/pages/default',
  '/collections',
  '/collections/all',
  '/collections/new-arrivals',
  '/collections/all?view=wishlist',
  '/products/wool-wrap-coat',
  '/search?q=coat&type=product',
  '/no-such-page',
];
const PANEL_STATES: [string, string][] = [
  ['/products/wool-wrap-coat', 'cart'],
  ['/products/wool-wrap-coat', 'size-guide'],
  ['/collections/all', 'filters'],
  ['/', 'login'],
  ['/', 'signup'],
  ['/', 'forgot-password'],
  ['/', 'recover-password'],
];

describe("no form posts to a legacy account route with today's accounts", () => {
  it('finds such forms on a legacy shop (the check can fail)', async () => {
    const { page, context } = await open(legacyUrl, '/?rightSidebar=login');
    try {
      await page.locator('.right-panel[data-panel="login"] form').waitFor();
      expect(await legacyForms(page)).toContain('post /account/login');
    } finally {
      await context.close();
    }
  });

  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a signed-in customer' : 'a guest';
    it(`every template, as the server draws it and once its islands run, for ${who}`, async () => {
      expectNotFound(`${currentUrl}/no-such-page`);
      const context = await browser.newContext({ baseURL: currentUrl, viewport: DESKTOP });
      try {
        if (signedIn) {
          const response = await context.request.post('/customer_authentication/login', {
            form: { email: 'olena@example.com', return_to: '/' },
            maxRedirects: 0,
          });
          expect(response.status()).toBe(302);
        }
        const page = await context.newPage();
        for (const base of TEMPLATES) {
          for (const path of [base, `/en${base === '/' ? '' : base}`]) {
            // Without JavaScript: the server's markup, every form in it.
            const html = await (await context.request.get(path)).text();
            const actions = [...html.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)]
              .map((m) => m[1]!)
              .filter((action) => /^(\/en)?\/account(\/|$|\?)/.test(action));
            expect([path, actions]).toEqual([path, []]);
          }
          // With JavaScript, once the islands and the component have run.
          await page.goto(base, { waitUntil: 'load' });
          await componentReady(page);
          expect([base, await legacyForms(page)]).toEqual([base, []]);
        }
      } finally {
        await context.close();
      }
    }, 180_000);

    it(`every panel, the left menu and the search for ${who}`, async () => {
      // The filters panel offers the store's colours, among them the fixture store's navy, outside
      // the 24 (spec §3: logged where it is shown; it is logged once the panel's list has loaded).
      expectUnsupportedColour();
      const context = await browser.newContext({ baseURL: currentUrl, viewport: DESKTOP });
      try {
        if (signedIn) await context.request.post('/customer_authentication/login', { form: { email: 'olena@example.com', return_to: '/' }, maxRedirects: 0 });
        for (const [path, panel] of PANEL_STATES) {
          const { page } = await open(currentUrl, `${path}?rightSidebar=${panel}`, { context });
          if (['login', 'signup', 'forgot-password', 'recover-password'].includes(panel)) await sheet(page).waitFor({ state: 'visible' });
          else await page.locator(`.right-panel[data-panel="${panel}"] [role="dialog"]`).waitFor({ state: 'visible' });
          expect([panel, await legacyForms(page)]).toEqual([panel, []]);
          await page.close();
        }
        const { page } = await open(currentUrl, '/', { context });
        await page.locator('.site-header__menu-toggle').click();
        await page.waitForFunction(() => document.getElementById('left-menu')?.classList.contains('is-open'));
        expect(await legacyForms(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.locator('.site-header__search').click();
        await page.locator('#search-overlay').waitFor({ state: 'visible' });
        expect(await legacyForms(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
