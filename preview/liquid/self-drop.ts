// `self`: Liquid's name for the variables in scope where it is written (Ruby's Liquid::SelfDrop):
// `self['product']` and `self[key]` look a variable up by a name computed at render time, and a
// `self` kept in a variable (`{% assign s = self %}`, passed to a snippet) still reads the scope it
// was taken from. A variable the template or the page names `self` comes first.
//
// liquidjs has no such name and no hook where a lookup could see its context, so an engine that
// turns this on has its root lookup of `self` answered here: Context.prototype.readProperty is
// wrapped once, and only for engines whose options carry RUBY_SELF (plain liquidjs is untouched).
import { Context, Drop } from 'liquidjs';

export const RUBY_SELF = Symbol('ruby self');

export class SelfDrop extends Drop {
  constructor(private readonly context: Context) {
    super();
  }
  override liquidMethodMissing(key: string | number): unknown {
    return this.context.getSync([String(key)]);
  }
  toString(): string {
    return 'Liquid::SelfDrop';
  }
  equals(other: unknown): boolean {
    return other instanceof SelfDrop && other.context === this.context;
  }
  gt(): boolean {
    return false;
  }
  geq(other: unknown): boolean {
    return this.equals(other);
  }
  lt(): boolean {
    return false;
  }
  leq(other: unknown): boolean {
    return this.equals(other);
  }
}

type ReadProperty = (this: Context, obj: unknown, key: unknown) => unknown;
let installed = false;

/** Answers a root lookup of `self` that nothing defines, for engines with RUBY_SELF in their options. */
export function installSelfDrop(): void {
  if (installed) return;
  installed = true;
  const proto = Context.prototype as unknown as { readProperty: ReadProperty };
  const readProperty = proto.readProperty;
  proto.readProperty = function (this: Context, obj: unknown, key: unknown): unknown {
    if (key === 'self' && (this.opts as unknown as Record<symbol, unknown>)[RUBY_SELF] && (obj === this.globals || obj === this.environments)) {
      const root = obj as Record<string, unknown>;
      if (!('self' in root)) return new SelfDrop(this);
    }
    return readProperty.call(this, obj, key);
  };
}
