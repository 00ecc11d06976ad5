// Language and currency of the page, the stored default language (spec §2) and the
// currency-change flag (spec §4).
import { atom } from 'nanostores';
import { bootstrap } from '../bootstrap';
import { language, withoutLanguagePrefix, type Language } from '../bootstrap';
import { clearCachedAnswers } from '../api/cache-keys';
import { readStorage, removeStorage, writeStorage } from '../storage';

export const $language = atom<Language>(language());
/** The cart's currency ISO code (UAH, USD). */
export const $currency = atom<string>(bootstrap().locale.cartCurrency.isoCode);

const DEFAULT_LANGUAGE_KEY = 'defaultLanguage';
const CURRENCY_CHANGE_KEY = 'isCurrencyChange';

/** The language the shopper chose last, if any. */
export function storedDefaultLanguage(): Language | null {
  const v = readStorage(DEFAULT_LANGUAGE_KEY);
  return v === 'uk' || v === 'en' ? v : null;
}

/** Call before switching language, or the redirect below sends the shopper back. */
export function setDefaultLanguage(lang: Language): void {
  writeStorage(DEFAULT_LANGUAGE_KEY, lang);
}

/**
 * Spec §2: when a stored default language differs from the page's, where to go: the
 * English-prefixed path (/en/…) for en, the unprefixed path for uk. null = stay.
 */
export function languageRedirectTarget(currentLang: Language, storedLang: string | null, pathname: string): string | null {
  if ((storedLang !== 'uk' && storedLang !== 'en') || storedLang === currentLang) return null;
  const unprefixed = withoutLanguagePrefix(pathname);
  if (storedLang === 'en') return unprefixed === '/' ? '/en/' : `/en${unprefixed}`;
  return unprefixed;
}

/** Applies languageRedirectTarget to the current page (query and hash kept). True if leaving. */
export function redirectToStoredLanguage(): boolean {
  const target = languageRedirectTarget($language.get(), storedDefaultLanguage(), window.location.pathname);
  if (target === null) return false;
  window.location.replace(target + window.location.search + window.location.hash);
  return true;
}

/** Call before posting the currency form: the next page clears the product-list cache. */
export function markCurrencyChange(): void {
  writeStorage(CURRENCY_CHANGE_KEY, 'true');
}

/**
 * After a currency change, once: removes the flag and clears the cached API answers, whose
 * prices are in the old currency. True when it cleared.
 */
export function consumeCurrencyChange(): boolean {
  if (readStorage(CURRENCY_CHANGE_KEY) !== 'true') return false;
  removeStorage(CURRENCY_CHANGE_KEY);
  clearCachedAnswers();
  return true;
}
