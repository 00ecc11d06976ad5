// Colour and size selection on the product page (spec §4).
import type { Language } from '../i18n';
import { colourFor, colourName, isColourOption, learnSwatches, type Colour } from './colours';
import { isSizeOption, sizeValue, toSize, type Size } from './sizes';
import type { CatalogueProduct, ProductVariant } from './product';

type Kind = 'color' | 'size';

const norm = (s: string) => s.trim().toLowerCase();

/** Case-insensitive, and for colours any spelling of the same colour (value or label). */
function same(kind: Kind, a: string, b: string): boolean {
  if (norm(a) === norm(b)) return true;
  if (kind !== 'color') return false;
  const name = colourName(a);
  return name !== null && name === colourName(b);
}

function optionValues(product: CatalogueProduct, kind: Kind): string[] {
  const test = kind === 'color' ? isColourOption : isSizeOption;
  return product.productOptions.find((o) => test(o.name))?.values ?? [];
}

export const colourValues = (product: CatalogueProduct): string[] => optionValues(product, 'color');
export const sizeValues = (product: CatalogueProduct): string[] => optionValues(product, 'size');

function includes(variant: ProductVariant, kind: Kind, want: string): boolean {
  return variant.options.some((o) => same(kind, o, want));
}

/** The variant the product page opened with (spec: currentVariant), else the first. */
export function currentVariant(product: CatalogueProduct): ProductVariant | null {
  return product.variants.find((v) => v.id === product.currentVariant.id) ?? product.variants[0] ?? null;
}

/**
 * Spec §4: the variant whose options include both the colour and the size (a dimension the
 * product does not have is not required). Without a selection: the current variant.
 * null when no variant has that combination.
 */
export function findVariant(product: CatalogueProduct, color?: string | null, size?: string | null): ProductVariant | null {
  const wants: [Kind, string][] = [];
  if (color && colourValues(product).length) wants.push(['color', color]);
  if (size && sizeValues(product).length) wants.push(['size', size]);
  if (!wants.length) return currentVariant(product);
  return product.variants.find((v) => wants.every(([kind, want]) => includes(v, kind, want))) ?? null;
}

function isAvailable(product: CatalogueProduct, color: string | null, size: string | null): boolean {
  return product.variants.some((v) => v.available && (!color || includes(v, 'color', color)) && (!size || includes(v, 'size', size)));
}

export type Selection = { color: string | null; size: string | null };

/**
 * Spec §4: the query's colour and size when the product has them, otherwise the first
 * available colour, then the first size available in that colour (falling back to the first
 * listed when nothing is available). Values are returned as the product spells them; sizes
 * lower-cased.
 */
export function defaultSelection(product: CatalogueProduct, query: { color?: string | null; size?: string | null } = {}): Selection {
  const colours = colourValues(product);
  const sizes = sizeValues(product);
  const fromQuery = (kind: Kind, list: string[], want?: string | null) => (want ? (list.find((v) => same(kind, v, want)) ?? null) : null);

  const color = fromQuery('color', colours, query.color) ?? colours.find((c) => isAvailable(product, c, null)) ?? colours[0] ?? null;
  const size =
    fromQuery('size', sizes, query.size) ??
    sizes.find((s) => isAvailable(product, color, s)) ??
    sizes.find((s) => isAvailable(product, null, s)) ??
    sizes[0] ??
    null;
  return { color, size: size === null ? null : sizeValue(size) };
}

/**
 * Whether the query's colour and size (where given) are ones the product offers, matched as
 * defaultSelection matches them. A size or colour the product has no option for is not offered.
 */
export function queryNamesOffered(product: CatalogueProduct, query: { color?: string | null; size?: string | null }): boolean {
  const offered = (kind: Kind, list: string[], want?: string | null) => !want || list.some((v) => same(kind, v, want));
  return offered('color', colourValues(product), query.color) && offered('size', sizeValues(product), query.size);
}

/** The product's colours, each available when some variant in it (and in size, if given) is. */
export function availableColors(product: CatalogueProduct, lang: Language, size?: string | null): (Colour & { available: boolean })[] {
  learnSwatches(product.productOptions);
  return colourValues(product).map((value) => ({
    ...colourFor(value, lang),
    available: isAvailable(product, value, size ?? null),
  }));
}

/** The product's sizes, each available when some variant in it (and in colour, if given) is. */
export function availableSizes(product: CatalogueProduct, color?: string | null): (Size & { available: boolean })[] {
  return sizeValues(product).map((raw) => ({ ...toSize(raw), available: isAvailable(product, color ?? null, raw) }));
}
