import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { language, resetI18n, setDictionary, t, tn, type Dictionary } from '../../shared/i18n';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const root = join(__dirname, '../..');
const en = await islandStrings('en');
const uk = await islandStrings('uk');

function flatten(dict: Dictionary, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(dict)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

function page(lang: string, strings?: string): void {
  setBootstrapScript({ locale: { requestLocale: { isoCode: lang } } });
  setBootstrapScript(strings ?? '{}', 'island-strings');
  resetBootstrap();
  resetI18n();
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('t', () => {
  it('reads the page dictionary from #island-strings, in the bootstrap language', () => {
    page('uk', JSON.stringify({ cart: { title: 'Кошик' }, forgot_password: { confirmation: 'Лист на {{email}}' } }));
    expect(language()).toBe('uk');
    expect(t('cart.title')).toBe('Кошик');
    expect(t('forgot_password.confirmation', { email: 'a@b.ua' })).toBe('Лист на a@b.ua');
  });

  it('falls back to English for a key missing in Ukrainian, then to the key', () => {
    page('uk');
    setDictionary('en', { cart: { title: 'Bag', empty: 'Your bag is empty' } });
    setDictionary('uk', { cart: { title: 'Кошик' } });
    expect(t('cart.title')).toBe('Кошик');
    expect(t('cart.empty')).toBe('Your bag is empty');
    expect(t('cart.nothing_here')).toBe('cart.nothing_here');
  });

  it('shows keys, and logs, when the page strings are malformed', () => {
    page('en', '{"cart": ');
    expect(t('cart.title')).toBe('cart.title');
    expect(errors).toHaveBeenCalled();
  });

  it('uses English for any language other than Ukrainian', () => {
    page('de');
    expect(language()).toBe('en');
  });
});

describe('tn (plurals)', () => {
  it('picks Ukrainian one/few/many forms', () => {
    page('uk');
    setDictionary('uk', uk);
    expect(tn('product_list.count', 1)).toBe('1 товар');
    expect(tn('product_list.count', 3)).toBe('3 товари');
    expect(tn('product_list.count', 5)).toBe('5 товарів');
    expect(tn('product_list.count', 21)).toBe('21 товар');
  });

  it('picks English one/other forms', () => {
    page('en');
    setDictionary('en', en);
    expect(tn('product_list.count', 1)).toBe('1 item');
    expect(tn('product_list.count', 0)).toBe('0 items');
  });
});

describe('dictionaries', () => {
  const enKeys = flatten(en);
  const ukKeys = flatten(uk);
  const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
  // Plural forms differ by language (uk has few/many), so they are compared by their base key.
  const base = (k: string) => k.replace(/\.(one|few|many|other)$/, '');

  it('hold the same keys in both languages', () => {
    expect([...new Set([...ukKeys.keys()].map(base))].sort()).toEqual([...new Set([...enKeys.keys()].map(base))].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of enKeys) {
      const other = ukKeys.get(key) ?? ukKeys.get(`${base(key)}.other`);
      expect(placeholders(other ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('are translated, not copied', () => {
    // English has no few/many plural forms: the platform hands an English page the default
    // language's, which English plural rules never pick.
    const same = [...enKeys].filter(([k, v]) => !/\.(few|many)$/.test(k) && ukKeys.get(k) === v && !/^[{}\d\s/%.–-]*$/.test(v.replace(/\{\{\w+\}\}/g, '')));
    expect(same.map(([k]) => k)).toEqual([]);
  });

  it('carry the spec texts', () => {
    expect(enKeys.get('errors.too_many_requests')).toBe('Too many requests, please try again later');
    expect(enKeys.get('signup.validation_message')).toBe('Passwords must match.');
    expect(enKeys.get('new_password.mismatch')).toBe('Passwords must match and correspond to the specified validation criteria.');
    expect(enKeys.get('new_password.success')).toBe('The new password has been set!');
    expect(enKeys.get('forgot_password.confirmation')).toBe('If account {{email}} exist, an email will be send with further instructions');
    expect(enKeys.get('orders.empty')).toBe('You have no orders yet');
    expect(enKeys.get('orders.shipping_default')).toBe('Standard delivery');
    expect(enKeys.get('payment_status.unpaid')).toBe('Waiting for payment');
    for (const status of ['authorized', 'expired', 'paid', 'partially_paid', 'partially_refunded', 'pending', 'refunded', 'unpaid', 'voided']) {
      expect(ukKeys.get(`payment_status.${status}`), status).toBeTruthy();
    }
    for (const m of ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']) {
      expect(ukKeys.get(`date.months_short.${m}`), m).toBeTruthy();
    }
  });
});

describe('bundle size rule', () => {
  it('no shared module imports a dictionary', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name)) files.push(path);
      }
    };
    walk(join(root, 'shared'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from\s+['"][^'"]*locales\/|import\(\s*['"][^'"]*\.json/);
    }
  });
});
