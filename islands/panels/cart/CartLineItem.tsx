// One line of the bag: image, name, options, quantity with − and +, line price (with the
// compare-at price struck through when the product is reduced), and what the
// shop said when a change did not go through (spec §4: a refused increase changes nothing).
import type { CartLine } from '../../../shared/stores/cart';
import { changeLine, decreaseLine, increaseLine } from '../../../shared/stores/cart';
import { formatPrice } from '../../../shared/format/values';
import { PriceTag } from '../../../shared/format/PriceTag';
import { t } from '../../../shared/i18n';
import { cartImage } from './image';
import { optionNameLabel, optionValueLabel } from './options';
import { placeOf, refocusInPlace } from './focus';
import { LineDiscounts, LinePlan, lineOriginalPrice } from './Discounts';
import { LineProperties, LineUnitPrice } from './LineDetails';

const REMOVE = '.cart-line__remove';

/** Runs a change that may take the line away, then keeps the focus in the bag (focus.ts). */
async function keepingFocus(control: HTMLElement, change: () => Promise<unknown>): Promise<void> {
  const { panel, index } = placeOf(control, control.matches(REMOVE) ? REMOVE : '.cart-line__decrease');
  await change();
  // The line gone: the next line's remove button (or the last one's), else the empty bag's link.
  refocusInPlace(panel, REMOVE, index, ['.cart-empty__link']);
}

/** compareAt: the line's compare-at total, when higher than its price (compare-at.ts). */
type Props = { line: CartLine; currency: string; notice: string | null; compareAt?: number | null };

export function CartLineItem({ line: { item, line }, currency, notice, compareAt = null }: Props) {
  const title = item.product_title || item.title;
  const image = cartImage(item.featured_image?.url ?? item.image);
  const noticeId = `cart-line-notice-${item.key.replace(/[^\w-]/g, '-')}`;
  const options = item.options_with_values.filter((o) => o.value && o.name !== 'Title');
  // Struck beside the price: the compare-at price of a reduced product, else the price before the line's own discounts.
  const was = compareAt ?? lineOriginalPrice(item);
  return (
    <li className="cart-line">
      <a className="cart-line__image-link" href={item.url} tabIndex={-1} aria-hidden="true">
        <img className="cart-line__image" src={image.src} srcSet={image.srcSet} width={100} height={150} alt="" loading="lazy" />
      </a>
      <div className="cart-line__details">
        <a className="cart-line__title" href={item.url}>
          {title}
        </a>
        {options.length > 0 && (
          <ul className="cart-line__options" role="list">
            {options.map((o) => (
              <li key={o.name}>
                {optionNameLabel(o.name)}: {optionValueLabel(o.value)}
              </li>
            ))}
          </ul>
        )}
        <LinePlan item={item} />
        <LineProperties item={item} />
        <LineUnitPrice item={item} currency={currency} />
        <div className="cart-line__row">
          <div className="quantity" role="group" aria-label={`${t('cart.quantity')}: ${title}`}>
            <button
              type="button"
              className="quantity__button cart-line__decrease"
              onClick={(event) => void keepingFocus(event.currentTarget, () => decreaseLine(line))}
              aria-label={t('cart.decrease', { title })}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className="quantity__value" aria-live="polite">
              {item.quantity}
            </span>
            <button
              type="button"
              className="quantity__button"
              onClick={() => void increaseLine(line)}
              aria-label={t('cart.increase', { title })}
              aria-describedby={notice ? noticeId : undefined}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <PriceTag
            current={formatPrice(item.final_line_price, currency)}
            compareAt={was === null ? null : formatPrice(was, currency)}
            className="cart-line__price"
          />
        </div>
        <LineDiscounts item={item} currency={currency} />
        <button
          type="button"
          className="cart-line__remove"
          onClick={(event) => void keepingFocus(event.currentTarget, () => changeLine(line, 0))}
          aria-label={t('cart.remove', { title })}
        >
          {t('cart.remove_short')}
        </button>
        {notice && (
          <p id={noticeId} className="cart-line__notice" role="alert">
            {notice}
          </p>
        )}
      </div>
    </li>
  );
}
