// The one table of every call of spec §7. Paths are relative to the store root (bootstrap
// rootUrl, '/' or '/en/'), so each call answers in the page's language.
import { bootstrap } from '../bootstrap';

// The theme's JSON endpoints are alternate templates of the page with handle `api`
// (theme/templates/page.api-<name>.liquid, layout none, per ARCHITECTURE.md). The platform picks
// an alternate template with ?view=<what follows "page.">, so page.api-menus is
// /pages/api?view=api-menus. Spec §7 names these {root}/pages/api/<name>.
const API_PAGE = 'pages/api?view=api-';

export type Endpoint = {
  /** Relative to rootUrl; `{name}` placeholders are filled from params. */
  path: string;
  /** Seconds a GET answer stays in the client cache; 0 = never cached. Spec §9: 300. */
  ttl: number;
  /** Answers `{ items, page, pages }` for `&page=n` (see fetchAllPages). */
  paged?: true;
};

const CACHE_SECONDS = 300;

export const ENDPOINTS = {
  // Theme JSON pages.
  menus: { path: `${API_PAGE}menus`, ttl: CACHE_SECONDS },
  // Spec §7: "cached 300 s, but the client cache for shop-locale paths is never written";
  // the client enforces the second half by path (see client.ts).
  'shop-locale': { path: `${API_PAGE}shop-locale`, ttl: CACHE_SECONDS },
  'type-products': { path: `${API_PAGE}type-products`, ttl: CACHE_SECONDS },
  products: { path: `${API_PAGE}products`, ttl: CACHE_SECONDS, paged: true },
  collections: { path: `${API_PAGE}collections`, ttl: CACHE_SECONDS, paged: true },
  'text-pages': { path: `${API_PAGE}text-pages`, ttl: CACHE_SECONDS },
  contacts: { path: `${API_PAGE}contacts`, ttl: 0 },
  // Personal data and the bag change under the shopper's hands: never cached.
  customer: { path: `${API_PAGE}customer`, ttl: 0 },
  cart: { path: `${API_PAGE}cart`, ttl: 0 },

  // Platform AJAX cart API.
  'cart.js': { path: 'cart.js', ttl: 0 },
  'cart.add': { path: 'cart/add.js', ttl: 0 },
  'cart.change': { path: 'cart/change.js', ttl: 0 },
  'cart.update': { path: 'cart/update.js', ttl: 0 },
  'cart.clear': { path: 'cart/clear.js', ttl: 0 },
  /** A product as the platform's AJAX API gives it, in the shopper's currency (never cached: the currency is not in the address). */
  'product.js': { path: 'products/{handle}.js', ttl: 0 },
  /** The cart form's checkout action (native POST /cart). */
  checkout: { path: 'cart', ttl: 0 },

  // List indexes (theme/templates/collection.list-index.liquid, search.list-index.liquid): a
  // list's products in the one list-product shape, 250 a page, as {items, page, pages, count}.
  'collection-index': { path: 'collections/{handle}?view=list-index', ttl: CACHE_SECONDS, paged: true },
  'search-index': { path: 'search?view=list-index', ttl: CACHE_SECONDS, paged: true },

  // HTML answers.
  search: { path: 'search', ttl: 0 },
  recommendations: { path: 'recommendations/products', ttl: 0 },

  // Native forms.
  /** Language (language_code) and currency through the country's market (country_code). */
  localization: { path: 'localization', ttl: 0 },
  'account.login': { path: 'account/login', ttl: 0 },
  /** create_customer, and customer_update with _method=put. */
  'account.create': { path: 'account', ttl: 0 },
  'account.recover': { path: 'account/recover', ttl: 0 },
  /** The reset form posts to the page's own URL: /account/reset/{id}/{token}. */
  'account.reset': { path: 'account/reset/{id}/{token}', ttl: 0 },
  'account.addresses': { path: 'account/addresses/{id}', ttl: 0 },
  'account.logout': { path: 'account/logout', ttl: 0 },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

export type Params = Record<string, string | number | undefined>;

/**
 * The URL of an endpoint: rootUrl + path, `{placeholders}` filled from params, the other
 * params appended as a query string (undefined values left out).
 */
export function endpointUrl(name: EndpointName, params: Params = {}): string {
  const rest: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) rest[k] = String(v);
  const path = ENDPOINTS[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key] ?? '';
    delete rest[key];
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(rest).toString();
  const url = bootstrap().rootUrl + path;
  if (!query) return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}
