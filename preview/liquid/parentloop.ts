import { Drop, ForTag, type Context, type Emitter, type Template } from 'liquidjs';

// The platform's `forloop.parentloop`: inside a nested for loop, the loop around it (nil in an
// outer loop). liquidjs makes each loop's forloop object inside its for tag and knows no parent,
// so this for tag notes the forloop in scope when it starts and hands it to the forloop object
// the engine's for tag pushes next (the one push that carries a forloop), then steps aside.

export class ForTagWithParentloop extends ForTag {
  override *render(ctx: Context, emitter: Emitter): Generator<unknown, void | string, Template[]> {
    const found: unknown = ctx.getSync(['forloop']);
    const parent = found instanceof Drop ? found : null;
    const restore = (): void => {
      delete (ctx as { push?: unknown }).push; // back to Context.prototype.push
    };
    const push = ctx.push.bind(ctx);
    ctx.push = (scope: object): number => {
      const loop = (scope as { forloop?: unknown }).forloop;
      if (loop instanceof Drop && !Object.prototype.hasOwnProperty.call(loop, 'parentloop')) {
        // Not enumerable: a forloop printed as JSON stays flat.
        Object.defineProperty(loop, 'parentloop', { value: parent, enumerable: false });
        restore();
      }
      return push(scope);
    };
    try {
      return yield* super.render(ctx, emitter);
    } finally {
      restore();
    }
  }
}
