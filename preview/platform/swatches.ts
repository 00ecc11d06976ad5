// Swatches as the platform derives them (shopify.dev, Liquid objects: swatch, product_option_value,
// filter_value): an option value linked to a category metaobject entry (an option linked to the
// `shopify.color-pattern` metafield, whose entries are `shopify--color-pattern` metaobjects) has a
// swatch with the entry's `color` (a color object) and `image` (its pattern); either may be nil,
// and a value with neither, or one not linked, has no swatch (nil). A filter on such an option
// shows the same swatches for its values, and the entries' labels.
import type { FixtureMetaobject, FixtureProductOption, Store } from '../store/types.js';
import { linkedEntry } from '../store/load-media.js';
import { colorSetting, type ColorDrop } from '../liquid/colors.js';
import { imageObject, type DropContext, type ImageObject } from './drop-context.js';
import { imageSize } from '../store/image-size.js';
import { join } from 'node:path';

export interface SwatchObject {
  color: ColorDrop | null;
  image: ImageObject | null;
}

function swatchOf(ctx: DropContext, entry: FixtureMetaobject | null): SwatchObject | null {
  if (!entry) return null;
  const color = entry.fields.color ? colorSetting(entry.fields.color) : null;
  let image: ImageObject | null = null;
  if (entry.fields.image) {
    const size = imageSize(join(ctx.store.imagesDir, entry.fields.image)) ?? { width: 1, height: 1 };
    image = imageObject(ctx, entry.fields.image, size.width, size.height, entry.fields.label);
  }
  return color || image ? { color, image } : null;
}

/** product_option_value.swatch: from the entry the value is linked to, else nil. */
export function optionValueSwatch(ctx: DropContext, option: FixtureProductOption | undefined, value: string): SwatchObject | null {
  if (!option) return null;
  return swatchOf(ctx, linkedEntry(ctx.store.metaobjects, option.linked_metafield, value));
}

/**
 * The entry a filter's option value is linked to in the products that have that option (by its
 * name in any language), or null. Found once per store, option and value.
 */
const entriesByStore = new WeakMap<Store, Map<string, FixtureMetaobject | null>>();
export function filterValueEntry(store: Store, optionName: string, value: string): FixtureMetaobject | null {
  let entries = entriesByStore.get(store);
  if (!entries) {
    entries = new Map();
    entriesByStore.set(store, entries);
  }
  const key = `${optionName.toLowerCase()}\u241f${value}`;
  if (entries.has(key)) return entries.get(key)!;
  let found: FixtureMetaobject | null = null;
  for (const product of store.products) {
    const option = product.options.find(
      (o) =>
        o.linked_metafield &&
        o.values.includes(value) &&
        Object.values(typeof o.name === 'string' ? { x: o.name } : o.name).some((n) => n.toLowerCase() === optionName.toLowerCase()),
    );
    found = option ? linkedEntry(store.metaobjects, option.linked_metafield, value) : null;
    if (found) break;
  }
  entries.set(key, found);
  return found;
}

/** filter_value.swatch for a value of an option filter: the linked entry's swatch, or nil. */
export function filterValueSwatch(ctx: DropContext, optionName: string, value: string): SwatchObject | null {
  return swatchOf(ctx, filterValueEntry(ctx.store, optionName, value));
}
