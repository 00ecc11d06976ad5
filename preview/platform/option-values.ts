import type { FixtureProduct } from '../store/types.js';
import { optionValueId, variantAvailable } from './drops.js';

// A product page asked with `option_values=<id>,<id>` (product_option_value ids, as a variant
// picker or a combined listing sends them: Dawn fetches `/products/<handle>?section_id=…&option_values=…`)
// renders with those values selected: product.selected_variant is the variant that has them, or
// nil when none has (selected_or_first_available_variant too), and each product_option_value
// says `selected` for them.

/** A picker sends one id per option (3 at most); more than this is not read. */
const MAX_IDS = 10;

/**
 * The option values an `option_values` parameter names, one per option of the product, or null
 * when it names none of this product's values (ids of other products are ignored). An option it
 * leaves out takes its value from the first variant (an available one first) with the values given.
 */
export function requestedOptionValues(product: FixtureProduct, parameter: string | null): string[] | null {
  if (!parameter) return null;
  const wanted: (string | undefined)[] = product.options.map(() => undefined);
  let named = false;
  for (const text of parameter.split(',').slice(0, MAX_IDS)) {
    if (!/^\d{1,20}$/.test(text.trim())) continue;
    const id = Number(text.trim());
    product.options.forEach((option, optionIndex) => {
      option.values.forEach((value, valueIndex) => {
        if (optionValueId(product.id, optionIndex, valueIndex) === id) {
          wanted[optionIndex] = value;
          named = true;
        }
      });
    });
  }
  if (!named) return null;
  if (wanted.every((value) => value !== undefined)) return wanted as string[];
  const matches = product.variants.filter((v) => v.options.every((o, i) => wanted[i] === undefined || wanted[i] === o));
  const fill = matches.find((v) => variantAvailable(v, product.inventory_policy)) ?? matches[0];
  return product.options.map((option, i) => wanted[i] ?? fill?.options[i] ?? option.values[0] ?? '');
}
