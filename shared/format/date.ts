// Order dates as DD MMM YYYY (spec §3, §9): '05 Mar 2026', '05 бер 2026'.
import { t, type Language } from '../i18n';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/**
 * The calendar date written in the timestamp is used as is ('2026-03-05T23:30:00+02:00' is
 * 05 Mar, the shop's day), so a shopper in another time zone sees the same date as the shop.
 * Anything without a leading YYYY-MM-DD is parsed by Date in local time; invalid → ''.
 */
export function formatOrderDate(iso: string, lang: Language): string {
  let year: number, month: number, day: number;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (m) {
    [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  } else {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return '';
    [year, month, day] = [d.getFullYear(), d.getMonth(), d.getDate()];
  }
  const key = MONTHS[month];
  if (!key || day < 1 || day > 31) return '';
  return `${String(day).padStart(2, '0')} ${t(`date.months_short.${key}`, undefined, lang)} ${year}`;
}
