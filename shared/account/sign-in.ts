// Sending a shopper to sign in (spec §2, §6) in either kind of customer accounts. With legacy
// accounts that is the theme's login panel; with today's accounts it is the platform's account
// component in the header (<shopify-account>), whose sheet offers the sign-in. The platform
// documents no method to open that sheet, so the component's own button is pressed; when the
// component is missing or never loads, the shopper goes to the platform's sign-in page
// (routes.account_login_url), which comes back to the storefront afterwards.
import { bootstrap, inDesignMode } from '../bootstrap';

export const ACCOUNT_COMPONENT = 'shopify-account';

/** True when the shop has today's customer accounts (no legacy forms to post to). */
export function hasHostedAccounts(): boolean {
  return bootstrap().accounts === 'current';
}

function pressComponent(component: Element): boolean {
  const button = component.shadowRoot?.querySelector<HTMLElement>('button, [role="button"], a[href]');
  if (!button) return false;
  button.click();
  return true;
}

function goToSignInPage(): void {
  // Inside the theme editor the page the merchant edits stays (the sign-in page is the platform's).
  if (inDesignMode()) return;
  window.location.assign(bootstrap().accountLoginUrl);
}

/** Opens the account component's sign-in (today's accounts). */
export function openAccountSignIn(): void {
  const component = document.querySelector(ACCOUNT_COMPONENT);
  if (!component) {
    goToSignInPage();
    return;
  }
  if (pressComponent(component)) return;
  // Its code may still be loading: wait for it a little, then fall back to the sign-in page.
  const fallback = window.setTimeout(goToSignInPage, 3000);
  void customElements.whenDefined(ACCOUNT_COMPONENT).then(() => {
    window.clearTimeout(fallback);
    if (!pressComponent(component)) goToSignInPage();
  });
}
