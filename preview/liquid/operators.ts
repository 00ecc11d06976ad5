// Liquid's comparison operators as the platform's Liquid (Ruby) has them, where liquidjs's differ:
// an order comparison with a value that has no order (true, nil, a list, a hash) is false, not
// JavaScript's coercion (`5 > true` is false, not 5 > 1); and `contains nil` is false, as Ruby's
// Condition answers it before asking the list.
import { Drop, defaultOperators, toValue, type Operators } from 'liquidjs';

type Operator = (l: unknown, r: unknown, ...rest: unknown[]) => Generator<unknown, boolean, unknown>;

function unordered(value: unknown): boolean {
  const v = value instanceof Drop ? value.valueOf() : value;
  if (v === null || v === undefined || typeof v === 'boolean' || Array.isArray(v)) return true;
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function ordered(name: '>' | '<' | '>=' | '<='): Operator {
  const base = defaultOperators[name] as unknown as Operator;
  return function* (l, r, ...rest) {
    if (unordered(l) || unordered(r)) return false;
    return yield* base(l, r, ...rest);
  };
}

const contains = defaultOperators['contains'] as unknown as Operator;

export const rubyOperators: Operators = {
  ...defaultOperators,
  '>': ordered('>'),
  '<': ordered('<'),
  '>=': ordered('>='),
  '<=': ordered('<='),
  contains: function* (l: unknown, r: unknown, ...rest: unknown[]) {
    const right = toValue(r) as unknown;
    if (right === null || right === undefined) return false;
    return yield* contains(l, r, ...rest);
  },
} as unknown as Operators;
