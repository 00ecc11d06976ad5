// Add to bag from the product page (the form and the look popups).
import type { AddItem, AddResult } from './cart';

/**
 * Adds one unit through the shared cart store (spec §7 POST /cart/add.js). The store and the
 * cart API client behind it load on the first add, not with the page: nothing before needs them.
 */
export async function addItem(productId: number, id: number, extras: Pick<AddItem, 'sellingPlan' | 'properties'> = {}): Promise<AddResult> {
  const { addToCart } = await import('./cart');
  return addToCart([{ productId, id, ...extras }]);
}
