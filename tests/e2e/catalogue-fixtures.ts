// What the catalogue screens should show, worked out from the fixture store on its own terms
// (Intl collation, plain number sorts), not with the theme's code, so a test can catch that code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { COLOUR_NAMES } from '../../shared/catalogue/colours';
import { press } from './browser';

type Localized = string | { uk: string; en: string };
type FixtureProduct = {
  id: number;
  handle: string;
  title: Localized;
  type: string;
  options: { name: Localized; values: string[] }[];
  variants: { price: Record<string, number> }[];
  gift_card?: boolean;
};
type FixtureCollection = { id: number; handle: string; title: Localized; products: string[]; metafields?: { custom?: { slogan?: Localized } } };

const dir = join(process.cwd(), 'preview', 'fixtures');
/** Every product of the store, the gift card too (the shop's search finds it). */
export const STORE_PRODUCTS: FixtureProduct[] = JSON.parse(readFileSync(join(dir, 'products.json'), 'utf8'));
/** The catalogue's products: every product but the gift card, which is in no collection. */
export const PRODUCTS: FixtureProduct[] = STORE_PRODUCTS.filter((p) => !p.gift_card);
export const COLLECTIONS: FixtureCollection[] = JSON.parse(readFileSync(join(dir, 'collections.json'), 'utf8'));

export type Lang = 'uk' | 'en';
export const text = (value: Localized | undefined, lang: Lang): string => (value === undefined ? '' : typeof value === 'string' ? value : value[lang]);

export function collection(handle: string): FixtureCollection {
  const found = COLLECTIONS.find((c) => c.handle === handle);
  if (!found) throw new Error(`no fixture collection ${handle}`);
  return found;
}

export function productsOf(handle: string): FixtureProduct[] {
  return collection(handle).products.map((h) => PRODUCTS.find((p) => p.handle === h)!);
}

/** The card price: the cheapest variant, in UAH (a new visitor's currency). */
export const price = (p: FixtureProduct): number => Math.min(...p.variants.map((v) => v.price['UAH']!));
export const name = (p: FixtureProduct, lang: Lang): string => text(p.title, lang);

// Ukrainian dictionaries ignore the apostrophe (в’язаний files under "вя").
const collators = { uk: new Intl.Collator('uk', { sensitivity: 'base', numeric: true }), en: new Intl.Collator('en', { sensitivity: 'base', numeric: true }) };
const stripped = (s: string) => s.replace(/['’ʼ]/g, '');

export function alphabetical(list: FixtureProduct[], lang: Lang): FixtureProduct[] {
  return [...list].sort((a, b) => collators[lang].compare(stripped(name(a, lang)), stripped(name(b, lang))));
}

/** Price order; equal prices keep the list's given (default) order. */
export function byPrice(list: FixtureProduct[], direction: 'asc' | 'desc'): FixtureProduct[] {
  return [...list].sort((a, b) => (direction === 'asc' ? price(a) - price(b) : price(b) - price(a)));
}

// The spec's 24 (tests/unit/shared-catalogue.test.ts pins the list to the spec).
// The spec's 24, and the colours the platform gives a swatch (the store's category colour
// entries, which its colour options are linked to): a colour either knows is its own, any other
// black (spec §3).
const COLOURS = new Set<string>([
  ...COLOUR_NAMES,
  ...(JSON.parse(readFileSync(join(dir, 'metaobjects.json'), 'utf8')) as Record<string, { handle: string }[]>)['shopify--color-pattern']!.map((m) => m.handle),
]);

/** One colour value as the shop shows it: an unknown one is black (spec §3). */
export const colourOf = (value: string): string => (COLOURS.has(value.toLowerCase()) ? value.toLowerCase() : 'black');

/** The product's colours as the shop shows them: an unknown one counts as black (spec §3). */
export function coloursOf(p: FixtureProduct): string[] {
  const option = p.options.find((o) => ['color', 'colour', 'колір'].includes(text(o.name, 'en').toLowerCase()));
  return (option?.values ?? []).map((v) => (COLOURS.has(v.toLowerCase()) ? v.toLowerCase() : 'black'));
}

export function sizesOf(p: FixtureProduct): string[] {
  const option = p.options.find((o) => ['size', 'розмір'].includes(text(o.name, 'en').toLowerCase()));
  return (option?.values ?? []).map((v) => v.toLowerCase());
}

export const names = (list: FixtureProduct[], lang: Lang): string[] => list.map((p) => name(p, lang));

// ---- reading the page ------------------------------------------------------------------

export const LIST = '[data-island="product-list"]';

export async function cardNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-catalogue-grid] .product-card__title', (els) => els.map((el) => (el.textContent ?? '').trim()));
}

export async function countText(page: Page): Promise<string> {
  return (await page.textContent('[data-catalogue-count]'))?.trim() ?? '';
}

/** The list island started (by the first input, as a shopper's scroll or touch would start it). */
export async function waitForList(page: Page): Promise<void> {
  const list = page.locator(LIST).first();
  await list.waitFor({ state: 'attached', timeout: 60_000 });
  if ((await list.getAttribute('data-island-mounted')) === null) await press(list);
  await page.waitForSelector(`${LIST}[data-island-mounted]`, { state: 'attached', timeout: 60_000 });
}

/**
 * Scrolls to the end of the list until it holds every card its count names and is no longer
 * waiting for the rest of the catalogue (aria-busy): the outcome, not a pause in arrivals.
 */
export async function scrollToEnd(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      window.scrollTo(0, document.body.scrollHeight);
      if (document.querySelector('[data-island="product-list"][aria-busy="true"]')) return false;
      const total = Number((document.querySelector('[data-catalogue-count]')?.textContent ?? '').replace(/\D/g, ''));
      return document.querySelectorAll('[data-catalogue-grid] > li').length === total;
    },
    undefined,
    { polling: 100, timeout: 60_000 },
  );
  return page.locator('[data-catalogue-grid] > li').count();
}
