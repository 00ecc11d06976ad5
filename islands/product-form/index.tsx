// Product form island (spec §4): colour and size, the variant and its price, add to bag.
import { mountIsland } from '../../shared/islands/mount';
import { ProductForm } from './ProductForm';

mountIsland('product-form', ProductForm);
