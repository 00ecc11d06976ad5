// Wishlist toggle island (spec §4, §6): on the product page and in every product card.
import { mountIsland } from '../../shared/islands/mount';
import { WishlistToggle } from './WishlistToggle';

mountIsland('wishlist-toggle', WishlistToggle);
