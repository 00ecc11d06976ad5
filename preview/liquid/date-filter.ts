// The `date` filter as the platform's Liquid (Ruby) runs it: Utils.to_date then Time#strftime.
// - 'now' and 'today' (any case) are the render's current time; digits are Unix seconds; other
//   text is parsed as Ruby's Time.parse reads the usual forms, keeping a written UTC offset
//   (`'2020-06-15 14:30:00 -0400' | date: '%H %z'` is "14 -0400"); a time without one is UTC,
//   the preview's zone. What cannot be read is returned as it came.
// - An empty or nil format returns the input unchanged.
// - strftime is Ruby's: every conversion (%C %D %F %G %g %j %k %l %L %N %P %Q %r %R %s %T %u %U
//   %V %w %W %x %X %:z ...) and the flags - _ 0 ^ # and a width.
import { Drop, type Context } from 'liquidjs';
import { rubyToS } from './ruby-values.js';

/**
 * Where a render's current time comes from when not the clock (the host's register, as Ruby's
 * Liquid has `registers[:current_time]`): a Date under this key in the render's globals.
 */
export const CURRENT_TIME = Symbol('current time');

/** An instant and the UTC offset it is shown in, as a Ruby Time. */
interface RubyTime {
  ms: number;
  /** Minutes east of UTC. */
  offset: number;
  /** Zone name for %Z when the text named one. */
  zone: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function now(ctx: Context | undefined): number {
  const frozen = (ctx?.globals as Record<symbol, unknown> | undefined)?.[CURRENT_TIME];
  return frozen instanceof Date ? frozen.getTime() : Date.now();
}

const ZONES: Record<string, number> = { UTC: 0, GMT: 0, Z: 0, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420 };
// 2020-06-15, 2020-06-15 14:30, 2020-06-15T14:30:45.123, with an optional offset or zone name.
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2}|[A-Z]{3})?$/i;

function parseOffset(text: string | undefined): { offset: number; zone: string } | null {
  if (!text) return null;
  const upper = text.toUpperCase();
  if (upper in ZONES) return { offset: ZONES[upper]!, zone: upper === 'Z' ? 'UTC' : upper };
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return { offset: match[1] === '-' ? -minutes : minutes, zone: '' };
}

function parseTime(text: string): RubyTime | null {
  const iso = ISO.exec(text.trim());
  if (iso) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zoneText] = iso;
    const zone = parseOffset(zoneText) ?? { offset: 0, zone: 'UTC' };
    const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0')));
    if (Number.isNaN(local)) return null;
    return { ms: local - zone.offset * 60_000, ...zone };
  }
  // Other forms Time.parse reads ("Fri Jul 16 01:00:00 2004", "March 14, 2016"), read as UTC.
  if (!/\d/.test(text)) return null;
  const written = /\s([+-]\d{2}:?\d{2}|[A-Z]{3})$/.exec(text.trim());
  const zone = parseOffset(written?.[1]) ?? { offset: 0, zone: 'UTC' };
  const ms = Date.parse(written ? text : `${text} UTC`);
  return Number.isNaN(ms) ? null : { ms, ...zone };
}

/** Liquid's Utils.to_date. */
export function toRubyTime(input: unknown, ctx?: Context): RubyTime | null {
  const value = input instanceof Drop ? (input.valueOf() as unknown) : input;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { ms: value.getTime(), offset: 0, zone: 'UTC' };
  if (typeof value === 'number') return Number.isInteger(value) ? { ms: value * 1000, offset: 0, zone: 'UTC' } : null;
  if (typeof value !== 'string' || value === '') return null;
  const lower = value.toLowerCase();
  if (lower === 'now' || lower === 'today') return { ms: now(ctx), offset: 0, zone: 'UTC' };
  if (/^\d+$/.test(value)) return { ms: Number(value) * 1000, offset: 0, zone: 'UTC' };
  return parseTime(value);
}

interface Parts {
  year: number;
  month: number; // 0-11
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  weekday: number; // 0 = Sunday
  yday: number; // 1-366
}

