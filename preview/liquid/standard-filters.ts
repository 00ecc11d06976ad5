// Liquid's standard filters as the platform's Liquid (Ruby's Liquid::StandardFilters) answers them,
// where liquidjs's answer differs: a string filter reads its input with Ruby's to_s (a list is
// `["a", "b"]`), nil in gives nil out for escape and the truncations, `size` of an integer is 8
// (Ruby's Integer#size), `first` of a hash is its first pair, and the text rules (strip_html's
// patterns, truncatewords' word splitting, base64's padding) are Ruby's.
import { Drop, type Liquid } from 'liquidjs';
import { FloatNumber } from './float-number.js';
import { rubyToS } from './ruby-values.js';

type FilterFn = (this: unknown, input: unknown, ...args: unknown[]) => unknown;

/** Filters Ruby's Liquid has that the platform's documentation leaves out: they run on a shop. */
export const RUBY_STANDARD_FILTERS = ['h', 'squish'];

// The string filters Ruby's Liquid applies to `input.to_s`; liquidjs would join a list instead.
const STRING_FILTERS = [
  'append',
  'prepend',
  'capitalize',
  'downcase',
  'upcase',
  'lstrip',
  'rstrip',
  'strip',
  'strip_newlines',
  'newline_to_br',
  'url_encode',
  'url_decode',
  'base64_encode',
  'base64_decode',
  'escape_once',
  'remove',
  'remove_first',
  'remove_last',
  'replace_first',
  'replace_last',
  'split',
];

function isNil(value: unknown): boolean {
  const v = value instanceof Drop ? (value.valueOf() as unknown) : value;
  return v === null || v === undefined;
}

/** Ruby's to_s of a filter's input, a string or nil kept as liquidjs expects them. */
function text(value: unknown): unknown {
  return typeof value === 'string' || isNil(value) ? value : rubyToS(value);
}

