import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, readIslandProps, resetBootstrap } from '../../shared/bootstrap';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';

const full = {
  locale: {
    locales: [{ isoCode: 'uk' }, { isoCode: 'en' }],
    requestLocale: { isoCode: 'en' },
    currencies: [
      { isoCode: 'UAH', symbol: '₴' },
      { isoCode: 'USD', symbol: '$' },
    ],
    cartCurrency: { isoCode: 'USD' },
  },
  customer: { id: 7, firstName: 'Olena', name: 'Olena K' },
  accounts: 'current',
  accountLoginUrl: '/en/account/login',
  cartItemCount: 3,
  firstProductId: 8000000001,
  rootUrl: '/en/',
  designMode: false,
  settings: { zoomEnabled: true, contactManagerUrl: 'https://t.me/x', supportEmail: 'help@shop.ua', socialUrl: 'https://ig', socialHandle: '@shop' },
};

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetBootstrap();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('bootstrap', () => {
  it('reads the page JSON', () => {
    setBootstrapScript(full);
    expect(bootstrap()).toEqual(full);
  });

  it('reads the account mode: legacy unless the page says current, and a same-site sign-in URL', () => {
    setBootstrapScript({ ...full, accounts: 'classic', accountLoginUrl: '//evil.example/login' });
    expect([bootstrap().accounts, bootstrap().accountLoginUrl]).toEqual(['legacy', '/account/login']);
  });

  it('reads design mode (the theme editor) only when the page says true', () => {
    setBootstrapScript({ ...full, designMode: true });
    expect(bootstrap().designMode).toBe(true);
    resetBootstrap();
    setBootstrapScript({ ...full, designMode: 'true' });
    expect(bootstrap().designMode).toBe(false);
  });

  it('reads the DOM once (memoised)', () => {
    setBootstrapScript(full);
    const first = bootstrap();
    setBootstrapScript({ ...full, cartItemCount: 99 });
    expect(bootstrap()).toBe(first);
    expect(bootstrap().cartItemCount).toBe(3);
  });

  it('logs and answers guest defaults when the JSON is malformed', () => {
    setBootstrapScript('{"locale": ');
    const b = bootstrap();
    expect(errors).toHaveBeenCalled();
    expect(b.customer).toBeNull();
    expect(b.rootUrl).toBe('/');
    expect(b.cartItemCount).toBe(0);
    expect(b.settings.zoomEnabled).toBe(false);
    expect(b.locale.requestLocale.isoCode).toBe('en');
  });

  it('logs and answers defaults when the script is missing', () => {
    expect(bootstrap().rootUrl).toBe('/');
    expect(errors).toHaveBeenCalled();
  });

  it('keeps the good parts of partly wrong data', () => {
    setBootstrapScript({ ...full, customer: 'nil', cartItemCount: '3', rootUrl: '/en', settings: { zoomEnabled: 'true' } });
    const b = bootstrap();
    expect(b.customer).toBeNull();
    expect(b.cartItemCount).toBe(0);
    expect(b.rootUrl).toBe('/en/');
    // ZOOM_ENABLED only when it equals true (spec §4), not the string.
    expect(b.settings.zoomEnabled).toBe(false);
    expect(b.locale.cartCurrency.isoCode).toBe('USD');
  });
});

describe('readIslandProps', () => {
  function island(inner: string): Element {
    document.body.innerHTML = `<div data-island="x">${inner}<p>server markup</p></div>`;
    return document.querySelector('[data-island]')!;
  }

  it('reads the props script of the mount node', () => {
    const el = island('<script type="application/json" data-island-props>{"handle":"coat","n":2}</script>');
    expect(readIslandProps<{ handle: string; n: number }>(el)).toEqual({ handle: 'coat', n: 2 });
  });

  it('answers null and logs for malformed props', () => {
    const el = island('<script type="application/json" data-island-props>{handle:</script>');
    expect(readIslandProps(el)).toBeNull();
    expect(errors).toHaveBeenCalled();
  });

  it("answers null without props, and ignores a nested island's props", () => {
    const el = island('<div data-island="y"><script type="application/json" data-island-props>{"inner":1}</script></div>');
    expect(readIslandProps(el)).toBeNull();
  });
});
