// The platform's Liquid (Ruby) keeps integers and floats apart: an integer divided by an integer
// is floored (`{{ 20 | divided_by: 7 }}` is 2, shopify.dev "divided_by"), and a float anywhere
// makes the result a float (`20 | divided_by: 7.0`, `x | times: 1.0 | divided_by: y`). liquidjs
// has one number type and always divides as floats, so a theme that relies on the floor (or on
// `round` after a division) showed other numbers in the preview than on a shop.
//
// A value is a float here when it is not a whole number, when it is a string with a decimal point
// (Ruby's to_number), when it is a FloatNumber (below), or when the template wrote it as a decimal
// literal: the filter's own argument (`divided_by: 7.0`), or the literal just before the filter
// (`7.0 | divided_by: 2`, `times: 1.0 | divided_by: y`, whose result is a float on the platform).
// What no rule here sees stays as liquidjs had it: a float division.
import { Drop, TokenKind, filters as liquidjsFilters, type Liquid, type Token } from 'liquidjs';
import { inlineErrorText } from './inline-error.js';
import { decimalPlaces, exactDecimal, rubyToNumber } from './ruby-values.js';
import { FloatNumber, platformFloat } from './float-number.js';

// liquidjs's own math filters: their numbers are right (round half away from zero, free of binary
// float error; modulo with the divisor's sign); only the kind of number they answer is wrong.
const builtIn = liquidjsFilters as unknown as Record<'round' | 'abs' | 'modulo', (...args: unknown[]) => number>;

/**
 * A number that carries more than its value (its currency): it reads as the number to output,
 * every filter and comparison (liquidjs reads a drop's valueOf) and `| json`.
 */
export class NumberDrop extends Drop {
  constructor(private readonly value: number) {
    super();
  }
  override valueOf(): number {
    return this.value;
  }
  toJSON(): number {
    return this.value;
  }
  override toString(): string {
    return String(this.value);
  }
}

