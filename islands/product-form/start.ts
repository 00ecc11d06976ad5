import { mountIsland } from '../../shared/runtime/mount';
import { ProductForm, rememberEarlyChoice } from './ProductForm';
import { choiceBeforeMount } from './query';
import { takeSlots } from './slots';

export function start(): void {
  rememberEarlyChoice(choiceBeforeMount(document));
  takeSlots(document);
  mountIsland('product-form', ProductForm);
}
