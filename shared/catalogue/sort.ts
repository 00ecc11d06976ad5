// Sorting product lists (spec §2, §4). Every order is stable, and 'featured' is the list as
// given (the collection's own order), so the caller keeps the original and sorts copies.
import type { Language } from '../i18n';

export const SORT_KEYS = ['featured', 'price_high_to_low', 'price_low_to_high', 'alphabetically'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);
}

type Sortable = { name: string; price: number };

const collators = new Map<Language, Intl.Collator>();
function collator(lang: Language): Intl.Collator {
  let c = collators.get(lang);
  // Ukrainian order (є, і, ї, ґ in place) for uk; numeric so 'Dress 2' comes before 'Dress 10'.
  if (!c) collators.set(lang, (c = new Intl.Collator(lang, { sensitivity: 'base', numeric: true })));
  return c;
}

/** A sorted copy; Array.prototype.sort is stable, so equal keys keep the given order. */
export function sortProducts<T extends Sortable>(products: readonly T[], key: SortKey, lang: Language): T[] {
  const copy = products.slice();
  switch (key) {
    case 'price_high_to_low':
      return copy.sort((a, b) => b.price - a.price);
    case 'price_low_to_high':
      return copy.sort((a, b) => a.price - b.price);
    case 'alphabetically': {
      const c = collator(lang);
      return copy.sort((a, b) => c.compare(a.name, b.name));
    }
    case 'featured':
      return copy;
  }
}
