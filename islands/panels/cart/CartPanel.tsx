// The cart panel (spec §2 rightSidebar=cart): a form posting to {root}cart with the checkout
// action; a spinner until the bag loads, then its lines, then upsells, then the total. Every
// change goes through the shared cart store (one queue, the server's cart after each answer),
// so the header count, the product page and other tabs follow.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, $cartBusy, $cartCount, $cartLines, $cartNotice, dismissCartNotice, loadCart } from '../../../shared/stores/cart';
import { endpointUrl } from '../../../shared/api/endpoints';
import { bootstrap } from '../../../shared/bootstrap';
import { formatPrice } from '../../../shared/format/values';
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { CartLineItem } from './CartLineItem';
import { lineCompareAt, useCompareAt } from './compare-at';
import { Upsells } from './Upsells';
import { useTrust } from './Trust';
import { DiscountCode, OrderDiscounts } from './Discounts';
import { Wallets } from './Wallets';
import { loadUpsells, type Upsell } from './recommendations';

export const titleKey = 'cart.title';

export default function CartPanel({ titleId }: PanelProps) {
  const cart = useStore($cart);
  const lines = useStore($cartLines);
  const count = useStore($cartCount);
  const busy = useStore($cartBusy);
  const notice = useStore($cartNotice);
  const [settled, setSettled] = useState(false);
  // Upsells are priced in the currency they were asked in.
  const [upsells, setUpsells] = useState<{ currency: string; list: Upsell[] }>({ currency: '', list: [] });
  const currency = cart?.currency ?? bootstrap().locale.cartCurrency.isoCode;
  const compareAt = useCompareAt(cart?.items ?? [], currency);
  const trust = useTrust(cart && cart.items.length > 0 ? cart.total_price : null, currency);

  // The bag may have changed elsewhere (another tab, the no-JS cart page): always ask again.
  useEffect(() => {
    let current = true;
    dismissCartNotice();
    void loadCart().then(() => current && setSettled(true));
    return () => {
      current = false;
    };
  }, []);

  // The upsells of the bag as it loaded, asked for in its currency, and again in another one
  // (another tab chose it: the bag now answers in it).
  useEffect(() => {
    if (!settled || !cart || cart.currency === upsells.currency) return;
    let current = true;
    void loadUpsells(cart, $cartLines.get()[0]?.item.product_id ?? null).then((list) => current && setUpsells({ currency: cart.currency, list }));
    return () => {
      current = false;
    };
  }, [settled, cart?.currency, upsells.currency]);

  const ready = cart !== null || settled;
  // The bag could not be read (no answer, or not a cart): say so, and offer no checkout of it.
  const unreadable = settled && cart === null;
  const inCart = new Set(cart?.items.map((item) => item.product_id));
  const shownUpsells = upsells.currency === currency ? upsells.list.filter((u) => !inCart.has(u.id)) : [];
  const removeUpsell = (id: number) => setUpsells((shown) => ({ ...shown, list: shown.list.filter((u) => u.id !== id) }));

  return (
    <div className="cart-panel">
      <h2 id={titleId} className="panel-title">
        {t('cart.title')}
        {count > 0 && !unreadable && <span className="cart-panel__count"> ({count})</span>}
      </h2>
      <form className="cart-panel__form" action={endpointUrl('checkout')} method="post">
        {!ready && (
          <p className="spinner" role="status">
            {t('common.loading')}
          </p>
        )}
        {unreadable && (
          <p className="form-error cart-panel__error" role="alert">
            {t('cart.load_error')}
          </p>
        )}
        {cart && lines.length > 0 && (
          <ul className="cart-lines" role="list" aria-busy={busy}>
            {lines.map((line) => (
              <CartLineItem
                key={line.item.key}
                line={line}
                currency={currency}
                notice={notice?.key === line.item.key ? notice.message : null}
                compareAt={lineCompareAt(line.item, compareAt.get(line.item.id))}
              />
            ))}
          </ul>
        )}
        {/* Above the upsells, out of the footer that stays in view: a phone keeps room for the lines. */}
        {cart && lines.length > 0 && <DiscountCode cart={cart} />}
        {cart && lines.length === 0 && (
          <div className="cart-empty">
            <p className="cart-empty__text">{t('cart.empty')}</p>
            <a className="cart-empty__link" href={`${bootstrap().rootUrl}collections/all`}>
              {t('cart.continue_shopping')}
            </a>
          </div>
        )}
        {ready && <Upsells upsells={shownUpsells} currency={currency} onAdded={removeUpsell} />}
        {ready && trust.promises}
        <div className="cart-panel__footer">
          {trust.progress}
          {cart && lines.length > 0 && <OrderDiscounts cart={cart} currency={currency} />}
          {cart && lines.length > 0 && (
            <p className="cart-total">
              <span>{t('cart.total')}</span>
              <span className="cart-total__amount" aria-live="polite">
                {formatPrice(cart.total_price, currency, { noDecimals: true })}
              </span>
            </p>
          )}
          <button type="submit" name="checkout" className="button button--block" disabled={count === 0 || unreadable}>
            {t('cart.checkout')}
          </button>
          {cart && lines.length > 0 && <Wallets cart={cart} />}
        </div>
      </form>
    </div>
  );
}
