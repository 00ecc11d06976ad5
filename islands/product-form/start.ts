import { mountIsland } from '../../shared/islands/mount';
import { ProductForm } from './ProductForm';

export function start(): void {
  mountIsland('product-form', ProductForm);
}
