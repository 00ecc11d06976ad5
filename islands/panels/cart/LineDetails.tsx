// What the bag shows under a line's name besides its options: what the shopper wrote on it (a
// gift card's recipient, as the platform's gift card docs ask) and its unit price. The cart
// page draws the same from theme/snippets/cart-line-properties.liquid and unit-price.liquid.
import type { CartItem } from '../../../shared/stores/cart';
import { formatPrice } from '../../../shared/format/values';
import { formatOrderDate } from '../../../shared/format/date';
import { language, t } from '../../../shared/i18n';

/** The platform's recipient fields (English names) in the page's words, and how a value reads. */
const KNOWN: Record<string, { label: string; value?: (raw: string) => string }> = {
  'Recipient email': { label: 'cart.recipient_email' },
  'Recipient name': { label: 'cart.recipient_name' },
  Message: { label: 'cart.message' },
  'Send on': { label: 'cart.send_on', value: (raw) => formatOrderDate(raw, language()) || raw },
};

/** The properties a shopper sees: private ones ("_" first) and empty ones are the shop's or nothing. */
export function shownProperties(properties: CartItem['properties']): [string, string][] {
  return Object.entries(properties ?? {}).filter(([name, value]) => !name.startsWith('_') && String(value).trim() !== '');
}

export function LineProperties({ item }: { item: CartItem }) {
  const shown = shownProperties(item.properties);
  if (!shown.length) return null;
  return (
    <ul className="cart-line__properties" role="list">
      {shown.map(([name, value]) => {
        const known = KNOWN[name];
        return (
          <li key={name}>
            <span className="cart-line__property-name">{known ? t(known.label) : name}:</span> {known?.value ? known.value(value) : value}
          </li>
        );
      })}
    </ul>
  );
}

export function LineUnitPrice({ item, currency }: { item: CartItem; currency: string }) {
  const measurement = item.unit_price_measurement;
  if (!measurement || item.unit_price === undefined) return null;
  const word = t(`units.${measurement.reference_unit}`);
  // An unknown unit code reads as itself, as the Liquid side does.
  const unitName = word === `units.${measurement.reference_unit}` ? measurement.reference_unit : word;
  const unit = measurement.reference_value === 1 ? unitName : `${measurement.reference_value} ${unitName}`;
  return (
    <p className="cart-line__unit-price">
      <span className="visually-hidden">{t('cart.unit_price')}: </span>
      {t('cart.per_unit', { price: formatPrice(item.unit_price, currency), unit })}
    </p>
  );
}
