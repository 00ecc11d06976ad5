// Discounts on a past order (issue 34), as snippets/account-order.liquid draws them: a line's own
// discounts under its name with the price before them struck, and the order's (a code) between
// the lines' subtotal and the total.
import { t } from '../../shared/i18n';
import type { Order, OrderLineItem } from './order';

export function OrderLineDiscounts({ item }: { item: OrderLineItem }) {
  if (!item.discounts.length) return null;
  return (
    <ul className="cart-line__discounts" role="list">
      {item.discounts.map((d) => (
        <li key={d.title}>
          {d.title}: −{d.amountText}
        </li>
      ))}
    </ul>
  );
}

export function OrderLinePrice({ item }: { item: OrderLineItem }) {
  return (
    <p className="order-item__price">
      {item.originalPriceText && (
        <s className="order-line__original">
          <span className="visually-hidden">{t('orders.original_price')} </span>
          {item.originalPriceText}
        </s>
      )}
      {item.priceText}
    </p>
  );
}

export function OrderDiscounts({ order }: { order: Order }) {
  if (!order.discounts.length) return null;
  return (
    <div className="cart-discounts order__discounts">
      <p className="cart-discounts__row">
        <span>{t('discounts.subtotal')}</span>
        <span>{order.subtotalText}</span>
      </p>
      {order.discounts.map((d) => (
        <p key={d.title} className="cart-discounts__row cart-discounts__row--discount">
          <span>
            {t('discounts.order_discount')} ({d.title})
          </span>
          <span>−{d.amountText}</span>
        </p>
      ))}
      <p className="cart-discounts__row cart-discounts__row--total">
        <span>{t('orders.total')}</span>
        <span>{order.totalText}</span>
      </p>
    </div>
  );
}
