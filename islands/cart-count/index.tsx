// The bag count in the header, read from the shared cart store: any island that changes the
// cart (product page, cart panel, another tab) updates it.
import { useStore } from '@nanostores/react';
import { mountIsland } from '../../shared/islands/mount';
import { $cartCount } from '../../shared/stores/cart';

function CartCount() {
  const count = useStore($cartCount);
  return <>({count})</>;
}

mountIsland('cart-count', CartCount);
