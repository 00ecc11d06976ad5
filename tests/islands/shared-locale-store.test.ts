import { beforeEach, describe, expect, it, vi } from 'vitest';

// The statically imported store reads the bootstrap on import: give it one.
vi.hoisted(() => {
  document.head.innerHTML = '<script type="application/json" id="shop-bootstrap">{}</script>';
});
import { languageRedirectTarget } from '../../shared/stores/locale';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';

async function load(bootstrap: unknown) {
  setBootstrapScript(bootstrap);
  vi.resetModules();
  return {
    ...(await import('../../shared/stores/locale')),
    ...(await import('../../shared/stores/customer')),
  };
}

beforeEach(() => localStorage.clear());

describe('language and currency stores', () => {
  it('come from the bootstrap request locale and cart currency', async () => {
    const s = await load({ locale: { requestLocale: { isoCode: 'uk' }, cartCurrency: { isoCode: 'UAH' } } });
    expect(s.$language.get()).toBe('uk');
    expect(s.$currency.get()).toBe('UAH');
    const en = await load({ locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'USD' } } });
    expect(en.$language.get()).toBe('en');
    expect(en.$currency.get()).toBe('USD');
  });

  it('$customer is the bootstrap customer, null for a guest', async () => {
    expect((await load({ customer: { id: 9, firstName: 'Oksana', name: 'Oksana M' } })).$customer.get()?.firstName).toBe('Oksana');
    expect((await load({ customer: null })).$customer.get()).toBeNull();
  });
});

describe('languageRedirectTarget', () => {
  it.each([
    ['uk', 'en', '/collections/all', '/en/collections/all'],
    ['uk', 'en', '/', '/en/'],
    ['en', 'uk', '/en/products/coat', '/products/coat'],
    ['en', 'uk', '/en', '/'],
    ['en', 'uk', '/en/', '/'],
    ['uk', 'uk', '/products/coat', null],
    ['en', 'en', '/en/products/coat', null],
    ['uk', null, '/', null],
    ['uk', 'fr', '/', null],
    // Only the /en segment is a prefix, not a handle that starts with "en".
    ['en', 'uk', '/en/pages/en-route', '/pages/en-route'],
    // Never a protocol-relative address to another site.
    ['en', 'uk', '/en//evil.example', '/evil.example'],
    ['uk', 'en', '//evil.example', '/en/evil.example'],
  ] as const)('%s page, stored %s, %s → %s', (current, stored, path, target) => {
    expect(languageRedirectTarget(current, stored, path)).toBe(target);
  });

  it('does not double-prefix an English path', () => {
    expect(languageRedirectTarget('uk', 'en', '/en/collections/all')).toBe('/en/collections/all');
    expect(languageRedirectTarget('uk', 'en', '/entries')).toBe('/en/entries');
  });

  it('reads and writes the stored default language', async () => {
    const s = await load({});
    expect(s.storedDefaultLanguage()).toBeNull();
    s.setDefaultLanguage('uk');
    expect(localStorage.getItem('defaultLanguage')).toBe('uk');
    expect(s.storedDefaultLanguage()).toBe('uk');
    localStorage.setItem('defaultLanguage', 'klingon');
    expect(s.storedDefaultLanguage()).toBeNull();
  });
});

describe('currency change', () => {
  it('clears the cached API answers once after a currency change', async () => {
    const s = await load({});
    localStorage.setItem('api:/pages/api?view=api-products&page=1', JSON.stringify({ value: { items: [] }, expiry: Date.now() + 1e6 }));
    localStorage.setItem('wishlist', '[]');
    expect(s.consumeCurrencyChange()).toBe(false);
    expect(localStorage.getItem('api:/pages/api?view=api-products&page=1')).not.toBeNull();

    s.markCurrencyChange();
    expect(localStorage.getItem('isCurrencyChange')).toBe('true');
    expect(s.consumeCurrencyChange()).toBe(true);
    expect(localStorage.getItem('api:/pages/api?view=api-products&page=1')).toBeNull();
    expect(localStorage.getItem('isCurrencyChange')).toBeNull();
    expect(localStorage.getItem('wishlist')).toBe('[]');

    localStorage.setItem('api:/pages/api?view=api-products&page=1', '{}');
    expect(s.consumeCurrencyChange()).toBe(false);
    expect(localStorage.getItem('api:/pages/api?view=api-products&page=1')).toBe('{}');
  });
});
