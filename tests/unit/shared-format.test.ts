import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../shared/format/values';
import { formatOrderDate } from '../../shared/format/date';
import { setDictionary } from '../../shared/i18n';

describe('formatPrice', () => {
  it.each([
    [459900, 'UAH', '4 599 UAH'],
    [11000, 'USD', '$110'],
    [123456789, 'UAH', '1 234 567.89 UAH'],
    [100000000, 'uah', '1 000 000 UAH'],
    [1250, 'USD', '$12.50'],
    [5, 'USD', '$0.05'],
    [0, 'UAH', '0 UAH'],
    [99900, 'EUR', '$999'],
    [-2500, 'USD', '-$25'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(formatPrice(minor, currency)).toBe(text);
  });

  it('rounds to whole units with noDecimals', () => {
    expect(formatPrice(123456, 'UAH', { noDecimals: true })).toBe('1 235 UAH');
    expect(formatPrice(1249, 'USD', { noDecimals: true })).toBe('$12');
    expect(formatPrice(1250, 'USD', { noDecimals: true })).toBe('$13');
  });

  it('shows 0 for a missing amount instead of NaN', () => {
    expect(formatPrice(Number.NaN, 'UAH')).toBe('0 UAH');
  });
});

describe('formatOrderDate', () => {
  setDictionary('en', { date: { months_short: { mar: 'Mar', dec: 'Dec', jan: 'Jan' } } });
  setDictionary('uk', { date: { months_short: { mar: 'бер', dec: 'груд' } } });

  it('writes DD MMM YYYY', () => {
    expect(formatOrderDate('2026-03-05T14:22:00+02:00', 'en')).toBe('05 Mar 2026');
    expect(formatOrderDate('2025-12-31', 'en')).toBe('31 Dec 2025');
  });

  it('uses Ukrainian month names for uk', () => {
    expect(formatOrderDate('2026-03-05T14:22:00+02:00', 'uk')).toBe('05 бер 2026');
  });

  it("keeps the shop's calendar day whatever the reader's time zone", () => {
    expect(formatOrderDate('2026-03-05T23:59:00+02:00', 'en')).toBe('05 Mar 2026');
    expect(formatOrderDate('2026-03-05T00:10:00-08:00', 'en')).toBe('05 Mar 2026');
  });

  it('answers an empty string for an unreadable date', () => {
    expect(formatOrderDate('not a date', 'en')).toBe('');
    expect(formatOrderDate('2026-13-01', 'en')).toBe('');
  });
});
