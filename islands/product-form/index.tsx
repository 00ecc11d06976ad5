// The product form (start.ts): a native form until first touched (a submit meanwhile is held, a
// colour or size chosen meanwhile is kept), or at once when the bag is asked for in the address.
import { island } from '../../shared/islands/schedule';

island('product-form', () => import('./start'), { interaction: true, takesSubmit: true });
