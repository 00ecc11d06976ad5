import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Hash,
  Tag,
  Tokenizer,
  Value,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import { cachedFromTheme } from './theme-cache.js';
import { escapeHtml } from './escape.js';
import { requireAsync } from './sync-render.js';
import {
  BLOCK_DATA,
  blockAttributes,
  compiledSection,
  readSectionSchema,
  settingsScope,
  themeDir,
  typedSettings,
  withBlockData,
  type BlockData,
} from './sections.js';
import { inlineErrorText, inlineTextFor, mustPropagate, rendersErrors } from './inline-error.js';
import { APP_BLOCK_TYPE } from './app-blocks.js';
import { CollectionDrop, PageDrop, ProductDrop } from '../platform/drops.js';
import { ArticleDrop, BlogDrop } from '../platform/blogs.js';

// {% content_for 'blocks' %} renders the theme blocks (blocks/<type>.liquid) saved for the
// section or block it sits in, in their order; {% content_for 'block', type: 'x', id: 'y' %}
// renders one static block, with any other parameters as variables of the block. A block
// renders in its own scope, as a snippet does: it sees the globals, `section`, `block` and the
// parameters, not the caller's variables.

// A private block's file name starts with an underscore (blocks/_card.liquid).
const SAFE_NAME = /^[a-z0-9_][a-z0-9_-]*$/i;

/** The platform's nesting limit of theme blocks. */
const MAX_DEPTH = 8;

interface BlockFile {
  templates: Template[];
  settings: { id?: string; type?: string; default?: unknown }[];
  /** The block types its schema accepts inside it (`@theme`, `@app`, or named types). */
  accepts: string[];
  /** Its wrapper's element (null: none) and extra class, from the schema's `tag` and `class`. */
  tag: string | null;
  className: string | undefined;
}

export function blockFile(liquid: Liquid, type: string): BlockFile {
  if (!SAFE_NAME.test(type)) throw new Error(`content_for: invalid block type '${type}'`);
  const dir = themeDir(liquid);
  return cachedFromTheme(dir, `block:${type}`, () => {
    const path = join(dir, 'blocks', `${type}.liquid`);
    if (!existsSync(path)) throw new Error(`content_for: blocks/${type}.liquid does not exist`);
    const source = readFileSync(path, 'utf8');
    const file = `blocks/${type}.liquid`;
    const schema = readSectionSchema(source, file);
    return {
      templates: liquid.parse(source, file),
      settings: schema.settings ?? [],
      accepts: (schema.blocks ?? []).map((b) => b.type),
      tag: schema.tag === null ? null : typeof schema.tag === 'string' && WRAPPER_TAG.test(schema.tag) ? schema.tag : 'div',
      className: typeof schema.class === 'string' ? schema.class : undefined,
    };
  });
}

interface Container {
  [BLOCK_DATA]?: { type?: string; blocks?: Record<string, BlockData>; block_order?: string[] };
}

const CLOSEST_KEY = '__closest__';
/** Elements a block's schema may name as its wrapper. */
const WRAPPER_TAG = /^[a-z][a-z0-9-]*$/;

/** The tag's parameters apart from the `closest.<type>` ones, which are returned by type. */
function splitClosest(all: Record<string, unknown>): { params: Record<string, unknown>; closest: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const closest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (key.startsWith(CLOSEST_KEY)) closest[key.slice(CLOSEST_KEY.length)] = value;
    else params[key] = value;
  }
  return { params, closest };
}

function closestOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
}

/** The resources a section's or block's settings hold (a product setting, a collection setting…), by type. */
function resourcesIn(settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const value of Object.values(settings ?? {})) {
    if (value instanceof ProductDrop) found['product'] ??= value;
    else if (value instanceof CollectionDrop) found['collection'] ??= value;
    else if (value instanceof PageDrop) found['page'] ??= value;
    else if (value instanceof ArticleDrop) found['article'] ??= value;
    else if (value instanceof BlogDrop) found['blog'] ??= value;
  }
  return found;
}

