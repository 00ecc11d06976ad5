// Account pages hold a person's orders and addresses. The server tells browsers not to keep them
// (Cache-Control: no-store), and a page the browser restores from its back-forward cache anyway
// is asked for again, so after signing out Back shows the sign-in page, not the last person's
// orders (a shared device).
const CUSTOMER_PAGE_TYPES = new Set(['customers/account', 'customers/addresses', 'customers/order']);

export function isCustomerPage(pageType: string | undefined): boolean {
  return CUSTOMER_PAGE_TYPES.has(pageType ?? '');
}

export function reloadAccountPagesRestoredFromCache(win: Window = window): void {
  win.addEventListener('pageshow', (event) => {
    if (event.persisted && isCustomerPage(win.document.body.dataset['pageType'])) win.location.reload();
  });
}
