import { mountIsland } from '../../shared/islands/mount';
import { WishlistToggle } from './WishlistToggle';

export function start(): void {
  mountIsland('wishlist-toggle', WishlistToggle);
}
