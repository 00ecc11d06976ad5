// {% cycle %} and {% ifchanged %} as the platform's Liquid (Ruby) has them.
// - cycle: a named cycle counts per evaluated name; an unnamed one whose values are all literals
//   counts per its values (two `{% cycle 'a', 'b' %}` share a counter), and one with a variable
//   counts per tag (Ruby keys it by the parsed expressions, each its own object). Its value prints
//   with Ruby's to_s: `{% cycle true, false %}` prints "true", then "false" (liquidjs printed
//   nothing for false, and shared a counter between any two tags written alike).
// - ifchanged (liquidjs has none): prints its body only when it differs from the last one printed.
import {
  CycleTag,
  Tag,
  TokenKind,
  Value,
  evalToken,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import type { Parser } from 'liquidjs/dist/parser';
import { rubyToS } from './ruby-values.js';

interface CycleFields {
  group?: ValueToken;
  candidates: (ValueToken & { initial?: { postfix?: { kind: number }[] }; filters?: unknown[] })[];
}

const LITERAL_KINDS = new Set<number>([TokenKind.Number, TokenKind.Literal, TokenKind.Quoted]);

export class RubyCycleTag extends CycleTag {
  private readonly literalKey: string | null;
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    const { candidates } = this as unknown as CycleFields;
    const literal = candidates.every((c) => !c.filters?.length && (c.initial?.postfix ?? []).every((t) => LITERAL_KINDS.has(t.kind)));
    this.literalKey = literal ? `values:${candidates.map((c) => c.getText()).join(',')}` : null;
  }
  override *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const { group, candidates } = this as unknown as CycleFields;
    const key: unknown = group ? `name:${rubyToS(yield evalToken(group, ctx))}` : (this.literalKey ?? this);
    let counters = ctx.getRegister('ruby-cycle') as unknown;
    if (!(counters instanceof Map)) ctx.setRegister('ruby-cycle', (counters = new Map<unknown, number>()));
    const counter = counters as Map<unknown, number>;
    const index = counter.get(key) ?? 0;
    const value = yield new Value(candidates[index]!.getText(), this.liquid).value(ctx, false);
    counter.set(key, (index + 1) % candidates.length);
    emitter.write(Array.isArray(value) ? value.map(rubyToS).join('') : rubyToS(value));
  }
}

export class IfchangedTag extends Tag {
  private readonly templates: Template[] = [];
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    const stream = parser
      .parseStream(remain)
      .on('tag:endifchanged', () => stream.stop())
      .on('template', (template: Template) => this.templates.push(template))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`);
      });
    stream.start();
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const output = (yield this.liquid.renderer.renderTemplates(this.templates, ctx)) as string;
    if (output !== ctx.getRegister('ifchanged')) {
      ctx.setRegister('ifchanged', output);
      emitter.write(output);
    }
  }
}
