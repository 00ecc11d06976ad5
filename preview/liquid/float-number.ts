// A float as Ruby's Liquid holds it: a whole one stays a float (6.0) through assign and prints so.
// Its own module: the arithmetic and the Ruby value conversions both use it.
import { Drop } from 'liquidjs';

/** How Ruby prints a float: a whole one keeps its decimal (6.0, 1.0e+16), as Float#to_s does. */
export function floatText(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  if (Math.abs(value) < 1e16) return `${Object.is(value, -0) ? '-0' : String(value)}.0`;
  const [mantissa = '', exponent = ''] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}e${exponent}`;
}

/**
 * A whole number the platform holds as a float (6.0 from `3 | divided_by: 0.5`, 1.0 from
 * `5 | times: 0.2`, an image's aspect ratio of 2.0). It stays a float through `assign`, so a later
 * division is not floored, and it prints as the platform prints it: "6.0", not "6" (a width or a
 * srcset descriptor built from it reads differently on a shop). Not a Drop: liquidjs unwraps a
 * drop to its valueOf before printing, and would print "6". So it prints through toString,
 * computes through valueOf, and compares through the methods liquidjs's operators look for
 * (equals, gt, geq, lt, leq).
 */
export class FloatNumber {
  constructor(private readonly value: number) {}
  valueOf(): number {
    return this.value;
  }
  toJSON(): number {
    return this.value;
  }
  toString(): string {
    return floatText(this.value);
  }
  equals(other: unknown): boolean {
    return this.value === comparable(other);
  }
  gt(other: unknown): boolean {
    const n = comparable(other);
    return n !== null && this.value > n;
  }
  geq(other: unknown): boolean {
    const n = comparable(other);
    return n !== null && this.value >= n;
  }
  lt(other: unknown): boolean {
    const n = comparable(other);
    return n !== null && this.value < n;
  }
  leq(other: unknown): boolean {
    const n = comparable(other);
    return n !== null && this.value <= n;
  }
}

/** A number compares with numbers only: Ruby's 6.0 == "6" is false, and 6.0 > "5" an error. */
function comparable(other: unknown): number | null {
  const value = other instanceof Drop ? other.valueOf() : other;
  if (value instanceof FloatNumber) return value.valueOf();
  return typeof value === 'number' ? value : null;
}

/** A float as the platform would hold it: whole numbers tagged, others as they are. */
export function platformFloat(value: number): number | FloatNumber {
  return Number.isInteger(value) ? new FloatNumber(value) : value;
}
