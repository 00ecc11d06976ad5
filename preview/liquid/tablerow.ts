// {% tablerow %} as the platform's Liquid (Ruby) renders it. liquidjs's own tag differs in what a
// theme sees: it prints no newlines after <tr class="row1"> and </tr>, nothing at all for an empty
// list (the platform prints an empty row), wraps columns by modulo (cols: 0 divides by zero), and
// reads offset/limit/cols as they are (the platform coerces each with Ruby's to_i: "bad" is 0).
import { Drop, TablerowTag, evalToken, type Context, type Emitter, type Template, type ValueToken } from 'liquidjs';
import { markBlank } from './blank-blocks.js';
import { LoopPositionDrop } from './loop-position.js';

/** Ruby's to_i as tablerow applies it: an integer as is, a string's leading integer, nil 0. */
function toInteger(value: unknown): number {
  const v = value instanceof Drop ? value.valueOf() : value;
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : 0;
  if (typeof v === 'string') return Number.parseInt(/^\s*[-+]?\d+/.exec(v)?.[0] ?? '0', 10);
  if (typeof v === 'object' && typeof (v as { valueOf(): unknown }).valueOf() === 'number') return Math.trunc(Number(v));
  throw new Error('invalid integer');
}

/** The cells a tablerow walks: a list sliced by offset/limit; a string or other value is one cell. */
function cells(collection: unknown, offset: number, limit: number | undefined): unknown[] {
  const value = collection instanceof Drop ? collection.valueOf() : collection;
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') return value === '' ? [] : [value];
  else if (value && typeof value === 'object' && Symbol.iterator in value) items = Array.from(value as Iterable<unknown>);
  else if (value && typeof value === 'object') items = Object.entries(value);
  else return [value];
  const from = Math.max(0, offset);
  return limit === undefined ? items.slice(from) : items.slice(from, Math.max(from, offset + limit));
}

/** tablerowloop: forloop's fields and the cell's place in the grid, counted as the platform does. */
export class TablerowloopDrop extends LoopPositionDrop {
  col = 1;
  row = 1;
  constructor(
    length: number,
    readonly cols: number,
  ) {
    super(length);
  }
  get col0(): number {
    return this.col - 1;
  }
  get col_first(): boolean {
    return this.col === 1;
  }
  get col_last(): boolean {
    return this.col === this.cols;
  }
  next(): void {
    this.index0++;
    if (this.col === this.cols) {
      this.col = 1;
      this.row++;
    } else {
      this.col++;
    }
  }
}

export class RubyTablerowTag extends TablerowTag {
  constructor(...args: ConstructorParameters<typeof TablerowTag>) {
    super(...args);
    // A blank body makes the tag blank for the block around it; its own output is never blank.
    markBlank(this, [(this as unknown as { templates: Template[] }).templates], false);
  }
  override *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const self = this as unknown as { collection: ValueToken; args: { hash: Record<string, ValueToken | undefined> }; variable: string };
    const collection = yield evalToken(self.collection, ctx);
    // Ruby's `(collection = evaluate) || return`: nil and false print nothing at all.
    if (collection === null || collection === undefined || collection === false) return;
    const attribute = function* (name: string): Generator<unknown, number | undefined, unknown> {
      if (!(name in self.args.hash)) return undefined;
      const token = self.args.hash[name];
      return toInteger(token === undefined ? undefined : yield evalToken(token, ctx));
    };
    const offset = (yield* attribute('offset')) ?? 0;
    const limit = yield* attribute('limit');
    const items = cells(collection, offset, limit);
    const cols = (yield* attribute('cols')) ?? items.length;
    const tablerowloop = new TablerowloopDrop(items.length, cols);
    const scope: Record<string, unknown> = { tablerowloop };
    ctx.push(scope);
    emitter.write('<tr class="row1">\n');
    try {
      for (const item of items) {
        scope[self.variable] = item;
        emitter.write(`<td class="col${tablerowloop.col}">`);
        yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
        emitter.write('</td>');
        const broke = ctx.breakCalled;
        ctx.breakCalled = ctx.continueCalled = false;
        if (broke) break;
        if (tablerowloop.col_last && !tablerowloop.last) emitter.write(`</tr>\n<tr class="row${tablerowloop.row + 1}">`);
        tablerowloop.next();
      }
    } finally {
      ctx.pop();
    }
    emitter.write('</tr>\n');
  }
}
