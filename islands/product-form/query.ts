// The selection's place in the address (spec §4): ?color= and ?size= hold the shopper's choice,
// so a shared or reloaded link opens the same colour and size.
import { isColourOption } from '../../shared/catalogue/colours';
import { isSizeOption } from '../../shared/catalogue/sizes';
import type { Selection } from '../../shared/catalogue/variants';
import type { CatalogueProduct } from '../../shared/catalogue/product';

type QueryProduct = Pick<CatalogueProduct, 'productOptions' | 'variants' | 'currentVariant'>;

const value = (params: URLSearchParams, name: string): string | null => {
  const v = params.get(name);
  return v && v.trim() ? v : null;
};

/**
 * The colour and size the address asks for. Without either, a platform link to one variant
 * (?variant=ID, as the cart's line links are) asks for that variant's colour and size: spec §4,
 * "without a selection the current variant is used".
 */
export function readSelectionQuery(search: string, product: QueryProduct): { color: string | null; size: string | null } {
  const params = new URLSearchParams(search);
  const color = value(params, 'color');
  const size = value(params, 'size');
  if (color || size || !params.has('variant')) return { color, size };
  const current = product.variants.find((v) => v.id === product.currentVariant.id);
  if (!current) return { color, size };
  const at = (test: (name: string) => boolean) => {
    const index = product.productOptions.findIndex((o) => test(o.name));
    return index < 0 ? null : (current.options[index] ?? null);
  };
  return { color: at(isColourOption), size: at(isSizeOption) };
}

/**
 * The address with the selection written over its color and size (every other param kept). A
 * platform variant link's ?variant= follows the selection (`variantId`, or gone when no variant
 * has it): the platform draws the page on that variant, so a stale one drew another colour and
 * price on reload until the form started.
 */
export function selectionHref(href: string, selection: Selection, variantId: number | null = null): string {
  const url = new URL(href);
  for (const name of ['color', 'size'] as const) {
    const v = selection[name];
    if (v) url.searchParams.set(name, v);
    else url.searchParams.delete(name);
  }
  if (url.searchParams.has('variant')) {
    if (variantId !== null) url.searchParams.set('variant', String(variantId));
    else url.searchParams.delete('variant');
  }
  return url.href;
}

/** Spec §4: the choice goes to the query with replaceState, which neither scrolls nor adds history. */
export function writeSelectionQuery(selection: Selection, variantId: number | null = null): void {
  const next = selectionHref(window.location.href, selection, variantId);
  if (next !== window.location.href) window.history.replaceState(window.history.state, '', next);
}

/**
 * A colour or size the shopper chose on the server's radios before the island's code arrived
 * (it loads on idle or first touch): a radio whose state differs from how the server drew it.
 */
export function choiceBeforeMount(root: ParentNode): { color: string | null; size: string | null } {
  const changed = (name: string): string | null => {
    const radio = Array.from(root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)).find((r) => r.checked && !r.defaultChecked);
    return radio ? radio.value : null;
  };
  return { color: changed('color'), size: changed('size') };
}
