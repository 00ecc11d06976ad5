// The bag count (count.ts): the server printed it, and only an input of the shopper's (or a bag
// changed in another tab, met when this one comes back) can change it, so the cart store loads then.
import { island } from '../../shared/islands/schedule';

island('cart-count', () => import('./count'), { page: true });
