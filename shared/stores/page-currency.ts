// One page, one currency. A tab drawn before the shopper changed currency in another tab holds
// the old currency's prices; an answer priced in the new one (the list index, the bag) cannot go
// beside them, nor under the old currency's sign. Such a page is drawn again at its address (its
// sort, filters and open panel are in the address), once: should an answer disagree again before
// one agrees, the caller shows what it can rather than reloading in a loop.
import { bootstrap } from '../bootstrap';
import { clearCachedAnswers } from '../api/cache-keys';

const REDRAWN_KEY = 'page_redrawn_for_currency';
let redrawing = false;

/** Whether an answer priced in `currency` disagrees with the currency this page was drawn in. */
export function inOtherCurrency(currency: unknown): boolean {
  return typeof currency === 'string' && currency !== bootstrap().locale.cartCurrency.isoCode;
}

/**
 * Draws the page again in the shop's new currency, after dropping the cached answers (some in
 * the new currency under the old one's name). False, and logged, when this page was already
 * drawn again for it and an answer still disagrees, or without session storage to note it.
 */
export function redrawForCurrency(what: string): boolean {
  // Other answers may still arrive while the page is on its way out: they wait for it too.
  if (redrawing) return true;
  clearCachedAnswers();
  try {
    if (sessionStorage.getItem(REDRAWN_KEY) !== null) {
      console.error(`${what} is priced in another currency than the page, again`);
      return false;
    }
    sessionStorage.setItem(REDRAWN_KEY, '1');
  } catch {
    return false;
  }
  redrawing = true;
  window.location.reload();
  return true;
}

/** Tests only: a page drawn again starts with no redraw asked for (its modules are new). */
export function forgetRedrawRequest(): void {
  redrawing = false;
}

/** An answer agreed with the page's currency: a later change in another tab may redraw it again. */
export function currencyAgrees(): void {
  try {
    sessionStorage.removeItem(REDRAWN_KEY);
  } catch {
    // Without session storage no redraw was ever noted.
  }
}
