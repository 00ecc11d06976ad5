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
