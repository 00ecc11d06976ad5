// {% render %} and {% include %} as the platform's Liquid (Ruby) runs them, where liquidjs's differ:
// - `{% include 'product' for products %}` and `{% include name with x as y %}` bind the item to the
//   alias or to the snippet's name (liquidjs's include has no `for` or `as`), iterate a list given
//   `with` too, evaluate its parameters in order in the caller's scope (`b: a` sees `a`), and a
//   `break` in the snippet breaks the caller's loop; a name that is not a string is an error.
// - `{% render 'product' for products %}` binds each item to the snippet's name when there is no
//   `as`; the item is set after the parameters; the name must be a quoted string (a parse error
//   otherwise; the one exception is the platform's `{% render block %}`, which renders an app
//   block: its content comes from the app, which the preview does not have, so it renders nothing);
//   and a snippet that render runs cannot use include.
// - A snippet rendered from a section sees `section` (shopify.dev, render: "a snippet inside a
//   section can access the section object"), besides the page's global objects.
// - Partials nest at most 100 deep ("Nesting too deep"), and a missing one is "Could not find asset".
import {
  Drop,
  Hash,
  Tag,
  TokenKind,
  evalToken,
  type Tokenizer,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import { LoopPositionDrop } from './loop-position.js';

const MAX_DEPTH = 100;
/** `{% render block %}` in a section renders the app block `block` (shopify.dev, app blocks). */
const APP_BLOCK = 'block';

interface PartialState {
  depth: number;
  /** Inside a snippet that render runs: include is not allowed there. */
  isolated: boolean;
}
const states = new WeakMap<Context, PartialState>();
const stateOf = (ctx: Context): PartialState => states.get(ctx) ?? { depth: 0, isolated: false };

/** The forloop a `render ... for` gives its snippet. */
class RenderForloopDrop extends LoopPositionDrop {
  readonly parentloop = null;
  constructor(
    length: number,
    readonly name: string,
  ) {
    super(length);
  }
}

interface Binding {
  kind: 'with' | 'for';
  value: ValueToken;
}

/** Parses `name [with|for value] [as alias] [,] key: value, ...` after the tag name. */
function parseArguments(tokenizer: Tokenizer, tagText: string, liquid: Liquid): { name: ValueToken; binding?: Binding; alias?: string; hash: Hash } {
  tokenizer.skipBlank();
  const name = tokenizer.readValue();
  if (!name) throw new Error(`${tagText}: a template name is required`);
  let binding: Binding | undefined;
  let alias: string | undefined;
  tokenizer.skipBlank();
  const begin = tokenizer.p;
  const keyword = tokenizer.readIdentifier().content;
  tokenizer.skipBlank();
  if ((keyword === 'with' || keyword === 'for') && tokenizer.peek() !== ':') {
    const value = tokenizer.readValue();
    if (!value) throw new Error(`${tagText}: a value is expected after ${keyword}`);
    binding = { kind: keyword, value };
  } else {
    tokenizer.p = begin;
  }
  tokenizer.skipBlank();
  const beforeAs = tokenizer.p;
  if (tokenizer.readIdentifier().content === 'as') {
    tokenizer.skipBlank();
    alias = tokenizer.readIdentifier().content;
    if (!alias) throw new Error(`${tagText}: a name is expected after as`);
  } else {
    tokenizer.p = beforeAs;
  }
  tokenizer.skipBlank();
  if (tokenizer.peek() === ',') tokenizer.advance();
  return { name, ...(binding ? { binding } : {}), ...(alias ? { alias } : {}), hash: new Hash(tokenizer, liquid.options.keyValueSeparator) };
}

function parsePartial(liquid: Liquid, name: string, ctx: Context, currentFile: string | undefined): Generator<unknown, Template[], unknown> {
  const parser = liquid as unknown as { _parsePartialFile(file: string, sync: boolean, currentFile?: string): Generator<unknown, Template[], unknown> };
  return (function* () {
    try {
      return (yield parser._parsePartialFile(name, ctx.sync, currentFile)) as Template[];
    } catch (error) {
      if (error instanceof Error && /ENOENT|illegal file path/.test(error.message))
        throw new Error(`Could not find asset snippets/${name}.liquid`, { cause: error });
      throw error;
    }
  })();
}

function enter(ctx: Context): PartialState {
  const state = stateOf(ctx);
  if (state.depth >= MAX_DEPTH) throw new Error('Nesting too deep');
  return state;
}

/** A list a partial iterates: an array, or what can be iterated; anything else is one item. */
function iterable(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value as unknown[];
  if (value instanceof Drop && Symbol.iterator in value) return Array.from(value as unknown as Iterable<unknown>);
  return null;
}

/** What include and render both take: `name [with|for value] [as alias], key: value…`. */
abstract class PartialTag extends Tag {
  protected readonly template: ValueToken;
  protected readonly binding?: Binding;
  protected readonly alias?: string;
  protected readonly hash: Hash;
  protected readonly currentFile?: string;
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    const parsed = parseArguments(this.tokenizer, token.getText(), liquid);
    this.template = parsed.name;
    this.hash = parsed.hash;
    if (parsed.binding) this.binding = parsed.binding;
    if (parsed.alias) this.alias = parsed.alias;
    if (token.file) this.currentFile = token.file;
  }
}

