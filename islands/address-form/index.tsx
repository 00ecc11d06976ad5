// The address form's region list (provinces.ts) follows its country: it loads as the form nears
// the viewport. Without it the region is a text field and the form posts as it is.
import { island } from '../../shared/runtime/schedule';

island('address-form', () => import('./provinces'), { visible: true });
