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
import { Drop, TokenKind, type Liquid, type Token } from 'liquidjs';

/**
 * A number that carries more than its value (its type, its currency): it reads as the number to
 * output, every filter and comparison (liquidjs reads a drop's valueOf) and `| json`.
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

/**
 * A whole number the platform holds as a float (1.0 from `5 | times: 0.2`, an image's aspect
 * ratio of 2.0): kept a float through `assign`, so a later division is not floored.
 */
export class FloatNumber extends NumberDrop {}

/** A float as the platform would hold it: whole numbers tagged, others as they are. */
export function platformFloat(value: number): number | FloatNumber {
  return Number.isInteger(value) ? new FloatNumber(value) : value;
}

const DECIMAL_LITERAL = /^-?\d+\.\d+$/;
// A decimal literal right before this filter's `|`: the chain's first value, or the last argument
// of the filter before (an arithmetic filter given a float answers a float).
const DECIMAL_BEFORE_FILTER = /(?:^|[\s=:,(])-?\d+\.\d+\s*\|\s*$/;

type FilterThis = { token?: Token & { args?: unknown[] } };

function toNumber(value: unknown): number {
  const n = Number(value instanceof Drop ? value.valueOf() : value);
  return Number.isFinite(n) ? n : 0;
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

function arithmetic(op: (a: number, b: number) => number) {
  return function (this: FilterThis, input: unknown, operand: unknown): number | FloatNumber {
    const result = op(toNumber(input), toNumber(operand));
    return floatOperation(this, input, operand) ? platformFloat(result) : result;
  };
}

export function registerArithmetic(liquid: Liquid): void {
  liquid.registerFilter(
    'plus',
    arithmetic((a, b) => a + b),
  );
  liquid.registerFilter(
    'minus',
    arithmetic((a, b) => a - b),
  );
  liquid.registerFilter(
    'times',
    arithmetic((a, b) => a * b),
  );
  liquid.registerFilter('divided_by', function (this: FilterThis, input: unknown, divisor: unknown): number | FloatNumber {
    const a = toNumber(input);
    const b = toNumber(divisor);
    if (floatOperation(this, input, divisor)) return platformFloat(a / b);
    // Integers: floored, as Ruby's Integer#/ (toward minus infinity). By zero the platform prints
    // a Liquid error; liquidjs's Infinity stays.
    return b === 0 ? a / b : Math.floor(a / b);
  });
}