export class ContentForTag extends Tag {
  kind: ValueToken;
  hash: Hash;
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    const kind = this.tokenizer.readValue();
    if (!kind) throw new Error(`content_for: 'blocks' or 'block' is required in ${token.getText()}`);
    this.kind = kind;
    this.tokenizer.skipBlank();
    if (this.tokenizer.peek() === ',') this.tokenizer.advance();
    // `closest.product: product` passes a block the resource its `closest.product` reaches; a
    // dotted name is no Liquid hash key, so it is read under a plain one.
    const rest = this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).replace(/\bclosest\.([a-z_]+)(\s*:)/g, `${CLOSEST_KEY}$1$2`);
    this.hash = new Hash(new Tokenizer(rest, liquid.options.operators, token.file), liquid.options.keyValueSeparator);
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    requireAsync(ctx, 'content_for');
    const kind = String(yield new Value(this.kind.getText(), this.liquid).value(ctx, false));
    const { params, closest: passed } = splitClosest((yield this.hash.render(ctx)) as Record<string, unknown>);
    const section = ctx.getSync(['section']) as Container | undefined;
    const current = ctx.getSync(['__theme_block']) as (Container & { depth: number }) | undefined;
    const container = current ?? section;
    if (!container?.[BLOCK_DATA]) throw new Error('content_for: only a section or a theme block can render blocks');
    const data = container[BLOCK_DATA];
    const depth = (current?.depth ?? 0) + 1;
    if (depth > MAX_DEPTH) throw new Error(`content_for: theme blocks nest at most ${MAX_DEPTH} deep`);
    // What `closest.*` reaches in the blocks rendered here: the caller's, then the resources the
    // container's own settings hold, then what the tag passes.
    const holder = (current ? ctx.getSync(['block']) : section) as { settings?: Record<string, unknown> } | undefined;
    const closest = { ...closestOf(ctx.getSync(['closest'])), ...resourcesIn(holder?.settings), ...passed };
    if (kind === 'blocks') {
      const order = data.block_order ?? Object.keys(data.blocks ?? {});
      for (const id of order) {
        const block = data.blocks?.[id];
        if (!block || block.disabled || block.static) continue;
        // An app block needs its app's code, which is not in a theme: it renders nothing here.
        if (APP_BLOCK_TYPE.test(block.type)) continue;
        if (block.type.startsWith('_') && !this.accepts(current ? 'block' : 'section', data.type, block.type)) {
          const message = `block '${id}' of private type '${block.type}' can only be placed in a section or block whose schema names it`;
          if (!rendersErrors(this.liquid)) throw new Error(message);
          emitter.write(inlineErrorText(this.token, message));
          continue;
        }
        try {
          emitter.write((yield this.renderBlock(ctx, section, id, block, {}, depth, closest)) as string);
        } catch (error) {
          // A block file that fails prints its error where the block stands; its siblings render.
          if (!rendersErrors(this.liquid) || mustPropagate(error)) throw error;
          emitter.write(inlineTextFor(error));
        }
      }
      return;
    }
    if (kind === 'block') {
      const { type, id, ...rest } = params;
      if (typeof type !== 'string' || typeof id !== 'string') throw new Error("content_for 'block': type and id are required");
      const saved = data.blocks?.[id];
      if (saved?.disabled) return;
      const block: BlockData = saved && saved.type === type ? saved : { type, static: true };
      emitter.write((yield this.renderBlock(ctx, section, id, block, rest, depth, closest)) as string);
      return;
    }
    throw new Error(`content_for: unknown type '${kind}' (expected 'blocks' or 'block')`);
  }

  /**
   * Whether a container accepts a private block (blocks/_name.liquid): only one whose schema names
   * that type does; `@theme` offers the public theme blocks, never the private ones.
   */
  private accepts(kind: 'section' | 'block', containerType: string | undefined, type: string): boolean {
    if (!containerType) return false;
    const accepted =
      kind === 'block' ? blockFile(this.liquid, containerType).accepts : (compiledSection(this.liquid, containerType).schema.blocks ?? []).map((b) => b.type);
    return accepted.includes(type);
  }

  private async renderBlock(
    ctx: Context,
    section: unknown,
    id: string,
    data: BlockData,
    params: Record<string, unknown>,
    depth: number,
    closest: Record<string, unknown>,
  ): Promise<string> {
    const file = blockFile(this.liquid, data.type);
    const globals = ctx.globals as object;
    const block = withBlockData(
      {
        id,
        type: data.type,
        // A setting connected to `{{ closest.product }}` reads this block's closest product.
        settings: typedSettings(settingsScope(this.liquid, globals, { closest }), file.settings, data.settings),
        shopify_attributes: blockAttributes(globals, id, data.type),
      },
      data,
    );
    const marker = withBlockData({ depth }, data);
    const html = (await this.liquid.render(file.templates, { ...params, closest, section, block, __theme_block: marker }, { globals })) as string;
    // The platform wraps a theme block in its own element, `<div id="shopify-block-…"
    // class="shopify-block">`, or the schema's `tag` and `class`; `"tag": null` renders none.
    if (file.tag === null) return html;
    const classes = ['shopify-block', file.className].filter(Boolean).join(' ');
    const editor = block.shopify_attributes ? ` ${block.shopify_attributes}` : '';
    return `<${file.tag} id="shopify-block-${escapeHtml(id)}" class="${escapeHtml(classes)}"${editor}>${html}</${file.tag}>`;
  }
}
