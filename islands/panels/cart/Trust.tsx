// The bag's foot: how far the shopper is from free delivery (when the merchant sets a threshold),
// then the shop's promises (delivery, returns, payment). The theme draws both from its settings
// into <template id="cart-trust"> (snippets/right-panel): the promises are copied as they are, so
// the bag says what the product page says; the threshold comes with it, in the shop's currency.
import { useMemo } from 'react';
import { formatPrice } from '../../../shared/format/values';
import { t } from '../../../shared/i18n';

const TEMPLATE_ID = 'cart-trust';

type TrustSource = { html: string; threshold: number; shopCurrency: string };

function readTemplate(): TrustSource | null {
  const el = document.getElementById(TEMPLATE_ID);
  if (!(el instanceof HTMLTemplateElement)) return null;
  const threshold = Number(el.dataset.threshold);
  return { html: el.innerHTML, threshold: Number.isFinite(threshold) && threshold > 0 ? threshold : 0, shopCurrency: el.dataset.shopCurrency ?? '' };
}

type PlatformCurrency = { active?: unknown; rate?: unknown };

/**
 * The threshold (minor units of the shop's currency) in the bag's currency, in whole units as a
 * shopper reads a threshold; null when the page knows no rate for that currency. The platform
 * tells theme scripts the rate of the page's currency (window.Shopify.currency).
 */
export function thresholdIn(threshold: number, shopCurrency: string, currency: string, platform: PlatformCurrency | undefined): number | null {
  if (currency.toUpperCase() === shopCurrency.toUpperCase()) return threshold;
  const rate = Number(platform?.rate);
  const active = typeof platform?.active === 'string' ? platform.active : '';
  if (active.toUpperCase() !== currency.toUpperCase() || !(rate > 0)) return null;
  return Math.round((threshold * rate) / 100) * 100;
}

function platformCurrency(): PlatformCurrency | undefined {
  return (window as { Shopify?: { currency?: PlatformCurrency } }).Shopify?.currency;
}

export function FreeDelivery({ total, currency, threshold }: { total: number; currency: string; threshold: number }) {
  const left = Math.max(0, threshold - total);
  const progress = Math.min(100, Math.round((total / threshold) * 100));
  return (
    <div className="free-delivery">
      <p className="free-delivery__text" aria-live="polite">
        {left > 0 ? t('cart.free_delivery_away', { amount: formatPrice(left, currency, { noDecimals: true }) }) : t('cart.free_delivery_reached')}
      </p>
      <div
        className="free-delivery__bar"
        role="progressbar"
        aria-label={t('cart.free_delivery_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span className="free-delivery__fill" style={{ transform: `scaleX(${progress / 100})` }} />
      </div>
    </div>
  );
}

/** The free-delivery count-down of a bag with lines, and the promises under the checkout button. */
export function useTrust(total: number | null, currency: string) {
  const source = useMemo(readTemplate, []);
  const threshold = source && source.threshold > 0 ? thresholdIn(source.threshold, source.shopCurrency, currency, platformCurrency()) : null;
  return {
    progress: total !== null && threshold !== null ? <FreeDelivery total={total} currency={currency} threshold={threshold} /> : null,
    promises: source ? <div className="cart-panel__trust" dangerouslySetInnerHTML={{ __html: source.html }} /> : null,
  };
}
