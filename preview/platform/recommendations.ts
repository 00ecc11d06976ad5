import type { FixtureProduct, Store } from '../store/types.js';
import { ProductDrop, variantAvailable, type DropContext } from './drops.js';

// Product recommendations [REC]: /recommendations/products?product_id=&limit=&intent= renders a
// section with the `recommendations` object; the .json form answers {intent, products}.

export const INTENTS = ['related', 'complementary'] as const;
export type Intent = (typeof INTENTS)[number];
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 10;

export interface RecommendationsObject {
  performed: boolean;
  'performed?': boolean;
  products: ProductDrop[];
  products_count: number;
  intent: string;
}

/** What `recommendations` is outside the recommendations endpoint: nothing performed. */
export function emptyRecommendations(): RecommendationsObject {
  return { performed: false, 'performed?': false, products: [], products_count: 0, intent: 'related' };
}

export function recommendationsObject(ctx: DropContext, products: FixtureProduct[], intent: Intent): RecommendationsObject {
  const drops = products.map((p) => new ProductDrop(ctx, p));
  return { performed: true, 'performed?': true, products: drops, products_count: drops.length, intent };
}

// Collections every product is in say nothing about relatedness.
const GENERIC_COLLECTIONS = /^(all|frontpage.*|new-arrivals|sale|bestsellers)$/;

/** Where the Search & Discovery app keeps a product's complementary products (list.product_reference). */
export const COMPLEMENTARY_NAMESPACE = 'shopify--discovery--product_recommendation';

/**
 * Complementary products are the merchant's own choice (Search & Discovery → Product
 * recommendations), stored in the product's `complementary_products` metafield, in the merchant's
 * order. The platform leaves out a product it could not sell now: one with no stock (selling on
 * when out of stock is not enough here, unlike related products), priced 0, a gift card, or one
 * already in the visitor's cart. A product with none configured answers none.
 */
function complementaryProducts(store: Store, product: FixtureProduct, limit: number, inCart: ReadonlySet<number>): FixtureProduct[] {
  const handles = product.metafields[COMPLEMENTARY_NAMESPACE]?.complementary_products ?? [];
  return handles
    .map((handle) => store.productsByHandle.get(handle))
    .filter((candidate): candidate is FixtureProduct => {
      if (!candidate || candidate.id === product.id || candidate.gift_card || inCart.has(candidate.id)) return false;
      return candidate.variants.some((v) => v.inventory_quantity > 0 && Object.values(v.price).every((amount) => amount > 0));
    })
    .slice(0, limit);
}

/**
 * Related products, deterministic: the same type counts most, then each shared collection; only
 * available products, never the product itself; ties keep the store's order. Complementary
 * products: complementaryProducts above. `inCart` holds the ids of the products in the visitor's
 * cart (complementary recommendations leave them out).
 */
export function recommendedProducts(
  store: Store,
  product: FixtureProduct,
  intent: Intent,
  limit: number,
  inCart: ReadonlySet<number> = new Set(),
): FixtureProduct[] {
  if (intent === 'complementary') return complementaryProducts(store, product, limit, inCart);
  const own = new Set((store.collectionsByProductHandle.get(product.handle) ?? []).filter((c) => !GENERIC_COLLECTIONS.test(c.handle)).map((c) => c.handle));
  return store.products
    .map((candidate, index) => {
      if (candidate.id === product.id) return null;
      if (!candidate.variants.some((v) => variantAvailable(v, candidate.inventory_policy))) return null;
      const shared = (store.collectionsByProductHandle.get(candidate.handle) ?? []).filter((c) => own.has(c.handle)).length;
      const score = (candidate.type === product.type ? 3 : 0) + shared;
      return score > 0 ? { candidate, score, index } : null;
    })
    .filter((x): x is { candidate: FixtureProduct; score: number; index: number } => !!x)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((x) => x.candidate);
}
