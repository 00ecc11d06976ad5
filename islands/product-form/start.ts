import { mountIsland } from '../../shared/islands/mount';
import { ProductForm, rememberEarlyChoice } from './ProductForm';
import { choiceBeforeMount } from './query';

export function start(): void {
  rememberEarlyChoice(choiceBeforeMount(document));
  mountIsland('product-form', ProductForm);
}
