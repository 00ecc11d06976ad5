import { describe, expect, it } from 'vitest';
import { keepsScrollPosition, pageKeepsItself, redirectTarget, searchRendersInPlace, unprefixedPath } from '../../islands/shell/routes';

const plain = { notFound: false, keepsItself: false };

describe('shell redirects (spec §2)', () => {
  const cases: [string, string, string][] = [
    ['/account/register', '', '?rightSidebar=signup'],
    ['/account/login', '', '?rightSidebar=login'],
    ['/cart', '', '?rightSidebar=cart'],
    ['/account/invalid_token', '', ''],
    ['/pages', '', 'pages/default'],
    ['/search', '?q=wool+coat&type=product&options%5Bprefix%5D=last', 'collections/all?q=wool+coat&type=product'],
    ['/search', '', 'collections/all'],
    // A shared filtered search keeps its filter, sort and panel; not the search page's page number.
    [
      '/search',
      '?q=coat&type=product&color=black&sort=price_low_to_high&rightSidebar=filters&page=2',
      'collections/all?q=coat&type=product&color=black&sort=price_low_to_high&rightSidebar=filters',
    ],
  ];
  for (const [path, search, rest] of cases) {
    it(`sends ${path}${search} to the root + "${rest}" in both languages`, () => {
      expect(redirectTarget(path, search, '/', plain)).toBe(`/${rest}`);
      expect(redirectTarget(`/en${path}`, search, '/en/', plain)).toBe(`/en/${rest}`);
    });
  }

  it('ignores a trailing slash', () => {
    expect(redirectTarget('/en/account/login/', '', '/en/', plain)).toBe('/en/?rightSidebar=login');
  });

  it("keeps a sign-in or sign-up page the theme renders while set to today's accounts (no loop through the component)", () => {
    expect(redirectTarget('/account/login', '', '/', { ...plain, hostedAccounts: true })).toBeNull();
    expect(redirectTarget('/en/account/register', '', '/en/', { ...plain, hostedAccounts: true })).toBeNull();
    expect(redirectTarget('/cart', '', '/', { ...plain, hostedAccounts: true })).toBe('/?rightSidebar=cart');
  });

  it('keeps the login, register and cart pages when they show a form outcome', () => {
    const keep = { notFound: false, keepsItself: true };
    expect(redirectTarget('/account/login', '', '/', keep)).toBeNull();
    expect(redirectTarget('/account/register', '', '/', keep)).toBeNull();
    expect(redirectTarget('/cart', '', '/', keep)).toBeNull();
    // /account is the platform's orders page: it stays.
    expect(redirectTarget('/account', '', '/', keep)).toBeNull();
    expect(redirectTarget('/account', '', '/', plain)).toBeNull();
  });

  it('sends /pages/story to our-story only where the shop answered 404', () => {
    expect(redirectTarget('/en/pages/story', '', '/en/', { notFound: true, keepsItself: false })).toBe('/en/pages/our-story');
    expect(redirectTarget('/en/pages/story', '', '/en/', plain)).toBeNull();
  });

  it('leaves every other page alone', () => {
    for (const path of [
      '/',
      '/en',
      '/collections/all',
      '/account/orders',
      '/account/logout',
      '/pages/about-us',
      '/products/wool-wrap-coat',
      '/cartoon',
      '/english',
    ]) {
      expect(redirectTarget(path, '?q=x', '/', plain)).toBeNull();
    }
  });

  it('strips only a whole /en segment', () => {
    expect(unprefixedPath('/en')).toBe('/');
    expect(unprefixedPath('/en/cart')).toBe('/cart');
    expect(unprefixedPath('/english/cart')).toBe('/english/cart');
  });
});

describe('a page that shows a form outcome', () => {
  it('is one whose main content holds the platform error list or a [data-form-result]', () => {
    document.body.innerHTML = '<main id="MainContent"><form><div class="errors"><ul><li>Incorrect email or password.</li></ul></div></form></main>';
    expect(pageKeepsItself(document)).toBe(true);
    document.body.innerHTML = '<main id="MainContent"><p data-form-result>We have sent you an email.</p></main>';
    expect(pageKeepsItself(document)).toBe(true);
    document.body.innerHTML =
      '<main id="MainContent"><form><p class="form-notice" role="status">If account a@b.co exist, an email will be send</p></form></main>';
    expect(pageKeepsItself(document)).toBe(true);
  });

  it('is not one with an empty live region or a status outside any form (a loading line)', () => {
    document.body.innerHTML = '<main id="MainContent"><form><div class="errors-box" role="alert"> </div></form><p role="status">Loading…</p></main>';
    expect(pageKeepsItself(document)).toBe(false);
  });

  it('is not one with a plain form, or with an outcome outside the main content (the footer)', () => {
    document.body.innerHTML = '<main id="MainContent"><form><input name="customer[email]"></form></main><footer><p data-form-result>Subscribed</p></footer>';
    expect(pageKeepsItself(document)).toBe(false);
  });
});

describe('scroll position after navigation', () => {
  it('is kept only on a product page whose query holds color or size', () => {
    expect(keepsScrollPosition('/products/wool-wrap-coat', '?color=black')).toBe(true);
    expect(keepsScrollPosition('/en/products/wool-wrap-coat', '?size=m')).toBe(true);
    expect(keepsScrollPosition('/collections/coats/products/wool-wrap-coat', '?color=black&size=s')).toBe(true);
    expect(keepsScrollPosition('/products/wool-wrap-coat', '')).toBe(false);
    expect(keepsScrollPosition('/products/wool-wrap-coat', '?variant=1')).toBe(false);
    expect(keepsScrollPosition('/collections/all', '?color=black')).toBe(false);
  });
});

describe('searchRendersInPlace (a search renders once)', () => {
  it('keeps the search page when it has drawn its first page of results', () => {
    expect(searchRendersInPlace('/search', '?q=coat&type=product', true)).toBe(true);
    expect(searchRendersInPlace('/en/search', '?q=coat&type=product&page=1', true)).toBe(true);
  });

  it('reloads for an empty search, a page without results, or a later page', () => {
    expect(searchRendersInPlace('/search', '?q=&type=product', true)).toBe(false);
    expect(searchRendersInPlace('/search', '?q=coat&type=product', false)).toBe(false);
    expect(searchRendersInPlace('/search', '?q=coat&type=product&page=2', true)).toBe(false);
    expect(searchRendersInPlace('/collections/all', '?q=coat&type=product', true)).toBe(false);
  });
});
