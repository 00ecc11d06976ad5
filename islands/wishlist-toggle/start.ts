import { mountIsland } from '../../shared/islands/mount';
import { WishlistToggle } from '../../shared/wishlist/WishlistToggle';

export function start(): void {
  mountIsland('wishlist-toggle', WishlistToggle);
}