const DECIMAL_LITERAL = /^-?\d+\.\d+$/;
// A decimal literal right before this filter's `|`: the chain's first value, or the last argument
// of the filter before (an arithmetic filter given a float answers a float).
const DECIMAL_BEFORE_FILTER = /(?:^|[\s=:,(])-?\d+\.\d+\s*\|\s*$/;

type FilterThis = { token?: Token & { args?: unknown[] } };

// Ruby's Liquid reads a filter's number as Utils.to_number does: "6-3" is 6, true is 0.
function toNumber(value: unknown): number {
  const n = rubyToNumber(value);
  return Number.isNaN(n) ? 0 : n;
}

function isFloatValue(value: unknown): boolean {
  if (value instanceof FloatNumber) return true;
  if (typeof value === 'string') return /^\s*-?\d+\.\d+\s*$/.test(value);
  return !Number.isInteger(toNumber(value));
}

function argIsDecimalLiteral(arg: unknown): boolean {
  const token = arg as Token | undefined;
  return token?.kind === TokenKind.Number && DECIMAL_LITERAL.test(token.getText());
}

function inputIsDecimalLiteral(token: Token | undefined): boolean {
  if (!token) return false;
  return DECIMAL_BEFORE_FILTER.test(token.input.slice(Math.max(0, token.begin - 64), token.begin));
}

/** Whether the platform would compute `input <op> operand` as floats. */
function floatOperation(self: FilterThis, input: unknown, operand: unknown): boolean {
  return isFloatValue(input) || isFloatValue(operand) || argIsDecimalLiteral(self.token?.args?.[0]) || inputIsDecimalLiteral(self.token);
}

/** How many decimal places `a <op> b` can have when computed exactly (decimals as written). */
type Places = (a: number, b: number) => number;
const addPlaces: Places = (a, b) => Math.max(decimalPlaces(a), decimalPlaces(b));
const timesPlaces: Places = (a, b) => decimalPlaces(a) + decimalPlaces(b);

function arithmetic(op: (a: number, b: number) => number, places: Places) {
  return function (this: FilterThis, input: unknown, operand: unknown): number | FloatNumber {
    const a = toNumber(input);
    const b = toNumber(operand);
    const result = exactDecimal(op(a, b), places(a, b));
    return floatOperation(this, input, operand) ? platformFloat(result) : result;
  };
}

/** Whether a filter's input is a float on the platform: its value, or the literal written before it. */
function inputIsFloat(self: FilterThis, input: unknown): boolean {
  return isFloatValue(input) || inputIsDecimalLiteral(self.token);
}

export function registerArithmetic(liquid: Liquid): void {
  liquid.registerFilter(
    'plus',
    arithmetic((a, b) => a + b, addPlaces),
  );
  liquid.registerFilter(
    'minus',
    arithmetic((a, b) => a - b, addPlaces),
  );
  liquid.registerFilter(
    'times',
    arithmetic((a, b) => a * b, timesPlaces),
  );
  liquid.registerFilter('divided_by', function (this: FilterThis, input: unknown, divisor: unknown): number | FloatNumber | string {
    const a = toNumber(input);
    const b = toNumber(divisor);
    // Floats divide by zero into Infinity or NaN, as Ruby's do.
    if (floatOperation(this, input, divisor)) return platformFloat(a / b);
    // Ruby's Integer#/ (and #%) by zero raise ZeroDivisionError, which a shop prints as its
    // inline error; here the text stands where the filter's value would (not the whole output).
    if (b === 0) return inlineErrorText(this.token, 'divided by 0');
    // Integers: floored, as Ruby's Integer#/ (toward minus infinity).
    return Math.floor(a / b);
  });
  liquid.registerFilter('modulo', function (this: FilterThis, input: unknown, divisor: unknown): number | FloatNumber | string {
    const float = floatOperation(this, input, divisor);
    if (toNumber(divisor) === 0 && !float) return inlineErrorText(this.token, 'divided by 0');
    const result = builtIn.modulo(input, divisor);
    return float ? platformFloat(result) : result;
  });
  // Ruby's Float#round(n) with n > 0 answers a float (6.0 | round: 2 is 6.0); with no digits, or
  // on an integer, an integer.
  liquid.registerFilter('round', function (this: FilterThis, input: unknown, digits: unknown): number | FloatNumber {
    const result = builtIn.round(toNumber(input), digits);
    return toNumber(digits) > 0 && inputIsFloat(this, input) ? platformFloat(result) : result;
  });
  liquid.registerFilter('abs', function (this: FilterThis, input: unknown): number | FloatNumber {
    const result = builtIn.abs(toNumber(input));
    return inputIsFloat(this, input) ? platformFloat(result) : result;
  });
  // Ruby's Float#ceil and #floor answer integers; the input is read as Utils.to_number reads it.
  liquid.registerFilter('ceil', (input: unknown) => Math.ceil(toNumber(input)));
  liquid.registerFilter('floor', (input: unknown) => Math.floor(toNumber(input)));
  // sum: the list flattened, each item (or its property) read as a number, added exactly.
  liquid.registerFilter('sum', function (this: FilterThis, input: unknown, property?: unknown): number | FloatNumber {
    const items = (Array.isArray(input) ? (input as unknown[]).flat(Infinity) : input === null || input === undefined ? [] : [input]) as unknown[];
    let total = 0;
    let places = 0;
    let float = false;
    for (const item of items) {
      const value =
        property === undefined || property === null ? item : item && typeof item === 'object' ? (item as Record<string, unknown>)[String(property)] : 0;
      const n = toNumber(value);
      float ||= isFloatValue(value);
      places = Math.max(places, decimalPlaces(n));
      total = exactDecimal(total + n, places);
    }
    return float ? platformFloat(total) : total;
  });
  // The larger (smaller) of the two as it is: `2.0 | at_least: 5` is 5, `6.0 | at_least: 5` is 6.0.
  liquid.registerFilter('at_least', function (this: FilterThis, input: unknown, bound: unknown): unknown {
    return toNumber(input) >= toNumber(bound) ? keptNumber(this, input) : keptNumber(this, bound, true);
  });
  liquid.registerFilter('at_most', function (this: FilterThis, input: unknown, bound: unknown): unknown {
    return toNumber(input) <= toNumber(bound) ? keptNumber(this, input) : keptNumber(this, bound, true);
  });
}

/** A filter's input or argument as the number it is, a float kept a float. */
function keptNumber(self: FilterThis, value: unknown, isArgument = false): number | FloatNumber {
  const n = toNumber(value);
  const float = isArgument ? isFloatValue(value) || argIsDecimalLiteral(self.token?.args?.[0]) : inputIsFloat(self, value);
  return float ? platformFloat(n) : n;
}
