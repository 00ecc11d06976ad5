// Sorting product lists (spec §2, §4). Every order is stable, and 'featured' is the list as
// given (the collection's own order), so the caller keeps the original and sorts copies.
import type { Language } from '../i18n';

export const SORT_KEYS = ['featured', 'price_high_to_low', 'price_low_to_high', 'alphabetically'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);
}

type Sortable = { name: string; price: number };

// Alphabetical order by a sort key compared as plain strings, which is fast enough to sort 5,000
// names inside a frame (Intl.Collator is not), and right for Ukrainian where the code points
// are not: є, і, ї and ґ sit after я in Unicode, and the apostrophe (в’язаний) is not a letter,
// so it does not count (ДСТУ). The key: lower case; Cyrillic letters renumbered in alphabet
// order above Latin; Latin accents dropped; spaces, then punctuation, below every letter;
// digit runs padded so 'Dress 2' comes before 'Dress 10'.
const CYRILLIC_ORDER = 'абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюя';
const SPACE = '\u0001';
const PUNCTUATION = '\u0002';
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** What one character of a lower-cased name becomes in the key ('' = left out). */
function keyChar(ch: string): string {
  if ("'’ʼ`".includes(ch)) return '';
  const cyrillic = CYRILLIC_ORDER.indexOf(ch);
  if (cyrillic >= 0) return String.fromCharCode(0xe000 + cyrillic);
  if (/\s/.test(ch)) return SPACE;
  if (LETTER_OR_DIGIT.test(ch)) return ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return PUNCTUATION;
}

// Each character's key part, worked out once: names are long lists of the same few letters.
const CHAR_KEYS = new Map<number, string>();

function keyOf(name: string): string {
  const lower = name.toLowerCase();
  let key = '';
  let digitsFrom = -1;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : -1;
    if (code >= 48 && code <= 57) {
      if (digitsFrom < 0) digitsFrom = i;
      continue;
    }
    if (digitsFrom >= 0) {
      key += lower.slice(digitsFrom, i).padStart(12, '0');
      digitsFrom = -1;
    }
    if (code < 0) break;
    let part = CHAR_KEYS.get(code);
    if (part === undefined) {
      // A surrogate pair (an emoji, a rare letter) is looked at whole, not cached.
      const ch = String.fromCodePoint(lower.codePointAt(i)!);
      part = keyChar(ch);
      if (ch.length === 1) CHAR_KEYS.set(code, part);
      else i++;
    }
    key += part;
  }
  return key;
}

// Names repeat from sort to sort (a list is re-sorted on every change): keep their keys.
const keys = new Map<string, string>();
const KEY_CACHE_LIMIT = 50_000;

export function alphabeticalKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= KEY_CACHE_LIMIT) keys.clear();
    key = keyOf(name);
    keys.set(name, key);
  }
  return key;
}

/** A sorted copy; Array.prototype.sort is stable, so equal keys keep the given order. */
export function sortProducts<T extends Sortable>(products: readonly T[], key: SortKey, _lang: Language): T[] {
  const copy = products.slice();
  switch (key) {
    case 'price_high_to_low':
      return copy.sort((a, b) => b.price - a.price);
    case 'price_low_to_high':
      return copy.sort((a, b) => a.price - b.price);
    case 'alphabetically': {
      // Decorate, sort, undecorate: each key is built once, not once per comparison.
      const keyed = copy.map((item) => ({ item, key: alphabeticalKey(item.name) }));
      keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return keyed.map((k) => k.item);
    }
    case 'featured':
      return copy;
  }
}
