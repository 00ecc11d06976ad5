// Upsells for the cart panel (spec §2, §7): GET {root}recommendations/products with
// section_id=main-product, product_id, limit and intent=related. The platform answers with the
// section's HTML; when the section renders for recommendations it prints the products as JSON in
// <script type="application/json" id="recommendations-json"> (theme/snippets/recommendations-json.liquid).
import { getText } from '../../../shared/api/client';
import { bootstrap } from '../../../shared/bootstrap';
import type { Cart } from '../../../shared/stores/cart';

export type Upsell = {
  id: number;
  title: string;
  handle: string;
  url: string;
  /** Minor units of the page's currency. */
  price: number;
  /** The price before a reduction (minor units), or null. */
  compareAtPrice: number | null;
  image: string | null;
  image2x: string | null;
  currentVariant: { id: number; options: string[] };
  available: boolean;
  /** Made to order (the product's preorder metafield): its button says so, as on its page. */
  preorder: boolean;
};

const SECTION_ID = 'main-product';
const SCRIPT_ID = 'recommendations-json';

/** Spec §7: one upsell when the bag has two or more lines, otherwise three. */
export function recommendationLimit(cart: Cart): number {
  return cart.items.length >= 2 ? 1 : 3;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function toUpsell(raw: unknown): Upsell | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const variant = (typeof p['currentVariant'] === 'object' && p['currentVariant'] !== null ? p['currentVariant'] : {}) as Record<string, unknown>;
  if (typeof p['id'] !== 'number' || typeof variant['id'] !== 'number') return null;
  return {
    id: p['id'],
    title: str(p['title']) || str(p['name']),
    handle: str(p['handle']),
    url: str(p['url']),
    price: typeof p['price'] === 'number' ? p['price'] : 0,
    compareAtPrice: typeof p['compareAtPrice'] === 'number' ? p['compareAtPrice'] : null,
    image: strOrNull(p['image']),
    image2x: strOrNull(p['image2x']),
    currentVariant: { id: variant['id'], options: Array.isArray(variant['options']) ? variant['options'].map(String) : [] },
    available: p['available'] !== false,
    // The theme's boolean (snippets/product-preorder.liquid); anything else is not a pre-order.
    preorder: p['preorder'] === true,
  };
}

/** The products in the section HTML's JSON block; a missing or malformed block is none. */
export function parseRecommendations(html: string): Upsell[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const script = doc.getElementById(SCRIPT_ID);
  if (!script) return [];
  try {
    const data = JSON.parse(script.textContent || '') as { products?: unknown };
    return Array.isArray(data.products) ? data.products.map(toUpsell).filter((p): p is Upsell => p !== null) : [];
  } catch (error) {
    console.error('Malformed recommendations JSON', error);
    return [];
  }
}

/**
 * Upsells for the bag: related to its first line shown (or, when the bag is empty, to the shop's
 * first product, which the page's bootstrap names: no catalogue is downloaded for it), leaving out
 * what is already in the bag and what cannot be bought.
 */
export async function loadUpsells(cart: Cart, firstProductId: number | null): Promise<Upsell[]> {
  const productId = firstProductId ?? bootstrap().firstProductId;
  if (productId === null) return [];
  const html = await getText('recommendations', {
    params: { section_id: SECTION_ID, product_id: productId, limit: recommendationLimit(cart), intent: 'related' },
  });
  if (!html) return [];
  const inCart = new Set(cart.items.map((item) => item.product_id));
  return parseRecommendations(html).filter((p) => p.available && !inCart.has(p.id));
}
