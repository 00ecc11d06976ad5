import { NumberDrop } from './arithmetic.js';

// Money formatting as the platform does it: an integer in minor units, formatted with the
// shop's money format, whose placeholders are documented in theme-currency.
type Separators = { thousands: string; decimal: string; decimals: number };

const PLACEHOLDERS: Record<string, Separators> = {
  amount: { thousands: ',', decimal: '.', decimals: 2 },
  amount_no_decimals: { thousands: ',', decimal: '.', decimals: 0 },
  amount_with_comma_separator: { thousands: '.', decimal: ',', decimals: 2 },
  amount_no_decimals_with_comma_separator: { thousands: '.', decimal: ',', decimals: 0 },
  amount_with_apostrophe_separator: { thousands: "'", decimal: '.', decimals: 2 },
  amount_no_decimals_with_space_separator: { thousands: ' ', decimal: ',', decimals: 0 },
  amount_with_space_separator: { thousands: ' ', decimal: ',', decimals: 2 },
  amount_with_period_and_space_separator: { thousands: ' ', decimal: '.', decimals: 2 },
};

function formatAmount(minor: number, { thousands, decimal, decimals }: Separators): string {
  const fixed = (minor / 100).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return fraction ? `${grouped}${decimal}${fraction}` : grouped;
}

export function formatMoney(minor: unknown, format: string): string {
  const cents = Number(minor);
  if (!Number.isFinite(cents)) return '';
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const separators = PLACEHOLDERS[name];
    return separators ? formatAmount(Math.round(cents), separators) : whole;
  });
}

/**
 * An amount in a currency of its own, as an order's amounts are on the platform: it reads as its
 * minor units (output, json, arithmetic, comparisons), and the money filters write it in its own
 * currency's format rather than the shopper's current one.
 */
export class MoneyDrop extends NumberDrop {
  constructor(
    readonly cents: number,
    readonly format: string,
    readonly withCurrencyFormat: string,
  ) {
    super(cents);
  }
}
