import { mountIsland } from '../../shared/runtime/mount';
import { WishlistToggle } from '../../shared/wishlist/WishlistToggle';

export function start(): void {
  mountIsland('wishlist-toggle', WishlistToggle);
}
