// A product for the product form's tests: two colours and two sizes, one combination sold out,
// and prices that differ per variant (the fixture store's do not), so the price visibly follows.
import type { FormProduct } from '../../../islands/product-form/ProductForm';

export const DRESS: FormProduct = {
  id: 7,
  handle: 'dress',
  name: 'Dress',
  preorder: false,
  productOptions: [
    { name: 'Color', values: ['red', 'Light green'] },
    { name: 'Size', values: ['S', 'M'] },
  ],
  variants: [
    { id: 71, available: true, options: ['red', 'S'], price: '1 000 UAH' },
    { id: 72, available: true, options: ['red', 'M'], price: '1 200 UAH' },
    { id: 73, available: false, options: ['Light green', 'S'], price: '1 300 UAH' },
    { id: 74, available: true, options: ['Light green', 'M'], price: '1 400 UAH' },
  ],
  currentVariant: { id: 71 },
};
