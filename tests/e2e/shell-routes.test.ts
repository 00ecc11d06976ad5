// Every route of spec §2 that the shell answers or the content pages render, in both languages:
// the redirects land where the spec says (keeping the language), the content pages show their
// parts, and the header is white only over the home page. At 375px; the home page at 1280px too,
// as its promo picture is the one part that changes with the width (the redirects are the
// shell's, whatever the width, and the right-hand panels open at both widths in shell-panels).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, expectNotFound, useBrowser, DESKTOP, PHONE } from './browser';
import { gotoAndLand, here, LANGUAGES, signIn } from './shell-helpers';

const { browser } = useBrowser();

/** The texts of a page that a shopper reads first. */
async function page1(page: Page): Promise<{ h1: string; slogan: string | null; intro: string | null; content: string }> {
  return page.evaluate(() => ({
    h1: document.querySelector('main h1')?.textContent?.trim() ?? '',
    slogan: document.querySelector('.text-page__slogan')?.textContent?.trim() ?? null,
    intro: document.querySelector('.text-page__intro')?.textContent?.trim() ?? null,
    content: document.querySelector('main .rte')?.textContent?.trim() ?? '',
  }));
}

const TITLES = {
  uk: {
    'about-us': 'Про нас',
    'shipping-and-returns': 'Доставка та повернення',
    'public-offer': 'Публічна оферта',
    'terms-of-use': 'Умови використання',
    contacts: 'Контакти',
    'our-story': 'Наша історія',
    default: 'Сторінка',
  },
  en: {
    'about-us': 'About us',
    'shipping-and-returns': 'Shipping & returns',
    'public-offer': 'Public offer',
    'terms-of-use': 'Terms of use',
    contacts: 'Contacts',
    'our-story': 'Our story',
    default: 'Page',
  },
} as const;

/** The home page: the white header with the light logo, the promo picture for the width, the new arrivals and the links. */
async function expectHome(page: Page, prefix: string, width: number): Promise<void> {
  await page.goto(`${prefix}/`);
  // The header is white over the home page, with the light logo (spec §2).
  expect(await page.locator('.site-header').getAttribute('class')).toContain('site-header--light');
  expect(await page.locator('.site-header .logo').getAttribute('class')).toContain('logo--light');
  const home = await page.evaluate(() => ({
    promoImage: (document.querySelector('.home-promo__image') as HTMLImageElement | null)?.currentSrc ?? '',
    shopNow: document.querySelector('.home-promo a')?.getAttribute('href'),
    cards: document.querySelectorAll('.home-new-arrivals .product-card').length,
    viewMore: document.querySelector('.home-new-arrivals .section-heading a')?.getAttribute('href'),
    readMore: document.querySelector('.home-about a.button')?.getAttribute('href'),
    social: document.querySelector('.home-about__social')?.getAttribute('href'),
  }));
  // A phone gets the collection's portrait cover cut to its 2:3 box; wider screens the campaign background.
  expect(home.promoImage).toMatch(width < 750 ? /collection-new-arrivals\.jpg\?.*crop=center/ : /bg-new-arrivals\.jpg/);
  expect(home.shopNow).toBe(`${prefix}/collections/all`);
  expect(home.cards).toBe(4);
  expect(home.viewMore).toBe(`${prefix}/collections/all`);
  expect(home.readMore).toBe(`${prefix}/pages/about-us`);
  expect(home.social).toBe('https://instagram.com/mavka.fashion');
}

