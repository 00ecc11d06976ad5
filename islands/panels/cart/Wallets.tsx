// The wallet buttons under the bag's checkout (issue 34): the platform draws them only on the
// server ({{ content_for_additional_checkout_buttons }}, filled by its script), so the panel asks
// for the cart-wallets section through the Section Rendering API and puts its HTML in place
// once per bag it is shown for; the platform's elements upgrade themselves when inserted.
import { useEffect, useState } from 'react';
import type { Cart } from '../../../shared/stores/cart';
import { bootstrap } from '../../../shared/bootstrap';

const SECTION = 'cart-wallets';

/** The section's inner markup, or '' when the shop offers no wallets or the request failed. */
async function loadWallets(): Promise<string> {
  try {
    const response = await fetch(`${bootstrap().rootUrl}cart?section_id=${SECTION}`, { credentials: 'same-origin' });
    if (!response.ok) return '';
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    return doc.querySelector('.cart-wallets')?.innerHTML ?? '';
  } catch {
    return '';
  }
}

export function Wallets({ cart }: { cart: Cart }) {
  const [html, setHtml] = useState('');
  // Again when the bag's currency changes (the buttons show amounts in it); not per quantity.
  useEffect(() => {
    let current = true;
    void loadWallets().then((markup) => current && setHtml(markup));
    return () => {
      current = false;
    };
  }, [cart.currency]);
  // The platform's own markup, from our own origin's server: not shopper input.
  return html ? <div className="cart-wallets" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
