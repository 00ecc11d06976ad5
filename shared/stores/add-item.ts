// Add to bag from the product page (the form and the look popups).
import type { AddItem, AddResult } from './cart';

type CartStore = typeof import('./cart');
let store: Promise<CartStore> | null = null;
let loaded: CartStore | null = null;

/**
 * Loads the cart store and the cart API client behind it: on the first add, or before it when an
 * island expects one (the product form, once started). Nothing before needs them.
 */
export function prepareAddItem(): Promise<CartStore> {
  store ??= import('./cart').then((module) => (loaded = module));
  return store;
}

/**
 * Adds one unit through the shared cart store (spec §7 POST /cart/add.js). With the store here,
 * the request leaves in the tap's own task: an import, even of a module already loaded, waits a
 * turn, which on a slow phone's busy main thread is one the request need not wait for.
 */
export async function addItem(productId: number, id: number, extras: Pick<AddItem, 'sellingPlan' | 'properties'> = {}): Promise<AddResult> {
  const cart = loaded ?? (await prepareAddItem());
  return cart.addToCart([{ productId, id, ...extras }]);
}
