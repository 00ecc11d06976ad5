// The product card drawn in the browser, for products the server did not render (later pages,
// search answers, whole-catalogue filtering). Its markup is theme/snippets/product-card.liquid's,
// so a card looks the same whoever drew it; change it, this and islands/account-wishlist/wishlist.ts
// together. The wishlist toggle is the product page's component (shared/wishlist/WishlistToggle.tsx,
// which islands/wishlist-toggle mounts on server cards), rendered here directly: a card made after
// start-up is not in the DOM when that island mounts its nodes, so the node carries no
// data-island and nothing mounts it twice.
import { formatPrice } from '../../shared/format/price';
import type { ListProduct } from '../../shared/catalogue/listing';
import { WishlistToggle } from '../../shared/wishlist/WishlistToggle';
import { PLACEHOLDER_IMAGE } from '../../shared/dom/placeholder';

export const CARD_SIZES = '(min-width: 768px) 25vw, 50vw';
// Card images are 2:3 (the CSS crops to it); the 500w file's size, so the browser reserves the box.
const CARD_WIDTH = 500;
const CARD_HEIGHT = 750;

type Props = { product: ListProduct; currency: string; href?: string; sizes?: string };

export function ProductCard({ product, currency, href, sizes = CARD_SIZES }: Props) {
  return (
    <article className="product-card" data-product-id={product.id}>
      <a className="product-card__link" href={href ?? product.url}>
        {product.image ? (
          <img
            className="product-card__image"
            src={product.image}
            srcSet={`${product.image} 500w, ${product.image2x || product.image} 1000w`}
            sizes={sizes}
            width={CARD_WIDTH}
            height={CARD_HEIGHT}
            alt=""
            loading="lazy"
          />
        ) : (
          <img className="product-card__image product-card__image--placeholder" src={PLACEHOLDER_IMAGE} width={1} height={1} alt="" />
        )}
        <h3 className="product-card__title">{product.name}</h3>
      </a>
      <p className="product-card__price">{formatPrice(product.price, currency)}</p>
      <div className="wishlist-toggle">
        <WishlistToggle
          id={product.id}
          handle={product.handle}
          image={product.image}
          image2x={product.image2x}
          url={product.url}
          title={product.name}
          price={product.price}
          preorder={product.preorder}
        />
      </div>
    </article>
  );
}
