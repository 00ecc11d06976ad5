// The page's start-up data, embedded by theme.liquid as
// <script type="application/json" id="shop-bootstrap">, so islands do not wait on API round trips.

export type LocaleData = {
  locales: { isoCode: string }[];
  requestLocale: { isoCode: string };
  currencies: { isoCode: string; symbol: string }[];
  cartCurrency: { isoCode: string };
};

export type BootstrapCustomer = { id: number; firstName: string; name: string };

/**
 * Which customer accounts the shop has (theme setting customer_accounts): 'current' — today's,
 * with the platform's account component and hosted account pages; 'legacy' — the spec's
 * password accounts with the theme's own panels and pages.
 */
export type AccountMode = 'current' | 'legacy';

export type Bootstrap = {
  locale: LocaleData;
  customer: BootstrapCustomer | null;
  accounts: AccountMode;
  /** routes.account_login_url: the sign-in page (the platform's own with today's accounts). */
  accountLoginUrl: string;
  cartItemCount: number;
  /**
   * The shop's first product (the first of collections.all, what the products API lists first):
   * the cart's recommendations for an empty bag are related to it (spec §7), with no download.
   */
  firstProductId: number | null;
  /** '/' for the primary language, '/en/' for the English-prefixed one. */
  rootUrl: string;
  /** request.design_mode: the page is inside the theme editor (no redirects, no focus moves). */
  designMode: boolean;
  settings: {
    zoomEnabled: boolean;
    contactManagerUrl: string;
    supportEmail: string;
    socialUrl: string;
    socialHandle: string;
  };
};

const BOOTSTRAP_ID = 'shop-bootstrap';

// Safe defaults: a guest on the primary-language root with an empty bag. A page whose
// bootstrap is broken still renders its server markup; islands then behave as for a guest.
function defaults(): Bootstrap {
  return {
    locale: {
      locales: [{ isoCode: 'en' }],
      requestLocale: { isoCode: 'en' },
      currencies: [],
      cartCurrency: { isoCode: 'UAH' },
    },
    customer: null,
    accounts: 'legacy',
    accountLoginUrl: '/account/login',
    cartItemCount: 0,
    firstProductId: null,
    rootUrl: '/',
    designMode: false,
    settings: { zoomEnabled: false, contactManagerUrl: '', supportEmail: '', socialUrl: '', socialHandle: '' },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
// The server's shapes are trusted once their container type is right.
const list = <T>(v: unknown, fallback: T[]): T[] => (Array.isArray(v) ? (v as T[]) : fallback);
const item = <T>(v: unknown, fallback: T): T => (isObject(v) ? (v as T) : fallback);

/** Every URL is built by appending a path to rootUrl, so it must end with exactly one '/'. */
function normaliseRoot(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/')) return '/';
  return v.endsWith('/') ? v : `${v}/`;
}

// Keeps each well-typed part of the parsed JSON and falls back per part, so one wrong field
// (say a Liquid nil) does not throw away the customer or the locale.
function normalise(raw: unknown): Bootstrap {
  const base = defaults();
  const r = obj(raw);
  const locale = obj(r.locale);
  const settings = obj(r.settings);
  const customer = item<BootstrapCustomer | null>(r.customer, null);
  return {
    locale: {
      locales: list(locale.locales, base.locale.locales),
      requestLocale: item(locale.requestLocale, base.locale.requestLocale),
      currencies: list(locale.currencies, []),
      cartCurrency: item(locale.cartCurrency, base.locale.cartCurrency),
    },
    customer: customer?.id != null ? customer : null,
    // The theme always names the mode; a page without it (older markup, tests) keeps the panels.
    accounts: r.accounts === 'current' ? 'current' : 'legacy',
    accountLoginUrl: /^\/(?![/\\])/.test(str(r.accountLoginUrl)) ? str(r.accountLoginUrl) : base.accountLoginUrl,
    cartItemCount: typeof r.cartItemCount === 'number' ? r.cartItemCount : 0,
    firstProductId: typeof r.firstProductId === 'number' ? r.firstProductId : null,
    rootUrl: normaliseRoot(r.rootUrl),
    designMode: r.designMode === true,
    settings: {
      // Spec §4: zoom only when ZOOM_ENABLED equals true.
      zoomEnabled: settings.zoomEnabled === true,
      contactManagerUrl: str(settings.contactManagerUrl),
      supportEmail: str(settings.supportEmail),
      socialUrl: str(settings.socialUrl),
      socialHandle: str(settings.socialHandle),
    },
  };
}

/** Parses a JSON script element; logs and returns undefined when it is malformed. */
export function readJsonScript(el: Element | null, what: string): unknown {
  if (!el) return undefined;
  try {
    return JSON.parse(el.textContent || '');
  } catch (error) {
    console.error(`Malformed ${what} JSON`, error);
    return undefined;
  }
}

let memo: Bootstrap | undefined;

/** The page's bootstrap data, read from the DOM once. */
export function bootstrap(): Bootstrap {
  if (memo) return memo;
  // Outside a browser (server-side tooling, node tests) there is no page to read: defaults, quietly.
  const el = typeof document === 'undefined' ? null : document.getElementById(BOOTSTRAP_ID);
  if (!el && typeof document !== 'undefined') console.error(`Missing #${BOOTSTRAP_ID} JSON; using defaults`);
  memo = normalise(readJsonScript(el, BOOTSTRAP_ID));
  return memo;
}

/** Tests only: forget the memoised value so the next call reads the DOM again. */
export function resetBootstrap(): void {
  memo = undefined;
}

/** The props script of a mount node: a direct child, so a nested island's props are not read. */
export const ISLAND_PROPS_SELECTOR = ':scope > script[type="application/json"][data-island-props]';

/**
 * The props of one island mount node, from its child
 * <script type="application/json" data-island-props>. Missing or malformed → null.
 */
export function readIslandProps<T>(el: Element): T | null {
  const script = el.querySelector(ISLAND_PROPS_SELECTOR);
  const value = readJsonScript(script, 'island props');
  return value === undefined ? null : (value as T);
}

// ---- what the bootstrap says of the page: its language, and whether the theme editor holds it ----
// Here rather than in modules of their own: every script reads the bootstrap, so these cost no
// request of their own (each was a chunk of a few bytes that nearly every page loaded).

export type Language = 'uk' | 'en';

/** 'uk' for a Ukrainian platform locale (uk, uk-UA), 'en' for anything else (the fallback). */
export function languageOf(isoCode: string): Language {
  return isoCode.toLowerCase().startsWith('uk') ? 'uk' : 'en';
}

/** The page's language, from the bootstrap's request locale. */
export function language(): Language {
  return languageOf(bootstrap().locale.requestLocale.isoCode);
}

/**
 * A storefront path without its English prefix (/en, not a handle that starts with "en"), with
 * no leading double slash, so that it can never become a protocol-relative address.
 */
export function withoutLanguagePrefix(pathname: string): string {
  return pathname.replace(/^\/en(?=\/|$)/, '').replace(/^\/{2,}/, '/') || '/';
}

/** True inside the theme editor: the page then never navigates, jumps language or takes focus. */
export function inDesignMode(): boolean {
  if (typeof window === 'undefined') return false;
  const shopify = (window as { Shopify?: { designMode?: unknown } }).Shopify;
  return shopify?.designMode === true || bootstrap().designMode;
}
