// Prices arrive in minor units (spec §3: divided by 100 for display). They are written the way
// the shop writes money (shop.money_format, as Liquid's `money` filter does), so a price an island
// draws reads exactly as the same price drawn by the server. The shop's format for the fixture
// store is spec §9's rule: spaces as thousands separators, a UAH suffix, a dollar prefix.
//
// Without a format for the currency (an order in another currency, a page without one), spec §9's
// rule is used: decimals shown (two, with a '.') only when the amount is not whole, so '4 599 UAH'
// and '$110' stay short while '$12.50' is not silently rounded. Totals pass noDecimals and are
// rounded to the nearest whole unit either way. Style prices with `white-space: nowrap`.
import { bootstrap } from '../bootstrap';

export type PriceOptions = { noDecimals?: boolean };

/** Groups whole units by three with `thousands`, and writes the cents after `decimal` (none: rounded). */
function delimit(minor: number, thousands: string, decimal: string | null): string {
  const whole = decimal === null ? Math.round(minor / 100) : Math.floor(minor / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return decimal === null ? grouped : `${grouped}${decimal}${String(minor % 100).padStart(2, '0')}`;
}

/** The platform's money format placeholders: their thousands and decimal separators (null: no decimals). */
const PLACEHOLDERS: Record<string, [string, string | null]> = {
  amount: [',', '.'],
  amount_no_decimals: [',', null],
  amount_with_comma_separator: ['.', ','],
  amount_no_decimals_with_comma_separator: ['.', null],
  amount_with_apostrophe_separator: ["'", '.'],
  amount_no_decimals_with_space_separator: [' ', null],
  amount_with_space_separator: [' ', ','],
  amount_with_period_and_space_separator: [' ', '.'],
};

/**
 * An amount written in a shop's money format ('{{amount_with_comma_separator}} €'). Markup in the
 * format is left out: islands write text. Null when the format names no known placeholder.
 */
export function formatMoney(minor: number, format: string, options: PriceOptions = {}): string | null {
  const match = /\{\{\s*(\w+)\s*\}\}/.exec(format);
  const separators = match ? PLACEHOLDERS[match[1]!] : undefined;
  if (!match || !separators) return null;
  const abs = Math.abs(minor);
  const amount = delimit(abs, separators[0], options.noDecimals ? null : separators[1]);
  const text = format.replace(match[0], amount).replace(/<[^>]*>/g, '');
  return minor < 0 ? `-${text}` : text;
}

/** Spec §9's rule, for a currency the page has no format for. */
function specPrice(minor: number, currencyIso: string, options: PriceOptions): string {
  const abs = Math.abs(minor);
  const showDecimals = !options.noDecimals && abs % 100 !== 0;
  const amount = delimit(abs, ' ', showDecimals ? '.' : null);
  const sign = minor < 0 ? '-' : '';
  return currencyIso.toUpperCase() === 'UAH' ? `${sign}${amount} UAH` : `${sign}$${amount}`;
}

export function formatPrice(minor: number, currencyIso: string, options: PriceOptions = {}): string {
  const safe = Number.isFinite(minor) ? Math.round(minor) : 0;
  const { moneyFormat, locale } = bootstrap();
  // The page's format is for the page's currency; an amount in another (an old order's) keeps the spec's rule.
  const pageCurrency = locale.cartCurrency.isoCode.toUpperCase() === currencyIso.toUpperCase();
  return (pageCurrency && moneyFormat && formatMoney(safe, moneyFormat, options)) || specPrice(safe, currencyIso, options);
}
