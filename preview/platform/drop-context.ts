// What every drop rests on: the request a render is for, and the values drops and the modules
// beside them (metafields, filtering) compute from the store alone. Apart from drops.ts so those
// modules need not import the drops, which use them.
import type { FixtureVariant, LocalizedString, Store } from '../store/types.js';
import { localize } from '../store/load-store.js';
import { platformFloat, type FloatNumber } from '../liquid/float-number.js';
import { FocalPointDrop } from './focal-point.js';

/** What every drop needs to know about the request it renders for. */
export interface DropContext {
  store: Store;
  language: string;
  currency: string;
  /** '' for the primary language, '/en' otherwise: prefixed onto every storefront URL. */
  localePrefix: string;
  /** all_products answers at most 20 unique handles a page, as on the platform. */
  allProductsSeen: Set<string>;
}

/** Loops over platform lists stop at 50 items unless paginated. */
export const UNPAGINATED_LIMIT = 50;
export const ALL_PRODUCTS_LIMIT = 20;
/** Collections that contain over 5,000 products don't display filters (the platform's docs). */
export const FILTERED_COLLECTION_LIMIT = 5000;

export function text(ctx: DropContext, value: LocalizedString | null | undefined): string {
  return value == null ? '' : localize(value, ctx.language, ctx.store.shop.primary_locale);
}

export function storefrontUrl(ctx: DropContext, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${ctx.localePrefix}${path}`;
}

export interface ImageObject {
  id: number | null;
  src: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  /** A float on the platform, also when whole: a division by it is never floored. */
  aspect_ratio: number | FloatNumber;
}

export function imageObject(
  ctx: DropContext,
  file: string,
  width: number,
  height: number,
  alt: LocalizedString | null,
  id: number | null = null,
  owner: { productId?: number; position?: number; focalPoint?: { x: number; y: number }; variants?: () => unknown[] } = {},
): ImageObject {
  const src = `/cdn/shop/files/${encodeURIComponent(file)}`;
  const image: ImageObject = { id, src, url: src, width, height, alt: text(ctx, alt), aspect_ratio: platformFloat(height ? width / height : 1) };
  // The image's other properties, kept out of `| json` (which prints the platform's short form).
  Object.defineProperties(image, {
    media_type: { value: 'image' },
    preview_image: { value: image },
    position: { value: owner.position ?? null },
    product_id: { value: owner.productId ?? null },
    // The variants that show this image (their featured media), found when asked.
    variants: { get: () => owner.variants?.() ?? [] },
    'attached_to_variant?': { get: () => (owner.variants?.() ?? []).length > 0 },
    presentation: { value: { focal_point: new FocalPointDrop(owner.focalPoint?.x, owner.focalPoint?.y) } },
  });
  return image;
}

export function priceIn(ctx: DropContext, price: Record<string, number> | null | undefined): number | null {
  if (!price) return null;
  return price[ctx.currency] ?? price[ctx.store.shop.currencies[0]?.iso_code ?? 'UAH'] ?? null;
}

export function variantAvailable(variant: FixtureVariant, policy?: string): boolean {
  return variant.inventory_quantity > 0 || (variant.inventory_policy ?? policy) === 'continue';
}
