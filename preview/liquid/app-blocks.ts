// App blocks: blocks an app adds to a section (`@app` in its schema). Saved data names them by
// the app's extension (`shopify://apps/<app>/blocks/<block>/<id>`); in Liquid their `block.type`
// is '@app' and `{% render block %}` renders the app's code. An app's code is not part of a
// theme, so offline it renders nothing, as the block of an app that is not installed does; the
// rest of the section renders as usual.
import { evalToken, Token, type Context, type Emitter, type Liquid, type Tag, type TagToken, type TopLevelToken } from 'liquidjs';

/** An app block's type in saved data. */
export const APP_BLOCK_TYPE = /^shopify:\/\/apps\//;

const APP_BLOCK = Symbol('app block');

/** Marks a section's block object as an app block, for `{% render block %}`. */
export function asAppBlock<T extends object>(block: T): T {
  Object.defineProperty(block, APP_BLOCK, { value: true, enumerable: false });
  return block;
}

function isAppBlock(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[APP_BLOCK] === true;
}

type TagClass = new (token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: never) => Tag;

/** Makes `{% render block %}` of an app block render nothing; any other render is the engine's. */
export function renderAppBlocksOffline(liquid: Liquid): void {
  const Base = liquid.tags['render'] as unknown as TagClass | undefined;
  if (!Base) return;
  const base = Base.prototype as unknown as { render: (ctx: Context, emitter: Emitter) => Generator<unknown, unknown, unknown> };
  const AppAware = class extends Base {
    *render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
      const file = (this as unknown as { file?: unknown }).file;
      if (file instanceof Token && isAppBlock(yield evalToken(file, ctx))) return;
      return yield* base.render.call(this, ctx, emitter);
    }
  };
  liquid.registerTag('render', AppAware as never);
}
