// The platform's own `all` collection, every product of the shop, for a shop that has not made a
// collection with that handle itself. Its own module: globals, settings and predictive search use it.
import type { FixtureCollection, Store } from '../store/types.js';

/** `collections.all` exists on every shop: every product, in the store's order. */
export function allProductsCollection(store: Store): FixtureCollection {
  return {
    id: 1,
    handle: 'all',
    title: { uk: 'Усі товари', en: 'All products' },
    description: '',
    template_suffix: null,
    image: null,
    sort_order: 'manual',
    products: store.products.map((p) => p.handle),
    metafields: { custom: { slogan: '', background: null, looks: [] } },
  };
}
