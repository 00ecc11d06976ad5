// "You may also like" (spec §2, §4): products related to the bag. Adding one puts it at the top
// of the bag with quantity 1 (shared/stores/cart.ts orders lines by recency), takes it off this
// list, and keeps the cart panel open. Nothing is drawn when no upsell arrives.
import { useState } from 'react';
import { addToCart } from '../../../shared/stores/cart';
import { formatPrice, imageAtWidth } from '../../../shared/format/values';
import { PriceTag } from '../../../shared/format/PriceTag';
import { t } from '../../../shared/i18n';
import { PLACEHOLDER_IMAGE } from '../../../shared/dom/placeholder';
import { optionValueLabel } from './options';
import type { Upsell } from './recommendations';
import { placeOf, refocusInPlace } from './focus';

const ADD = '.upsell__add';

type Props = { upsells: Upsell[]; currency: string; onAdded: (id: number) => void };

export function Upsells({ upsells, currency, onAdded }: Props) {
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<{ id: number; message: string } | null>(null);
  if (!upsells.length) return null;

  const add = async (upsell: Upsell, button: HTMLElement) => {
    if (pending !== null) return;
    const { panel, index } = placeOf(button, ADD);
    setPending(upsell.id);
    setError(null);
    const result = await addToCart([{ productId: upsell.id, id: upsell.currentVariant.id }]);
    setPending(null);
    if (!result.ok) {
      setError({ id: upsell.id, message: result.message });
      return;
    }
    onAdded(upsell.id);
    // Its button gone with it: the next upsell's (or the last one's), else the bag's first line.
    refocusInPlace(panel, ADD, index, ['.cart-line__title']);
  };

  return (
    <section className="upsells" aria-labelledby="cart-upsells-title">
      <h3 id="cart-upsells-title" className="upsells__title">
        {t('cart.recommendations')}
      </h3>
      <ul className="upsells__list" role="list">
        {upsells.map((upsell) => {
          const image1x = upsell.image ?? PLACEHOLDER_IMAGE;
          const image2x = upsell.image2x ?? (upsell.image ? imageAtWidth(upsell.image, 200) : null);
          const image3x = upsell.image ? imageAtWidth(upsell.image, 300) : null;
          const label = upsell.preorder ? t('product.add_to_preorder') : t('cart.add_upsell');
          return (
            <li key={upsell.id} className="upsell">
              <a href={upsell.url} tabIndex={-1} aria-hidden="true">
                <img
                  className="upsell__image"
                  src={image1x}
                  srcSet={image2x ? `${image1x} 1x, ${image2x} 2x${image3x ? `, ${image3x} 3x` : ''}` : undefined}
                  width={100}
                  height={150}
                  alt=""
                  loading="lazy"
                />
              </a>
              <div className="upsell__details">
                <a className="upsell__title" href={upsell.url}>
                  {upsell.title}
                </a>
                {upsell.currentVariant.options.length > 0 && (
                  <p className="upsell__options">{upsell.currentVariant.options.map(optionValueLabel).join(', ')}</p>
                )}
                <PriceTag
                  current={formatPrice(upsell.price, currency)}
                  compareAt={upsell.compareAtPrice !== null && upsell.compareAtPrice > upsell.price ? formatPrice(upsell.compareAtPrice, currency) : null}
                  className="upsell__price"
                />
                <button
                  type="button"
                  className="button button--secondary button--small upsell__add"
                  onClick={(event) => void add(upsell, event.currentTarget)}
                  // Not disabled while an add is on its way: a disabled button drops the focus.
                  aria-disabled={pending !== null ? 'true' : undefined}
                  // The visible words first, then which product (WCAG 2.5.3: the name holds the label).
                  aria-label={`${label}: ${upsell.title}`}
                >
                  {label}
                </button>
                {error?.id === upsell.id && (
                  <p className="form-error" role="alert">
                    {error.message}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
