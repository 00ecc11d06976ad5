// A product as the catalogue islands see it (spec §3 Product), from the theme's JSON.

import type { Swatch } from './colours';

/**
 * An option and its values; `swatches` holds the platform's swatch of each value that has one
 * (product_option_value.swatch: a colour option linked to the category's colours).
 */
export type ProductOption = { name: string; values: string[]; swatches?: Record<string, Swatch> };
export type ProductVariant = { id: number; available: boolean; /** In productOptions order. */ options: string[] };

export type CatalogueProduct = {
  id: number;
  name: string;
  handle: string;
  url: string;
  available: boolean;
  type: string;
  /** Minor units; formatPrice divides by 100. */
  price: number;
  /** The price before a reduction (minor units), when the shop gives one. */
  compareAtPrice?: number | null;
  /** Empty for a product without images (a card then shows the 1×1 placeholder). */
  image: string;
  /** The second image's 500 px address, when the theme shows it on a card's hover. */
  hoverImage?: string;
  image2x: string;
  images: { id: number; src: string; src2x: string }[];
  /** The theme's answer (snippets/product-preorder.liquid reads the metafield). */
  preorder: boolean;
  productOptions: ProductOption[];
  /** The handles of the product's collections. */
  collections: string[];
  variants: ProductVariant[];
  currentVariant: { id: number };
  /** Materials, HTML (sanitise before showing). */
  content?: string;
  info?: string;
};
