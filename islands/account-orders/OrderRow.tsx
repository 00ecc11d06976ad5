// One order: the row (name, date, payment status, total, +/-) is a button that opens and closes
// the details below it (spec §2, §4). Same markup and classes as snippets/account-order.liquid,
// whose <details> it replaces, so mounting moves nothing.
import { t, language } from '../../shared/i18n';
import { formatOrderDate } from '../../shared/format/date';
import { PLACEHOLDER_IMAGE } from '../../shared/dom/placeholder';
import { COLOUR_NAMES, colourFor, type ColourName } from '../../shared/catalogue/colours';
import { handleize, PAYMENT_STATUSES, type Order } from './order';
import { OrderDiscounts, OrderLineDiscounts, OrderLinePrice } from './OrderDiscounts';

export function paymentStatusLabel(status: string): string {
  return (PAYMENT_STATUSES as readonly string[]).includes(status) ? t(`payment_status.${status}`) : status;
}

/** Options joined by commas; the shop's colours by their label, other values (sizes) as they are. */
export function optionsText(options: string[]): string {
  const lang = language();
  return options
    .map((value) => {
      const name = handleize(value);
      return (COLOUR_NAMES as readonly string[]).includes(name) ? colourFor(name as ColourName, lang).label : value;
    })
    .join(', ');
}

type Props = { order: Order; open: boolean; onToggle: () => void };

export function OrderRow({ order, open, onToggle }: Props) {
  const bodyId = `order-${order.key}-details`;
  return (
    <li className="order">
      <div className="order__disclosure">
        <button type="button" className="order__row" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          <span className="order__cell order__cell--name">
            <span className="visually-hidden">{t('orders.order_number')} </span>
            {order.name}
          </span>
          <span className="order__cell order__cell--date">
            <span className="visually-hidden">{t('orders.expected_by')} </span>
            {formatOrderDate(order.createdAt, language())}
          </span>
          <span className={`order__cell order__cell--status order__status order__status--${handleize(order.financialStatus)}`}>
            <span className="visually-hidden">{t('orders.status')} </span>
            {paymentStatusLabel(order.financialStatus)}
          </span>
          <span className="order__cell order__cell--price">
            <span className="visually-hidden">{t('orders.price')} </span>
            {order.totalText}
          </span>
          <span className="order__toggle" aria-hidden="true" />
        </button>
        <div className="order__body" id={bodyId} hidden={!open}>
          <div className="order__shipping">
            <h2 className="order__subheading">{t('orders.shipping_details')}</h2>
            <dl className="order__facts">
              <div className="order__fact">
                <dt>{t('orders.recipient')}</dt>
                <dd>{order.recipient}</dd>
              </div>
              <div className="order__fact">
                <dt>{t('orders.phone')}</dt>
                <dd>{order.phone}</dd>
              </div>
              <div className="order__fact">
                <dt>{t('orders.email')}</dt>
                <dd>{order.email}</dd>
              </div>
              <div className="order__fact">
                <dt>{t('orders.shipping_method')}</dt>
                <dd>{order.shippingTitle || t('orders.shipping_default')}</dd>
              </div>
            </dl>
          </div>
          <h2 className="visually-hidden">{t('orders.items')}</h2>
          <ul className="order__items" role="list">
            {order.lineItems.map((item) => (
              <li className="order-item" key={item.id}>
                {item.image ? (
                  <img
                    className="order-item__image"
                    src={item.image}
                    srcSet={`${item.image} 100w, ${item.image2x} 200w`}
                    sizes="(min-width: 768px) 80px, 64px"
                    width={100}
                    height={item.width && item.height ? Math.floor((item.height * 100) / item.width) : 150}
                    alt=""
                    loading="lazy"
                  />
                ) : (
                  <img className="order-item__image order-item__image--placeholder" src={PLACEHOLDER_IMAGE} width={1} height={1} alt="" />
                )}
                <div className="order-item__info">
                  <p className="order-item__name">{item.name}</p>
                  <p className="order-item__options">{optionsText(item.options)}</p>
                  <p className="order-item__quantity">{t('orders.quantity', { quantity: item.quantity })}</p>
                  <OrderLineDiscounts item={item} />
                </div>
                <OrderLinePrice item={item} />
              </li>
            ))}
          </ul>
          <OrderDiscounts order={order} />
        </div>
      </div>
    </li>
  );
}
