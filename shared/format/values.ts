// The values the islands write into the page for a shopper: prices, image addresses at a width,
// and links checked as safe. One module because every card, list and bag line writes all three:
// as three modules they travelled as three chunks, and on the wishlist page, at the edge of its
// 12 KB start-up budget, each chunk of its own cost a request and 60-90 bytes.
//
// Prices arrive in minor units (spec §3: divided by 100 for display). Spec §9: spaces as
// thousands separators, a UAH suffix when the currency is UAH, otherwise a dollar prefix.
//
// Decimals: shown (two, with a '.') only when the amount is not whole and noDecimals is not
// set, so '4 599 UAH' and '$110' stay short while '$12.50' is not silently rounded. Totals
// pass noDecimals and are rounded to the nearest whole unit. The separator is a plain space,
// as the spec writes it; style prices with `white-space: nowrap` so they never wrap.

export type PriceOptions = { noDecimals?: boolean };

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function formatPrice(minor: number, currencyIso: string, options: PriceOptions = {}): string {
  const safe = Number.isFinite(minor) ? Math.round(minor) : 0;
  const sign = safe < 0 ? '-' : '';
  const abs = Math.abs(safe);
  const showDecimals = !options.noDecimals && abs % 100 !== 0;
  const whole = showDecimals ? Math.floor(abs / 100) : Math.round(abs / 100);
  const amount = groupThousands(whole) + (showDecimals ? `.${String(abs % 100).padStart(2, '0')}` : '');
  return currencyIso.toUpperCase() === 'UAH' ? `${sign}${amount} UAH` : `${sign}$${amount}`;
}

// The platform's image addresses take ?width= and keep their own query (?v=): one file at
// another width is the same address with that width. Cards, cart lines and upsells ask for their
// widths this one way.

/** A CDN image address at another width. */
export function imageAtWidth(url: string, width: number): string {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('width', `${width}`);
  return `${path}?${params}`;
}

// Addresses from storage or another tab are input like any other: a planted `javascript:` link
// would run on a click. Only same-site paths and http(s) addresses are used.

/**
 * The address as given when it is a same-site path or resolves to http(s) (a browser resolves it
 * as URL does, so what is checked is what a click opens); '#' for anything else.
 */
export function safeUrl(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}
