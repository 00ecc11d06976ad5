// Prices the islands draw follow the shop's money format (shop.money_format in the page's
// bootstrap), as the server's `money` filter does, so the same price reads the same in both.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { formatMoney, formatPrice } from '../../shared/format/price';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';

function page(moneyFormat: string | undefined, currency = 'UAH'): void {
  setBootstrapScript({
    locale: { requestLocale: { isoCode: 'uk' }, cartCurrency: { isoCode: currency } },
    ...(moneyFormat === undefined ? {} : { moneyFormat }),
  });
  resetBootstrap();
}

beforeEach(() => page(undefined));

describe('formatMoney: the platform’s money format placeholders', () => {
  it.each([
    ['{{amount}}', '1,134.65'],
    ['{{amount_no_decimals}}', '1,135'],
    ['{{amount_with_comma_separator}}', '1.134,65'],
    ['{{amount_no_decimals_with_comma_separator}}', '1.135'],
    ['{{amount_with_apostrophe_separator}}', "1'134.65"],
    ['{{amount_no_decimals_with_space_separator}} UAH', '1 135 UAH'],
    ['{{amount_with_space_separator}} €', '1 134,65 €'],
    ['${{ amount_with_period_and_space_separator }}', '$1 134.65'],
  ])('%s writes 113465 as %s', (format, text) => {
    expect(formatMoney(113465, format)).toBe(text);
  });

  it('leaves out markup, keeps the sign, rounds with noDecimals, and knows no other placeholder', () => {
    expect(formatMoney(-2550, '<span class=money>€{{amount}}</span>')).toBe('-€25.50');
    expect(formatMoney(2550, '{{amount}} zł', { noDecimals: true })).toBe('26 zł');
    expect(formatMoney(2550, '{{price}} zł')).toBeNull();
  });
});

describe('formatPrice on a page', () => {
  it('follows the page’s format: a unit price of 563.33 UAH reads 563 UAH, as the server writes it', () => {
    page('{{amount_no_decimals_with_space_separator}} UAH');
    expect(formatPrice(56333, 'UAH')).toBe('563 UAH');
    expect(formatPrice(459900, 'uah')).toBe('4 599 UAH');
  });

  it('keeps spec §9’s rule for an amount in another currency than the page’s, and without a format', () => {
    page('{{amount_no_decimals_with_space_separator}} UAH');
    expect(formatPrice(1250, 'USD')).toBe('$12.50');
    page(undefined);
    expect(formatPrice(56333, 'UAH')).toBe('563.33 UAH');
  });

  it('keeps spec §9’s rule when the page’s format names no placeholder it knows', () => {
    page('{{ price }} UAH');
    expect(formatPrice(56333, 'UAH')).toBe('563.33 UAH');
  });
});
