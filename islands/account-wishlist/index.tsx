// The wishlist of the account area: see wishlist.ts.
import { readIslandProps } from '../../shared/bootstrap';
import { mountWishlist } from './wishlist';

for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="account-wishlist"]:not([data-island-mounted])'))) {
  const props = readIslandProps<{ catalogueUrl?: string }>(node);
  node.setAttribute('data-island-mounted', '');
  try {
    mountWishlist(node, props?.catalogueUrl);
  } catch (error) {
    console.error('Island "account-wishlist" failed', error);
  }
}
