// Discounts in the bag, as the platform's cart JSON carries them (issue 34), and a line's
// purchase plan: each line's own
// discounts (an automatic one, a code aimed at products) with their titles and amounts, the
// order's (a code on the whole bag) between the subtotal and the total, and a field for a
// discount code that sets the cart's `discount` (the platform checks it; the bag shows whether
// it applies). The cart page draws the same without JavaScript (sections/main-cart.liquid).
import { useState } from 'react';
import type { Cart, CartItem } from '../../../shared/stores/cart';
import { setDiscountCodes } from '../../../shared/stores/cart';
import { formatPrice } from '../../../shared/format/values';
import { t } from '../../../shared/i18n';

/** The line's own discounts, under its name: "Summer sale: −200 UAH". */
export function LineDiscounts({ item, currency }: { item: CartItem; currency: string }) {
  const allocations = (item.line_level_discount_allocations ?? []).filter((a) => a.amount > 0);
  if (!allocations.length) return null;
  return (
    <ul className="cart-line__discounts" role="list">
      {allocations.map((a) => (
        <li key={a.discount_application.title}>
          {a.discount_application.title}: −{formatPrice(a.amount, currency)}
        </li>
      ))}
    </ul>
  );
}

/** The plan a line is bought with (a pre-order, a subscription), under its options. */
export function LinePlan({ item }: { item: CartItem }) {
  const name = item.selling_plan_allocation?.selling_plan.name;
  return name ? <p className="cart-line__plan">{name}</p> : null;
}

/** The line's price before its own discounts, when they took something off (struck beside the price). */
export function lineOriginalPrice(item: CartItem): number | null {
  const original = item.original_line_price;
  return typeof original === 'number' && original > item.final_line_price ? original : null;
}

/** Subtotal and each order discount, above the total; nothing when the order has none. */
export function OrderDiscounts({ cart, currency }: { cart: Cart; currency: string }) {
  const applications = (cart.cart_level_discount_applications ?? []).filter((a) => a.total_allocated_amount > 0);
  if (!applications.length) return null;
  return (
    <div className="cart-discounts">
      <p className="cart-discounts__row">
        <span>{t('discounts.subtotal')}</span>
        <span>{formatPrice(cart.items_subtotal_price ?? cart.total_price, currency, { noDecimals: true })}</span>
      </p>
      {applications.map((a) => (
        <p key={a.title} className="cart-discounts__row cart-discounts__row--discount">
          <span>
            {t('discounts.order_discount')} ({a.title})
          </span>
          <span>−{formatPrice(a.total_allocated_amount, currency)}</span>
        </p>
      ))}
    </div>
  );
}

/**
 * The code field: a code entered joins those the bag already has; each has a remove button, and
 * one that does not apply (a minimum not reached, an unknown code) says so.
 */
export function DiscountCode({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const codes = cart.discount_codes ?? [];
  const apply = async (next: string[]) => {
    setPending(true);
    const ok = await setDiscountCodes(next);
    setPending(false);
    if (ok) setCode('');
  };
  const add = () => {
    const entered = code.trim();
    if (!entered || pending) return;
    void apply([...codes.map((c) => c.code).filter((c) => c.toLowerCase() !== entered.toLowerCase()), entered]);
  };
  return (
    <div className="discount-code">
      <label className="discount-code__label" htmlFor="CartPanelDiscount">
        {t('discounts.code_label')}
      </label>
      <div className="discount-code__row">
        <input
          id="CartPanelDiscount"
          className="discount-code__input"
          name="discount"
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="done"
          value={code}
          onInput={(event) => setCode(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter applies the code; it must not submit the bag's form (that goes to checkout).
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" onClick={add} aria-busy={pending ? 'true' : undefined}>
          {t('discounts.apply')}
        </button>
      </div>
      {codes.length > 0 && (
        <ul className="discount-code__codes" role="list">
          {codes.map((c) => (
            <li key={c.code} className={`discount-code__chip${c.applicable ? '' : ' discount-code__chip--inapplicable'}`}>
              {c.code}
              <button
                type="button"
                className="discount-code__remove"
                aria-label={t('discounts.remove', { code: c.code })}
                onClick={() => void apply(codes.filter((other) => other.code !== c.code).map((other) => other.code))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {codes
        .filter((c) => !c.applicable)
        .map((c) => (
          <p key={c.code} className="discount-code__note" role="status">
            {t('discounts.not_applicable', { code: c.code })}
          </p>
        ))}
    </div>
  );
}