describe('routes at 375px', () => {
  const viewport = PHONE;
  for (const { prefix, root, lang } of LANGUAGES) {
    it(`redirect as spec §2 says, in ${lang}`, async () => {
      const context = await browser().newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // /pages is the platform's 404 until the shell sends the shopper to /pages/default (spec §2).
      expectNotFound(`${prefix}/pages`);

      for (const [from, to] of [
        ['/account/register', `${root}?rightSidebar=signup`],
        ['/account/login', `${root}?rightSidebar=login`],
        ['/cart', `${root}?rightSidebar=cart`],
        ['/search?q=wool&type=product', `${prefix}/collections/all?q=wool&type=product`],
        ['/account/invalid_token', root],
        ['/pages', `${prefix}/pages/default`],
      ] as const) {
        await gotoAndLand(page, `${prefix}${from}`, to);
        if (to.includes('rightSidebar')) {
          const panel = new URL(to, baseUrl()).searchParams.get('rightSidebar');
          await page.locator(`.right-panel[data-panel="${panel}"] [role="dialog"]`).waitFor({ state: 'visible' });
        }
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
      }

      // A guest's /account goes through the platform's login redirect to the login panel.
      await gotoAndLand(page, `${prefix}/account`, `${root}?rightSidebar=login`);

      // A signed-in customer's /account is the orders page; /account/logout signs out.
      await signIn(context);
      // On the platform /account is the orders page itself (/account/orders would be a 404), so it stays.
      await gotoAndLand(page, `${prefix}/account`, `${prefix}/account`);
      expect(await page.locator('main h1').innerText()).toMatch(/Замовлення|Orders/);
      expect(await page.locator('.site-header__account').getAttribute('href')).toBe(`${prefix}/account`);
      await page.goto(`${prefix}/account/logout`);
      await page.waitForLoadState('load');
      expect(await page.locator('.site-header__account').getAttribute('data-action')).toBe('login');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`shows the home and content pages, in ${lang}`, async () => {
      const context = await browser().newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      const titles = TITLES[lang];

      await expectHome(page, prefix, viewport.width);

      for (const handle of ['about-us', 'shipping-and-returns', 'public-offer', 'terms-of-use', 'contacts', 'our-story', 'default'] as const) {
        await page.goto(`${prefix}/pages/${handle}`);
        const shown = await page1(page);
        expect(shown.h1, handle).toBe(titles[handle]);
        expect(shown.content.length, handle).toBeGreaterThan(40);
        // Black header elsewhere, with the dark logo.
        expect(await page.locator('.site-header').getAttribute('class')).toContain('site-header--dark');
        if (handle === 'about-us' || handle === 'our-story' || handle === 'default') {
          expect(shown.slogan, handle).toBeTruthy();
          expect(shown.intro, handle).toBeTruthy();
        }
      }

      await page.goto(`${prefix}/pages/terms-of-use`);
      expect(await page.locator('.need-help a').getAttribute('href')).toBe('mailto:support@mavka.example');

      await page.goto(`${prefix}/pages/contacts`);
      expect(await page.locator('.image-strip img').count()).toBe(5);
      expect(await page.locator('.image-strip__social a').innerText()).toBe('@mavka.fashion');

      // The story page and its alias.
      await page.goto(`${prefix}/pages/story`);
      expect((await page1(page)).h1).toBe(titles['our-story']);

      // The new-arrivals collection keeps the black header.
      await page.goto(`${prefix}/collections/new-arrivals`);
      expect(await page.locator('.site-header').getAttribute('class')).toContain('site-header--dark');

      // An unknown page is the 404 page, with ways on: the catalogue, home, a few products, and a search.
      expectNotFound(`${prefix}/pages/no-such-page`);
      const response = await page.goto(`${prefix}/pages/no-such-page`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('.page-404__links a').count()).toBe(2);
      expect(await page.locator('.page-404__suggestions h2').innerText()).toBe(prefix ? 'You may like' : 'Можливо, вам сподобається');
      expect(await page.locator('.page-404__suggestions .product-card').count()).toBe(4);
      expect(here(page)).toBe(`${prefix}/pages/no-such-page`);
      await page.getByRole('searchbox', { name: prefix ? 'Search products' : 'Пошук товарів' }).fill('coat');
      await Promise.all([page.waitForURL(/[?&]q=coat/), page.getByRole('button', { name: prefix ? 'Search' : 'Шукати', exact: true }).click()]);
      expect(await page.locator('[data-catalogue-grid] .product-card').count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});

describe('the home page at 1280px', () => {
  it('has the white header and the campaign background, in both languages', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    const page = await context.newPage();
    for (const { prefix } of LANGUAGES) await expectHome(page, prefix, DESKTOP.width);
    await context.close();
  });
});

describe('native form answers', () => {
  it("keep the login page when it shows the platform's error, instead of redirecting to the panel", async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/en/pages/about-us');
    // A native post of the login form with a wrong password (as a shopper's browser sends it).
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/en/account/login';
        for (const [name, value] of [
          ['form_type', 'customer_login'],
          ['utf8', '✓'],
          ['customer[email]', 'olena@example.com'],
          ['customer[password]', 'wrong-password'],
        ]) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name as string;
          input.value = value as string;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }),
    ]);
    await page.waitForLoadState('networkidle');
    expect(here(page)).toBe('/en/account/login');
    expect(await page.locator('#MainContent .errors').innerText()).toMatch(/incorrect email or password/i);
    await context.close();
  });
});

describe('scroll after navigation (spec §2)', () => {
  it('returns to the top on a new page and on reload, but keeps it on a product page with a colour or size in the query', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/en/pages/public-offer');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator('.site-footer a[href="/en/pages/terms-of-use"]').click();
    await page.waitForURL(/terms-of-use/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.reload();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/en/products/wool-wrap-coat?color=black');
    // Scrolled as a shopper scrolls: the page has seen the scroll before the reload.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => resolve(), { once: true });
          window.scrollTo(0, 500);
        }),
    );
    await page.reload();
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });
});
