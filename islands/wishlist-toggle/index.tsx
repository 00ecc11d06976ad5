// Wishlist toggle island (spec §4, §6): on the product page and in every product card. The
// server draws each toggle as a link that works without JavaScript; the stored state and the
// button load when the browser is idle or on the shopper's first touch of a toggle.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('wishlist-toggle', () => import('./start'), { idle: true, interaction: true });