function toInteger(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number.parseInt(rubyToS(value), 10);
  return Number.isNaN(n) ? fallback : n;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const STRIP_HTML_BLOCKS = /<script.*?<\/script>|<!--.*?-->|<style.*?<\/style>/gis;
const STRIP_HTML_TAGS = /<.*?>/gs;
// Ruby's String#split(" ") splits on ASCII whitespace only: a no-break space joins two words.
const ASCII_SPACE = /[ \t\n\v\f\r]+/;

function escape(input: unknown): unknown {
  if (isNil(input)) return null;
  return rubyToS(input).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Liquid's empty?: nil, '', an empty list or an empty hash. */
function isEmptyValue(value: unknown): boolean {
  const v = value instanceof Drop ? (value.valueOf() as unknown) : value;
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v && typeof v === 'object' && !(v instanceof Drop) && !(v instanceof FloatNumber) && Object.getPrototypeOf(v) === Object.prototype)
    return Object.keys(v).length === 0;
  return false;
}

/** The key two items are the same by for uniq: a drop by its value, a hash by its contents. */
function uniqKey(value: unknown): unknown {
  const v = value instanceof Drop ? (value.valueOf() as unknown) : value;
  if (v instanceof Drop) return v.toString();
  if (v instanceof FloatNumber) return v.valueOf();
  return v && typeof v === 'object' ? JSON.stringify(v) : v;
}

/** Ruby's Integer(x) as Liquid's Utils.to_integer reads a filter's argument. */
function integerArgument(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const n = Number(value instanceof Drop ? value.valueOf() : value instanceof FloatNumber ? value.valueOf() : value);
  if (!Number.isFinite(n)) throw new Error('invalid integer');
  return Math.trunc(n);
}

const filters: Record<string, FilterFn> = {
  // default: the fallback for nil, false (unless allow_false: true) and anything empty, a hash too.
  default(input: unknown, fallback: unknown, ...args: unknown[]) {
    const allowFalse = args.some((a) => Array.isArray(a) && a[0] === 'allow_false' && a[1] === true);
    const v = input instanceof Drop ? (input.valueOf() as unknown) : input;
    if (v === false) return allowFalse ? input : fallback;
    return isEmptyValue(input) ? fallback : input;
  },
  uniq(input: unknown, property?: unknown) {
    if (!Array.isArray(input)) return input;
    const seen = new Set<unknown>();
    return (input as unknown[]).filter((item) => {
      const key = uniqKey(
        property === undefined || property === null ? item : item && typeof item === 'object' ? (item as Record<string, unknown>)[String(property)] : undefined,
      );
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  // Ruby's Array#slice / String#slice: a start from the end when negative, nothing past the end.
  slice(input: unknown, offset: unknown, length?: unknown) {
    const start = integerArgument(offset, 0);
    const count = integerArgument(length, 1);
    const list = Array.isArray(input) ? input : [...rubyToS(input)];
    const from = start < 0 ? list.length + start : start;
    const part = from < 0 || from > list.length || count < 0 ? [] : list.slice(from, from + count);
    return Array.isArray(input) ? part : part.join('');
  },
  escape,
  h: escape,
  strip_html(input: unknown) {
    return rubyToS(input).replace(STRIP_HTML_BLOCKS, '').replace(STRIP_HTML_TAGS, '');
  },
  squish(input: unknown) {
    if (isNil(input)) return null;
    return rubyToS(input).trim().replace(/\s+/g, ' ');
  },
  replace(input: unknown, search: unknown, replacement: unknown) {
    const replaceWith = rubyToS(replacement);
    return rubyToS(input).replaceAll(rubyToS(search), () => replaceWith);
  },
  truncate(input: unknown, length?: unknown, ellipsis?: unknown) {
    if (isNil(input)) return null;
    const str = rubyToS(input);
    const max = toInteger(length, 50);
    const end = ellipsis === undefined ? '...' : rubyToS(ellipsis);
    const chars = [...str];
    if (chars.length <= max) return str;
    return chars.slice(0, Math.max(0, max - [...end].length)).join('') + end;
  },
  truncatewords(input: unknown, words?: unknown, ellipsis?: unknown) {
    if (isNil(input)) return null;
    const str = rubyToS(input);
    const count = Math.max(1, toInteger(words, 15));
    const list = str.replace(/^[ \t\n\v\f\r]+/, '').split(ASCII_SPACE);
    if (list.length <= count || (list.length === count + 1 && list[count] === '')) return str;
    return list.slice(0, count).join(' ') + (ellipsis === undefined ? '...' : rubyToS(ellipsis));
  },
  base64_url_safe_encode(input: unknown) {
    return Buffer.from(rubyToS(input)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  },
  base64_url_safe_decode(input: unknown) {
    return Buffer.from(rubyToS(input), 'base64url').toString('utf8');
  },
  size(input: unknown) {
    const v = input instanceof Drop ? (input.valueOf() as unknown) : input;
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    // Ruby's Integer#size is its width in bytes; a float has no size.
    if (typeof v === 'number') return Number.isInteger(v) ? 8 : 0;
    if (v instanceof FloatNumber) return 0;
    if (v && typeof v === 'object') {
      const size = (v as { size?: unknown }).size;
      if (typeof size === 'number') return size;
      if (v instanceof Drop) return 0;
      return Object.keys(v).length;
    }
    return 0;
  },
  first(input: unknown) {
    const v = input instanceof Drop && !(Symbol.iterator in input) ? (input.valueOf() as unknown) : input;
    if (typeof v === 'string') return [...v][0] ?? null;
    if (Array.isArray(v)) return (v as unknown[])[0] ?? null;
    if (v instanceof Drop) return (v as unknown as { first?: unknown }).first ?? null;
    // Ruby's Hash#first is its first [key, value] pair.
    if (v && typeof v === 'object' && !(v instanceof FloatNumber)) return Object.entries(v)[0] ?? null;
    return null;
  },
  last(input: unknown) {
    const v = input instanceof Drop && !(Symbol.iterator in input) ? (input.valueOf() as unknown) : input;
    if (typeof v === 'string') return [...v].at(-1) ?? null;
    if (Array.isArray(v)) return (v as unknown[]).at(-1) ?? null;
    if (v instanceof Drop) return (v as unknown as { last?: unknown }).last ?? null;
    // A hash has no `last` in Ruby.
    return null;
  },
};

export function registerStandardFilters(liquid: Liquid): void {
  // Each wraps the filter registered so far (liquidjs's, or the preview's own where it has one).
  const registered = liquid.filters as unknown as Record<string, FilterFn | undefined>;
  for (const name of STRING_FILTERS) {
    const original = registered[name];
    if (typeof original !== 'function') continue;
    liquid.registerFilter(name, function (this: unknown, input: unknown, ...args: unknown[]) {
      return original.call(this, text(input), ...args);
    });
  }
  for (const [name, impl] of Object.entries(filters)) liquid.registerFilter(name, impl);
  // map and compact read their input as Ruby's InputIterator does: a list flattened (a list of
  // lists maps its items), a hash as a list of one; compact takes a property, as where does.
  const map = registered['map'];
  if (typeof map === 'function') {
    liquid.registerFilter('map', function (this: unknown, input: unknown, ...rest: unknown[]) {
      return map.call(this, Array.isArray(input) ? (input as unknown[]).flat(Infinity) : input, ...rest);
    });
  }
  liquid.registerFilter('compact', function (this: unknown, input: unknown, property?: unknown) {
    const items = Array.isArray(input) ? (input as unknown[]).flat(Infinity) : isNil(input) ? [] : [input];
    return items.filter((item) => {
      const value =
        property === undefined || property === null
          ? item
          : item && typeof item === 'object'
            ? (item as Record<string, unknown>)[rubyToS(property)]
            : undefined;
      return !isNil(value);
    });
  });
  // where over a list of strings: Ruby's String#[] reads a property name as a substring, so an
  // item is kept when it contains the name (and, given a value, the name is that value); '' is in
  // every string. Lists of objects are filtered as before.
  const where = registered['where'];
  if (typeof where === 'function') {
    liquid.registerFilter('where', function (this: unknown, input: unknown, property: unknown, ...rest: unknown[]) {
      if (!Array.isArray(input) || !input.length || !input.every((item) => typeof item === 'string')) return where.call(this, input, property, ...rest);
      const name = rubyToS(property);
      const target = rest[0];
      return (input as string[]).filter((item) => item.includes(name) && (target === undefined || target === name));
    });
  }
}
