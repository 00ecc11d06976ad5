// Spec §2 routes that only redirect. On a real shop these paths render platform templates
// (customers/login, customers/register, cart, search, customers/account), which is what a
// shopper without JavaScript gets: the native forms. With JavaScript the shell sends the
// shopper where the spec says, in the page's own language (rootUrl '/' or '/en/').

import { withoutLanguagePrefix } from '../../shared/bootstrap';

/** The path without the English prefix and without a trailing slash ('/' stays '/'). */
export function unprefixedPath(pathname: string): string {
  const path = withoutLanguagePrefix(pathname);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export type PageFacts = {
  /** The page is the platform's 404 (the preview renders 404 for /account/invalid_token). */
  notFound: boolean;
  /**
   * The page shows the outcome of a native form post (an error, a success notice): it must
   * stay, or the shopper never reads it. See pageKeepsItself().
   */
  keepsItself: boolean;
  /**
   * The theme is set to today's customer accounts. A sign-in page the theme still renders then
   * belongs to a shop on legacy accounts left on that setting: its native form is the way in,
   * and sending it to the login panel would hand it back to the account component, which links
   * here again (a loop).
   */
  hostedAccounts?: boolean;
};

function withRightSidebar(root: string, panel: string): string {
  return `${root}?rightSidebar=${panel}`;
}

/**
 * Where the shell sends the shopper from pathname (query `search`), or null to stay.
 * root is the page's rootUrl ('/' or '/en/'), so the language is kept.
 */
export function redirectTarget(pathname: string, search: string, root: string, facts: PageFacts): string | null {
  const path = unprefixedPath(pathname);
  switch (path) {
    case '/account/register':
      return facts.keepsItself || facts.hostedAccounts ? null : withRightSidebar(root, 'signup');
    case '/account/login':
      return facts.keepsItself || facts.hostedAccounts ? null : withRightSidebar(root, 'login');
    case '/cart':
      return facts.keepsItself ? null : withRightSidebar(root, 'cart');
    case '/search': {
      // Spec §2: /search → /collections/all, the search terms kept (q, type=product), and with them
      // what the list and the shell read (a colour, a sort, a panel to open: a shared filtered
      // search). Not the search page's own: its page number, the platform's search options.
      const kept = new URLSearchParams(search);
      for (const key of [...kept.keys()]) if (key === 'page' || key.startsWith('options[')) kept.delete(key);
      const query = kept.toString();
      return `${root}collections/all${query ? `?${query}` : ''}`;
    }
    // Spec §2 says /account → /account/orders. On the platform /account/orders does not exist
    // (404) while /account itself is the orders page, so the shell leaves /account alone; the
    // preview also answers the spec's /account/orders.
    case '/account/invalid_token':
      return root;
    // Spec §2: /pages/{id} with no id shows the default page. The platform has no /pages.
    case '/pages':
      return `${root}pages/default`;
    // Spec §2 alias /en/pages/story. The preview serves it; a shop without a page or URL
    // redirect of that name answers 404, which lands here.
    case '/pages/story':
      return facts.notFound ? `${root}pages/our-story` : null;
    default:
      return null;
  }
}

/**
 * Spec §2 /search → /collections/all?q=…&type=product: when the search page has drawn its
 * first page of results (the #search-results list), the address is rewritten in place and the
 * page stays, so a search renders once. A later page of results (?page=2, reached by page links
 * without JavaScript) keeps its own address.
 */
export function searchRendersInPlace(pathname: string, search: string, hasResults: boolean): boolean {
  if (unprefixedPath(pathname) !== '/search' || !hasResults) return false;
  const params = new URLSearchParams(search);
  return (params.get('q') ?? '').trim() !== '' && (params.get('page') ?? '1') === '1';
}

/**
 * A native form's outcome on the page, which the templates of those routes show: the
 * platform's error list (the default_errors filter renders .errors), an element marked
 * [data-form-result], or a status or alert message with text inside a form (the recover
 * notice of the login page).
 */
export function pageKeepsItself(doc: Document): boolean {
  if (doc.querySelector('#MainContent .errors, #MainContent [data-form-result]')) return true;
  const messages = doc.querySelectorAll('#MainContent form [role="status"], #MainContent form [role="alert"]');
  return Array.from(messages).some((el) => (el.textContent ?? '').trim() !== '');
}

/**
 * Spec §2: scroll returns to the top after navigation, except on product pages whose query
 * holds color or size (choosing a colour or size rewrites the address and must not jump).
 */
export function keepsScrollPosition(pathname: string, search: string): boolean {
  const path = unprefixedPath(pathname);
  const isProduct = /^\/(collections\/[^/]+\/)?products\/[^/]+$/.test(path);
  if (!isProduct) return false;
  const params = new URLSearchParams(search);
  return params.has('color') || params.has('size');
}
