// Catalogue products for tests, built from a few fields.
import type { CatalogueProduct } from '../../../shared/catalogue/product';
import type { ListProduct } from '../../../shared/catalogue/listing';

export function product(over: Partial<CatalogueProduct> & { id: number }): CatalogueProduct {
  return {
    name: `Product ${over.id}`,
    handle: `product-${over.id}`,
    url: `/products/product-${over.id}`,
    available: true,
    type: 'dresses',
    price: 100000,
    image: '',
    image2x: '',
    images: [],
    preorder: false,
    productOptions: [],
    collections: [],
    variants: [],
    currentVariant: { id: 0 },
    ...over,
  };
}

/** A coat in Black/Beige × S/M/L; Beige-L is the current variant; Black-S and Beige-M sold out. */
export function coat(): CatalogueProduct {
  const colours = ['Black', 'Beige'];
  const sizes = ['S', 'M', 'L'];
  const soldOut = new Set(['Black/S', 'Beige/M']);
  let id = 100;
  const variants = colours.flatMap((c) => sizes.map((s) => ({ id: ++id, available: !soldOut.has(`${c}/${s}`), options: [c, s] })));
  return product({
    id: 1,
    name: 'Wool coat',
    type: 'coats',
    productOptions: [
      { name: 'Колір', values: colours },
      { name: 'Size', values: sizes },
    ],
    variants,
    currentVariant: { id: 106 },
    collections: ['outerwear'],
  });
}

/** A product in the one list-product shape (the product without its detail), built from a few fields. */
export function listProduct(over: Partial<ListProduct> & { id: number }): ListProduct {
  const { images: _images, variants: _variants, currentVariant: _current, collections: _collections, ...base } = product({ id: over.id });
  return { ...base, collections: [], ...over };
}