function partsOf(time: RubyTime): Parts {
  const d = new Date(time.ms + time.offset * 60_000);
  const year = d.getUTCFullYear();
  const yday = Math.floor((Date.UTC(year, d.getUTCMonth(), d.getUTCDate()) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
  return {
    year,
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    yday,
  };
}

/** ISO 8601 week-based year and week number. */
function isoWeek(p: Parts): { year: number; week: number } {
  const date = new Date(Date.UTC(p.year, p.month, p.day));
  const weekday = p.weekday === 0 ? 7 : p.weekday;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week };
}

function offsetText(offset: number, colon: boolean): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}${colon ? ':' : ''}${mm}`;
}

type Conversion = { text: string; pad: '0' | ' ' | ''; width: number } | string;

function conversion(c: string, time: RubyTime, p: Parts, colons: number): Conversion | null {
  const num = (n: number, width: number, pad: '0' | ' ' = '0'): Conversion => ({ text: String(n), pad, width });
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  switch (c) {
    case 'Y':
      return num(p.year, 1);
    case 'C':
      return num(Math.floor(p.year / 100), 2);
    case 'y':
      return num(p.year % 100, 2);
    case 'm':
      return num(p.month + 1, 2);
    case 'B':
      return MONTHS[p.month]!;
    case 'b':
    case 'h':
      return MONTHS[p.month]!.slice(0, 3);
    case 'd':
      return num(p.day, 2);
    case 'e':
      return num(p.day, 2, ' ');
    case 'j':
      return num(p.yday, 3);
    case 'H':
      return num(p.hour, 2);
    case 'k':
      return num(p.hour, 2, ' ');
    case 'I':
      return num(hour12, 2);
    case 'l':
      return num(hour12, 2, ' ');
    case 'P':
      return p.hour < 12 ? 'am' : 'pm';
    case 'p':
      return p.hour < 12 ? 'AM' : 'PM';
    case 'M':
      return num(p.minute, 2);
    case 'S':
      return num(p.second, 2);
    case 'L':
      return num(p.ms, 3);
    case 'N':
      return `${String(p.ms).padStart(3, '0')}000000`;
    case 'z':
      return offsetText(time.offset, colons === 1);
    case 'Z':
      return time.zone || offsetText(time.offset, false);
    case 'A':
      return DAYS[p.weekday]!;
    case 'a':
      return DAYS[p.weekday]!.slice(0, 3);
    case 'u':
      return String(p.weekday === 0 ? 7 : p.weekday);
    case 'w':
      return String(p.weekday);
    case 'U':
      return num(Math.floor((p.yday - 1 - p.weekday + 7) / 7), 2);
    case 'W':
      return num(Math.floor((p.yday - 1 - ((p.weekday + 6) % 7) + 7) / 7), 2);
    case 'G':
      return num(isoWeek(p).year, 1);
    case 'g':
      return num(isoWeek(p).year % 100, 2);
    case 'V':
      return num(isoWeek(p).week, 2);
    case 's':
      return String(Math.floor(time.ms / 1000));
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case '%':
      return '%';
    case 'D':
    case 'x':
      return strftime(time, '%m/%d/%y');
    case 'F':
      return strftime(time, '%Y-%m-%d');
    case 'T':
    case 'X':
      return strftime(time, '%H:%M:%S');
    case 'R':
      return strftime(time, '%H:%M');
    case 'r':
      return strftime(time, '%I:%M:%S %p');
    case 'c':
      return strftime(time, '%a %b %e %H:%M:%S %Y');
    case 'v':
      return strftime(time, '%e-%^b-%Y');
    case '+':
      return strftime(time, '%a %b %e %H:%M:%S %Z %Y');
    default:
      return null;
  }
}

/** Ruby's Time#strftime. */
export function strftime(time: RubyTime, format: string): string {
  const p = partsOf(time);
  return format.replace(/%([-_0^#]*)(\d*)(:{0,2})([a-zA-Z%+])/g, (whole, flags: string, widthText: string, colons: string, c: string) => {
    const result = conversion(c, time, p, colons.length);
    if (result === null) return whole;
    let text: string;
    if (typeof result === 'string') {
      const width = widthText ? Number(widthText) : 0;
      const pad = flags.includes('0') ? '0' : ' ';
      text = flags.includes('-') ? result : result.padStart(width, pad);
    } else {
      const width = widthText ? Number(widthText) : result.width;
      const pad = flags.includes('-') ? '' : flags.includes('_') ? ' ' : flags.includes('0') ? '0' : result.pad;
      const negative = result.text.startsWith('-');
      const digits = negative ? result.text.slice(1) : result.text;
      text = (negative ? '-' : '') + (pad ? digits.padStart(width - (negative ? 1 : 0), pad) : digits);
    }
    if (flags.includes('^')) text = text.toUpperCase();
    if (flags.includes('#')) text = text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
    return text;
  });
}

/** The standard `date` filter. */
export function rubyDate(this: { context?: Context } | undefined, input: unknown, format?: unknown): unknown {
  const pattern = rubyToS(format);
  if (pattern === '') return input;
  const time = toRubyTime(input, this?.context);
  return time ? strftime(time, pattern) : input;
}