export class RubyIncludeTag extends PartialTag {
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const state = enter(ctx);
    if (state.isolated) throw new Error('include usage is not allowed in this context');
    const name = yield evalToken(this.template, ctx);
    if (typeof name !== 'string') throw new Error('Illegal template name');
    const templates = (yield* parsePartial(this.liquid, name, ctx, this.currentFile)) as Template[];
    const variableName = this.alias ?? name.split('/').pop() ?? name;
    const variable = this.binding ? yield evalToken(this.binding.value, ctx) : ctx.getSync([name]);
    // The caller's scope, with the parameters set one by one: a later one sees an earlier one.
    const scope: Record<string, unknown> = {};
    ctx.push(scope);
    states.set(ctx, { ...state, depth: state.depth + 1 });
    try {
      for (const [key, value] of Object.entries(this.hash.hash)) scope[key] = value === undefined ? true : yield evalToken(value, ctx);
      const items = iterable(variable);
      for (const item of items ?? [variable]) {
        scope[variableName] = item;
        yield this.liquid.renderer.renderTemplates(templates, ctx, emitter);
        // A break or continue in the snippet belongs to the caller's loop: it stays set for it.
        if (ctx.breakCalled || ctx.continueCalled) break;
      }
    } finally {
      ctx.pop();
      states.set(ctx, state);
    }
  }
}

export class RubyRenderTag extends PartialTag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    if (this.template.kind !== TokenKind.Quoted && this.template.getText() !== APP_BLOCK)
      throw new Error(`Syntax error in tag 'render' - Template name must be a quoted string: ${token.getText()}`);
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const state = enter(ctx);
    if (this.template.kind !== TokenKind.Quoted) return; // an app block (see above)
    const name = (yield evalToken(this.template, ctx)) as string;
    const templates = (yield* parsePartial(this.liquid, name, ctx, this.currentFile)) as Template[];
    const variableName = this.alias ?? name.split('/').pop() ?? name;
    const variable = this.binding ? yield evalToken(this.binding.value, ctx) : undefined;
    const parameters: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.hash.hash)) parameters[key] = value === undefined ? true : yield evalToken(value, ctx);
    // The section a snippet is rendered from is visible in it, as on the platform.
    const section = ctx.getSync(['section']);
    const renderOne = function* (this: RubyRenderTag, item: unknown, forloop: RenderForloopDrop | null): Generator<unknown, void, unknown> {
      const scope: Record<string, unknown> = {};
      if (section !== undefined && section !== null) scope['section'] = section;
      if (forloop) scope['forloop'] = forloop;
      Object.assign(scope, parameters);
      if (item !== undefined && item !== null) scope[variableName] = item;
      const inner = ctx.spawn(scope);
      states.set(inner, { depth: state.depth + 1, isolated: true });
      yield this.liquid.renderer.renderTemplates(templates, inner, emitter);
    };
    const items = this.binding?.kind === 'for' ? iterableForRender(variable) : null;
    if (items) {
      const forloop = new RenderForloopDrop(items.length, name);
      for (const item of items) {
        yield* renderOne.call(this, item, forloop);
        forloop.index0++;
      }
    } else {
      yield* renderOne.call(this, variable, null);
    }
  }
}

/** What `render ... for` iterates: a list or a hash (its pairs), as Ruby's each and count allow. */
function iterableForRender(value: unknown): unknown[] | null {
  const list = iterable(value);
  if (list) return list;
  if (value && typeof value === 'object' && !(value instanceof Drop)) return Object.entries(value);
  return null;
}
