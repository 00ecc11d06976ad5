// {% case %} as the platform's Liquid (Ruby) runs it: each value of a `when` is a condition of its
// own, so the body renders once per matching value (`{% when 'a', 'a' %}` twice against 'a'), and
// every `else` renders when no `when` before it matched (liquidjs renders the first match only,
// and only the first else).
import {
  Tag,
  Value,
  evalToken,
  toValue,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import type { Parser } from 'liquidjs/dist/parser';
import { markBlank } from './blank-blocks.js';

type Block = { values: ValueToken[]; templates: Template[] } | { values: null; templates: Template[] };

export class RubyCaseTag extends Tag {
  private readonly subject: Value;
  private readonly blocks: Block[] = [];
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    this.subject = new Value(this.tokenizer.readFilteredValue(), liquid);
    let current: Template[] | null = null;
    const stream = parser
      .parseStream(remain)
      .on('tag:when', (when: TagToken) => {
        const values: ValueToken[] = [];
        while (!when.tokenizer.end()) {
          values.push(when.tokenizer.readValueOrThrow());
          when.tokenizer.skipBlank();
          if (when.tokenizer.peek() === ',') when.tokenizer.readTo(',');
          else when.tokenizer.readTo('or');
        }
        current = [];
        this.blocks.push({ values, templates: current });
      })
      .on('tag:else', () => {
        current = [];
        this.blocks.push({ values: null, templates: current });
      })
      .on('tag:endcase', () => stream.stop())
      // Text between `case` and the first `when` is not rendered.
      .on('template', (template: Template) => current?.push(template))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`);
      });
    stream.start();
    markBlank(
      this,
      this.blocks.map((b) => b.templates),
      true,
    );
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    // The engine's own ==, a generator like every liquidjs operator.
    const equals = this.liquid.options.operators['=='] as unknown as (l: unknown, r: unknown, ctx: Context) => Generator<unknown, boolean, unknown>;
    const subject: unknown = toValue(yield this.subject.value(ctx, ctx.opts.lenientIf));
    let runElse = true;
    for (const block of this.blocks) {
      if (block.values === null) {
        if (runElse) yield this.liquid.renderer.renderTemplates(block.templates, ctx, emitter);
        continue;
      }
      for (const token of block.values) {
        const value: unknown = yield evalToken(token, ctx, ctx.opts.lenientIf);
        if (yield* equals(subject, value, ctx)) {
          runElse = false;
          yield this.liquid.renderer.renderTemplates(block.templates, ctx, emitter);
        }
      }
    }
  }
}
