// How the platform's Liquid (Ruby) turns values into text and numbers where liquidjs does it the
// JavaScript way. A string filter given a list prints Ruby's inspect (`["a", "b"]`, not `ab`), a
// hash `{"a"=>1}` (not `[object Object]`), and reads numbers from text as Ruby's Liquid does
// (`"6-3"` is 6, `"2.5"` a decimal, anything else 0).
import { Drop } from 'liquidjs';
import { FloatNumber } from './float-number.js';

/** Ruby's Float#to_s: a whole float keeps ".0"; exponent form below 1e-4 and from 1e16. */
export function rubyFloatText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    const [mantissa = '', exponent = '0'] = n.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (Number.isInteger(n)) return `${Object.is(n, -0) ? '-0' : String(n)}.0`;
  return String(n);
}

/** A drop as the value Liquid sees (to_liquid_value), or the drop itself when it has none. */
function unwrap(value: unknown): unknown {
  if (value instanceof Drop) {
    const inner = value.valueOf() as unknown;
    return inner === value ? value : inner;
  }
  return value;
}

function isPlainHash(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const STRING_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\f': '\\f',
  '\v': '\\v',
  '\b': '\\b',
  '\u0007': '\\a',
  '\u001b': '\\e',
};

/** A string as Ruby's String#inspect writes it, quotes and escapes included. */
function inspectString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const escaped = STRING_ESCAPES[c];
    if (escaped) out += escaped;
    else if (c === '#' && /[{$@]/.test(text[i + 1] ?? '')) out += '\\#';
    else out += c;
  }
  return `${out}"`;
}

/** Ruby's inspect (before Ruby 3.4's `{"a" => 1}`): what Array#to_s and Hash#to_s print. */
export function rubyInspect(value: unknown, seen = new Set<unknown>()): string {
  const v = unwrap(value);
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'string') return inspectString(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof FloatNumber) return rubyToS(v);
  if (seen.has(v)) return Array.isArray(v) ? '[...]' : '{...}';
  if (Array.isArray(v)) {
    seen.add(v);
    const text = `[${v.map((item) => rubyInspect(item, seen)).join(', ')}]`;
    seen.delete(v);
    return text;
  }
  if (isPlainHash(v)) {
    seen.add(v);
    const text = `{${Object.entries(v)
      .map(([k, item]) => `${rubyInspect(k, seen)}=>${rubyInspect(item, seen)}`)
      .join(', ')}}`;
    seen.delete(v);
    return text;
  }
  return rubyToS(v);
}

/** Ruby's to_s as Liquid's string filters apply it to their input. */
export function rubyToS(value: unknown): string {
  const v = unwrap(value);
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (v instanceof FloatNumber) return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : rubyFloatText(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v) || isPlainHash(v)) return rubyInspect(v);
  return String(v);
}

/** Liquid's Utils.to_number: a number as is, a decimal string as a float, other text by to_i, else 0. */
export function rubyToNumber(value: unknown): number {
  const v = unwrap(value);
  if (v instanceof FloatNumber) return v.valueOf();
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const text = v.trim();
    if (/^-?\d+\.\d+$/.test(text)) return Number(text);
    return Number.parseInt(/^[-+]?\d+/.exec(text)?.[0] ?? '0', 10);
  }
  return 0;
}

/** Decimal places of a number as written at its shortest (0.0725 has 4), for exact decimal arithmetic. */
export function decimalPlaces(n: number): number {
  if (Number.isInteger(n) || !Number.isFinite(n)) return 0;
  const [mantissa = '', exponent = '0'] = n.toExponential().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * A float result as the platform's decimal arithmetic gives it: Liquid computes with the decimals
 * as written (BigDecimal), so 0.1 + 0.2 is 0.3, not 0.30000000000000004. `places` is how many
 * decimal places the exact result can have.
 */
export function exactDecimal(result: number, places: number): number {
  if (!Number.isFinite(result) || places <= 0 || places > 15) return result;
  return Number(result.toFixed(places));
}
