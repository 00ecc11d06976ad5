// Island strings. The dictionaries (locales/en.json, locales/uk.json) are never imported into
// the bundle: the build embeds the page's language, with English merged under it, as
// <script type="application/json" id="island-strings">, and t() reads that once.
import rosetta from 'rosetta';
import { readJsonScript } from '../bootstrap';
import { language, type Language } from './language';

export { language, languageOf, type Language } from './language';

export type Dictionary = { [key: string]: string | Dictionary };
type Params = Record<string, string | number>;

const STRINGS_ID = 'island-strings';
const FALLBACK: Language = 'en';

const i18n = rosetta<Dictionary>();
let loaded = false;


function load(): void {
  if (loaded) return;
  loaded = true;
  if (typeof document === 'undefined') return;
  const el = document.getElementById(STRINGS_ID);
  if (!el) {
    console.error(`Missing #${STRINGS_ID}: island strings show their keys`);
    return;
  }
  const dict = readJsonScript(el, STRINGS_ID);
  if (typeof dict === 'object' && dict !== null) i18n.set(language(), dict as Dictionary);
}

/** Installs a dictionary (tests, and any page that hands strings over another way). */
export function setDictionary(lang: Language, dict: Dictionary): void {
  loaded = true;
  i18n.set(lang, dict);
}

function lookup(key: string, params: Params | undefined, lang: Language): string {
  const value = i18n.t(key, params, lang);
  if (typeof value === 'string' && value !== '') return value;
  if (lang !== FALLBACK) return lookup(key, params, FALLBACK);
  return '';
}

/**
 * The string for a dotted key ('cart.title'), with {{name}} placeholders filled from params.
 * A key missing in the language falls back to English, then to the key itself so that a gap
 * is visible rather than blank.
 */
export function t(key: string, params?: Params, lang: Language = language()): string {
  load();
  return lookup(key, params, lang) || key;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * A plural string: key holds { one, few, many, other } as the language needs (Ukrainian has
 * one/few/many, English one/other); {{count}} is filled in. Falls back to `other`.
 */
export function tn(key: string, count: number, params: Params = {}, lang: Language = language()): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  load();
  const all = { ...params, count };
  return lookup(`${key}.${rules.select(count)}`, all, lang) || lookup(`${key}.other`, all, lang) || key;
}

/** Tests only: forget every dictionary so the next t() reads the page again. */
export function resetI18n(): void {
  loaded = false;
  for (const lang of ['uk', 'en'] as const) {
    const table = i18n.table(lang);
    if (table) for (const k of Object.keys(table)) delete table[k];
  }
}
