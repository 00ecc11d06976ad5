// The bag count (count.ts): the server printed it, and only the shopper's input or a bag changed
// in another tab (the cart store's BroadcastChannel) can change it, so the cart store loads then.
import { island } from '../../shared/islands/schedule';

island('cart-count', () => import('./count'), { page: true, message: 'cart' });
