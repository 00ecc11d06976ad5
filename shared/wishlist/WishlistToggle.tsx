// Wishlist toggle (spec §4, §6) on the product page and in product cards: adds or removes the
// product from the wishlist kept in the browser; a guest is sent to the login panel instead.
import { useStore } from '@nanostores/react';
import { $wishlistIds, toggleWishlist, type WishlistEntry } from '../stores/wishlist';
import { t } from '../i18n';

/** The entry as snippets/wishlist-toggle.liquid hands it over. */
export type WishlistToggleProps = WishlistEntry;

const HEART = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';

export function WishlistToggle(props: WishlistToggleProps) {
  const inList = useStore($wishlistIds).has(String(props.id));
  const toggle = () => toggleWishlist({ ...props, preorder: props.preorder === true });
  return (
    <button type="button" className={`wishlist-toggle__control${inList ? ' is-active' : ''}`} data-product-id={String(props.id)} onClick={toggle}>
      <svg
        className={`icon icon--heart${inList ? '-filled' : ''}`}
        aria-hidden="true"
        focusable="false"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d={HEART} fill={inList ? 'currentColor' : undefined} />
      </svg>
      <span className="visually-hidden">{t(inList ? 'product.wishlist_remove' : 'product.wishlist_add', { title: props.title })}</span>
    </button>
  );
}
