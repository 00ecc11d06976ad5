import { Drop } from 'liquidjs';
import { FloatNumber, floatText } from './float-number.js';

// The platform's `json` output is safe inside <script type="application/json">: it escapes
// the characters that could close the tag or start markup, and the JS line terminators.
const UNSAFE_IN_SCRIPT = /[<>&/\u2028\u2029]/g;
const REPLACEMENTS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '/': '\\/',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const NEEDS_ESCAPE = /[<>&/\u2028\u2029]/;

export function platformJson(value: unknown): string {
  // Most values printed are strings, numbers and booleans: no replacer (slow) is needed for them,
  // and most strings have nothing to escape.
  const primitive = value === null || value === undefined || typeof value !== 'object';
  wholeFloatSeen = false;
  let text = primitive ? JSON.stringify(value === undefined ? null : value) : JSON.stringify(value, jsonReplacer);
  if (text === undefined) return 'null';
  if (wholeFloatSeen) text = text.replace(WHOLE_FLOAT_MARK, '$1');
  return NEEDS_ESCAPE.test(text) ? text.replace(UNSAFE_IN_SCRIPT, (c) => REPLACEMENTS[c] ?? c) : text;
}

// Ruby's JSON prints a whole float with its decimal (1.0, 1.0e+16), which JSON.stringify cannot:
// the replacer leaves a marked string in its place, and the mark is taken off the text after.
// Only looked for when the replacer met one, so no merchant's text is ever read as a mark.
const MARK = '\u0000';
const WHOLE_FLOAT_MARK = /"\\u0000([-+.\de]+)\\u0000"/g;
let wholeFloatSeen = false;

// Drops expose their Liquid fields through toLiquidJSON so `| json` prints what the template sees.
// Liquid's own literals (nil, empty, blank) are drops too: `{% assign x = nil %}{{ x | json }}`
// prints null on the platform, not {}.
function jsonReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // JSON.stringify has already turned a FloatNumber into its number: the holder still has it.
  const original = this[key];
  if (original instanceof FloatNumber && Number.isInteger(value)) {
    wholeFloatSeen = true;
    return `${MARK}${floatText(value as number)}${MARK}`;
  }
  if (value && typeof value === 'object' && 'toLiquidJSON' in value) {
    const drop = value as { toLiquidJSON(): unknown };
    return drop.toLiquidJSON();
  }
  if (value instanceof Drop) {
    const primitive = value.valueOf() as unknown;
    if (primitive === null || primitive === undefined) return null;
    if (typeof primitive !== 'object') return primitive;
  }
  return value;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
