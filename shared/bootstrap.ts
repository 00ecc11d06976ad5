// The page's start-up data, embedded by theme.liquid as
// <script type="application/json" id="shop-bootstrap">, so islands do not wait on API round trips.

export type LocaleData = {
  locales: { isoCode: string }[];
  requestLocale: { isoCode: string };
  currencies: { isoCode: string; symbol: string }[];
  cartCurrency: { isoCode: string };
};

export type BootstrapCustomer = { id: number; firstName: string; name: string };

export type Bootstrap = {
  locale: LocaleData;
  customer: BootstrapCustomer | null;
  cartItemCount: number;
  /** '/' for the primary language, '/en/' for the English-prefixed one. */
  rootUrl: string;
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
    cartItemCount: 0,
    rootUrl: '/',
    settings: { zoomEnabled: false, contactManagerUrl: '', supportEmail: '', socialUrl: '', socialHandle: '' },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every URL is built by appending a path to rootUrl, so it must end with exactly one '/'. */
function normaliseRoot(v: unknown): string {
  if (typeof v !== 'string' || !v.startsWith('/')) return '/';
  return v.endsWith('/') ? v : `${v}/`;
}

// Keeps each well-typed top-level part of the parsed JSON and falls back per part, so one
// wrong field (say a Liquid nil) does not throw away the customer or the locale.
function normalise(raw: unknown): Bootstrap {
  const base = defaults();
  if (!isObject(raw)) return base;
  const locale = isObject(raw.locale) ? raw.locale : {};
  const settings = isObject(raw.settings) ? raw.settings : {};
  const customer = raw.customer;
  return {
    locale: {
      locales: Array.isArray(locale.locales) ? (locale.locales as LocaleData['locales']) : base.locale.locales,
      requestLocale: isObject(locale.requestLocale)
        ? (locale.requestLocale as LocaleData['requestLocale'])
        : base.locale.requestLocale,
      currencies: Array.isArray(locale.currencies) ? (locale.currencies as LocaleData['currencies']) : [],
      cartCurrency: isObject(locale.cartCurrency)
        ? (locale.cartCurrency as LocaleData['cartCurrency'])
        : base.locale.cartCurrency,
    },
    customer: isObject(customer) && customer.id != null ? (customer as BootstrapCustomer) : null,
    cartItemCount: typeof raw.cartItemCount === 'number' ? raw.cartItemCount : 0,
    rootUrl: normaliseRoot(raw.rootUrl),
    settings: {
      zoomEnabled: settings.zoomEnabled === true,
      contactManagerUrl: typeof settings.contactManagerUrl === 'string' ? settings.contactManagerUrl : '',
      supportEmail: typeof settings.supportEmail === 'string' ? settings.supportEmail : '',
      socialUrl: typeof settings.socialUrl === 'string' ? settings.socialUrl : '',
      socialHandle: typeof settings.socialHandle === 'string' ? settings.socialHandle : '',
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

/**
 * The props of one island mount node, from its child
 * <script type="application/json" data-island-props>. Missing or malformed → null.
 */
export function readIslandProps<T>(el: Element): T | null {
  const script = el.querySelector(':scope > script[type="application/json"][data-island-props]');
  const value = readJsonScript(script, 'island props');
  return value === undefined ? null : (value as T);
}
