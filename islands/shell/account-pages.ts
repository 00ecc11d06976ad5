// Back and Forward must not show a person who is no longer signed in (a shared device). Account
// pages hold a person's orders and addresses: the server tells browsers not to keep them
// (Cache-Control: no-store), and one restored from the back-forward cache anyway is always asked
// for again. Any other page drawn for a customer shows their name, and the wishlist page their
// list, and the browser may show it again on Back from its back-forward cache or, without asking
// the server, from its HTTP cache. So each page notes whom it was drawn for, and one shown from
// history after a page drawn for someone else (a guest after signing out, another customer) is
// asked for again: Back after signing out shows the shop as a guest sees it.
import { bootstrap } from '../../shared/bootstrap';
import { visitedFromHistory } from '../../shared/runtime/schedule';
import { readStorage, removeStorage, writeStorage } from '../../shared/storage';

const CUSTOMER_PAGE_TYPES = new Set(['customers/account', 'customers/addresses', 'customers/order']);
/** Whom the newest page in this browser was drawn for: a customer id, or '' for a guest. */
const DRAWN_FOR_KEY = 'page_drawn_for';

export function isCustomerPage(pageType: string | undefined): boolean {
  return CUSTOMER_PAGE_TYPES.has(pageType ?? '');
}

function drawnForSomeoneElse(drawnFor: string): boolean {
  const newest = readStorage(DRAWN_FOR_KEY);
  // Without storage nothing says who came since: a customer's page is asked for again anyway.
  return newest === null ? drawnFor !== '' : newest !== drawnFor;
}

/**
 * Asks the server again for a page shown from history for someone no longer signed in; answers
 * true when it does (the page is going). Otherwise notes whom this page was drawn for.
 */
export function reloadPagesRestoredForAnotherSession(win: Window = window): boolean {
  const drawnFor = String(bootstrap().customer?.id ?? '');
  if (visitedFromHistory(win) && drawnForSomeoneElse(drawnFor)) {
    win.location.reload();
    return true;
  }
  // A marker that cannot be written (a full storage) goes: an old one would vouch for an old page.
  if (!writeStorage(DRAWN_FOR_KEY, drawnFor)) removeStorage(DRAWN_FOR_KEY);
  win.addEventListener('pageshow', (event) => {
    if (event.persisted && (drawnForSomeoneElse(drawnFor) || isCustomerPage(win.document.body.dataset['pageType']))) win.location.reload();
  });
  return false;
}
