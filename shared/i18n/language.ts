// The page's language, apart from the dictionaries: code that only needs to know the
// language (the shell, the locale store) does not load rosetta.
import { bootstrap } from '../bootstrap';

export type Language = 'uk' | 'en';

/** 'uk' for a Ukrainian platform locale (uk, uk-UA), 'en' for anything else (the fallback). */
export function languageOf(isoCode: string): Language {
  return isoCode.toLowerCase().startsWith('uk') ? 'uk' : 'en';
}

/** The page's language, from the bootstrap's request locale. */
export function language(): Language {
  return languageOf(bootstrap().locale.requestLocale.isoCode);
}

/**
 * A storefront path without its English prefix (/en, not a handle that starts with "en"), with
 * no leading double slash, so that it can never become a protocol-relative address.
 */
export function withoutLanguagePrefix(pathname: string): string {
  return pathname.replace(/^\/en(?=\/|$)/, '').replace(/^\/{2,}/, '/') || '/';
}
