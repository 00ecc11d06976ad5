// The shell's pages in Chromium: every page read without JavaScript; the language and currency
// forms and their stored effects (spec §2, §4, §9); the newsletter form of the footer. axe judges
// the home, content and 404 pages in accessibility.test.ts.
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser, DESKTOP, PHONE } from './browser';
import { gotoAndLand, here, LANGUAGES } from './shell-helpers';

const { browser } = useBrowser();

const CONTENT_PAGES = [
  '/',
  '/pages/about-us',
  '/pages/shipping-and-returns',
  '/pages/public-offer',
  '/pages/terms-of-use',
  '/pages/contacts',
  '/pages/our-story',
  '/pages/default',
];

describe('without JavaScript', () => {
  it('every content page shows its heading, text and links, and the header, menu and footer links', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { prefix } of LANGUAGES) {
      for (const path of CONTENT_PAGES) {
        await page.goto(path === '/' ? `${prefix}/` : `${prefix}${path}`);
        const seen = await page.evaluate(() => ({
          h1: document.querySelector('main h1')?.textContent?.trim() ?? '',
          text: document.querySelector('main')?.textContent?.replace(/\s+/g, ' ').trim().length ?? 0,
          headerLinks: Array.from(document.querySelectorAll('.site-header a[href]'), (a) => a.getAttribute('href')),
          footerLinks: document.querySelectorAll('.site-footer a[href]').length,
          menuLinks: document.querySelectorAll('#left-menu a[href^="/"]').length,
        }));
        expect(seen.h1, path).not.toBe('');
        expect(seen.text, path).toBeGreaterThan(100);
        expect(seen.headerLinks, path).toEqual(expect.arrayContaining(['#left-menu', `${prefix}/search`, `${prefix}/account/login`, `${prefix}/cart`]));
        expect(seen.footerLinks, path).toBeGreaterThan(10);
        expect(seen.menuLinks, path).toBeGreaterThan(20);
      }
    }

    // Links inside merchant text survive the server's sanitising.
    await page.goto('/en/pages/about-us');
    expect(await page.locator('main .rte a[href="/pages/our-story"]').count()).toBe(1);
    await page.goto('/pages/contacts');
    expect(await page.locator('main .rte a[href^="mailto:"]').count()).toBe(1);

    // The left menu opens with its anchor and shows every sub-link.
    await page.goto('/en/pages/about-us');
    expect(await page.locator('.left-menu__panel').isVisible()).toBe(false);
    await page.click('.site-header__menu-toggle');
    expect(here(page)).toBe('/en/pages/about-us#left-menu');
    await page.locator('.left-menu__panel').waitFor({ state: 'visible' });
    expect(await page.locator('a[href="/en/collections/all?category=coats"]').isVisible()).toBe(true);
    expect(await page.locator('#left-menu button[data-submenu-toggle]').first().isVisible()).toBe(false);
    await page.locator('.left-menu__close').click();
    await page.locator('.left-menu__panel').waitFor({ state: 'hidden' });

    // The routes the shell redirects keep their own pages (the header links above lead there).
    for (const path of ['/account/login', '/account/register', '/cart', '/search?q=coat&type=product']) {
      const response = await page.goto(`/en${path}`);
      expect(response?.status(), path).toBe(200);
      expect(here(page), path).toBe(`/en${path}`);
      expect(await page.locator('main h1, main h2').count(), path).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('the language and currency forms post natively', async () => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pages/contacts');
    await page.selectOption('#footer-language', 'en');
    await page.locator('#footer-language-form button[type="submit"]').click();
    await page.waitForURL(/\/en\/pages\/contacts/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });
});

describe('language and currency choice', () => {
  it('shows the languages as ua and us, posts the platform fields, and remembers the choice', async () => {
    const { page, context, errors } = await openPage(browser(), '/pages/about-us', { viewport: PHONE });
    const options = await page
      .locator('#footer-language option')
      .evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, o.textContent?.trim()]));
    expect(options).toEqual([
      ['uk', 'ua'],
      ['en', 'us'],
    ]);
    const fields = await page.locator('#footer-language-form').evaluate((form) => Array.from(new FormData(form as HTMLFormElement).keys()));
    expect(fields).toEqual(expect.arrayContaining(['form_type', 'utf8', '_method', 'return_to', 'language_code']));
    expect(await page.getAttribute('#footer-language-form', 'action')).toBe('/localization');

    // A choice submits at once: the button is only for pages read without JavaScript.
    expect(await page.locator('#footer-language-form button[type="submit"]').isVisible()).toBe(false);
    await Promise.all([page.waitForURL(/\/en\/pages\/about-us/), page.selectOption('#footer-language', 'en')]);
    expect(await page.evaluate(() => localStorage.getItem('defaultLanguage'))).toBe('en');

    // Spec §2: the stored language wins over an unprefixed address.
    await gotoAndLand(page, '/pages/shipping-and-returns?x=1', '/en/pages/shipping-and-returns?x=1');
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // Switching back from the left menu stores Ukrainian again.
    await page.click('.site-header__menu-toggle');
    await Promise.all([page.waitForURL(`${baseUrl()}/pages/shipping-and-returns?x=1`), page.selectOption('#left-menu-language', 'uk')]);
    expect(await page.evaluate(() => localStorage.getItem('defaultLanguage'))).toBe('uk');
    await gotoAndLand(page, '/en/pages/contacts', '/pages/contacts');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the currency and clears the cached product lists once', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/', { viewport: DESKTOP });
    expect(await page.locator('.home-new-arrivals .product-card__price').first().innerText()).toContain('UAH');
    // A cached product list from before the change (its prices are in the old currency).
    await page.evaluate(() =>
      localStorage.setItem('api:/en/pages/api?view=api-products&page=1 UAH', JSON.stringify({ value: { items: [] }, expiry: Date.now() + 300_000 })),
    );
    const fields = await page.locator('#footer-currency-form').evaluate((form) => Array.from(new FormData(form as HTMLFormElement).keys()));
    // The localization form with the country whose market sells in dollars (the currency form is deprecated).
    expect(fields).toEqual(expect.arrayContaining(['form_type', 'utf8', '_method', 'return_to', 'country_code']));
    expect(await page.getAttribute('#footer-currency-form', 'action')).toBe('/en/localization');
    expect(
      await page.locator('#footer-currency option').evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, o.textContent?.trim()])),
    ).toEqual([
      ['UA', 'UAH ₴'],
      ['US', 'USD $'],
    ]);
    await Promise.all([page.waitForNavigation(), page.selectOption('#footer-currency', 'US')]);
    expect(await page.locator('.home-new-arrivals .product-card__price').first().innerText()).toContain('$');
    const left = await page.evaluate(() => ({
      flag: localStorage.getItem('isCurrencyChange'),
      cached: Object.keys(localStorage).filter((k) => k.startsWith('api:')),
    }));
    expect(left).toEqual({ flag: null, cached: [] });
    // Once: a later cache entry survives the next page.
    await page.evaluate(() => localStorage.setItem('api:/en/pages/api?view=api-menus USD', JSON.stringify({ value: {}, expiry: Date.now() + 300_000 })));
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('api:/en/pages/api?view=api-menus USD'))).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('newsletter', () => {
  it('subscribes an email with the newsletter tag and says so', async () => {
    const { page, context } = await openPage(browser(), '/en/pages/public-offer', { viewport: PHONE });
    expect(await page.locator('.newsletter').innerText()).toContain('10%');
    expect(await page.locator('.newsletter input[name="contact[tags]"]').getAttribute('value')).toBe('newsletter');
    await page.fill('#footer-newsletter-email', 'new.reader@example.com');
    await Promise.all([page.waitForNavigation(), page.locator('.newsletter button[type="submit"]').click()]);
    expect(await page.locator('.newsletter [role="status"]').innerText()).toMatch(/subscribed/i);
    await context.close();
  });
});
