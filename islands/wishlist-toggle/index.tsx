// Wishlist toggles (start.ts) on the product page and in product cards: the stored state is
// painted at once (paint.ts, no framework), the buttons come on first touch of a toggle.
import { island } from '../../shared/islands/schedule';
import { paintStoredWishlist } from './paint';

paintStoredWishlist();
island('wishlist-toggle', () => import('./start'), { interaction: true });
