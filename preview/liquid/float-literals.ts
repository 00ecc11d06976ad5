// A decimal literal is a float in the platform's Liquid (Ruby): `{{ 2.0 }}` prints "2.0",
// `{% assign ratio = 1.0 %}` keeps ratio a float (so `ratio | times: 3` is 3.0), and
// `{% cycle 0.0 %}` prints "0.0". liquidjs reads every number literal as a JavaScript number, which
// loses the ".0". The preview's engine (RUBY_FLOATS in its options) has an expression that is one
// whole decimal literal answer a FloatNumber (arithmetic.ts), which prints as Ruby prints it and
// computes as the number. Expression.prototype.evaluate is wrapped once; other engines are untouched.
import { Expression, TokenKind, type Context } from 'liquidjs';
import { FloatNumber } from './float-number.js';

export const RUBY_FLOATS = Symbol('ruby floats');

type Evaluate = (this: Expression, ctx: Context, lenient?: boolean) => Generator<unknown, unknown, unknown>;
let installed = false;

export function installFloatLiterals(): void {
  if (installed) return;
  installed = true;
  const proto = Expression.prototype as unknown as { evaluate: Evaluate };
  const evaluate = proto.evaluate;
  proto.evaluate = function* (this: Expression, ctx: Context, lenient?: boolean): Generator<unknown, unknown, unknown> {
    const value = yield* evaluate.call(this, ctx, lenient);
    if (typeof value !== 'number' || !Number.isInteger(value) || !(ctx.opts as unknown as Record<symbol, unknown>)[RUBY_FLOATS]) return value;
    const postfix = (this as unknown as { postfix: { kind: number; getText(): string }[] }).postfix;
    const only = postfix.length === 1 ? postfix[0] : undefined;
    return only?.kind === TokenKind.Number && only.getText().includes('.') ? new FloatNumber(value) : value;
  };
}
