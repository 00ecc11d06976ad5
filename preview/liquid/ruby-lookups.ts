// Variable lookups as the platform's Liquid (Ruby) answers them, where liquidjs's differ.
//
// `self`: Liquid's name for the variables in scope where it is written (Ruby's Liquid::SelfDrop):
// `self['product']` and `self[key]` look a variable up by a name computed at render time, and a
// `self` kept in a variable (`{% assign s = self %}`, passed to a snippet) still reads the scope it
// was taken from. A variable the template or the page names `self` comes first.
//
// `.first`, `.last` and `.size` that the value does not define itself are Ruby's methods of the
// value: a hash's first is its first [key, value] pair and it has no last, a string's first and
// last are its first and last characters, an integer's size is 8 (its width in bytes).
//
// A name the value does not hold is nil, as in Ruby: liquidjs read JavaScript's own members too, so
// `{{ constructor }}`, `{{ x.toString }}`, `{{ title.length }}` or `{{ list.length }}` printed
// something where the platform prints nothing. Plain objects answer their own keys only, lists
// their items (and size/first/last), strings only size/first/last; class instances (drops, the
// preview's platform objects) keep their members, but not Object's (constructor, toString, ...).
//
// liquidjs has no such name and no hook where a lookup could see its context, so an engine that
// turns this on has these lookups answered here: Context.prototype.readProperty is wrapped once,
// and only for engines whose options carry RUBY_SELF (plain liquidjs is untouched).
import { Context, Drop } from 'liquidjs';

export const RUBY_SELF = Symbol('ruby self');

export class SelfDrop extends Drop {
  constructor(private readonly context: Context) {
    super();
  }
  override liquidMethodMissing(key: string | number): unknown {
    return this.context.getSync([String(key)]);
  }
  override toString(): string {
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

const NOT_A_METHOD = Symbol('not a method');

function rubyMethod(obj: unknown, key: 'first' | 'last' | 'size'): unknown {
  if (typeof obj === 'string') return key === 'size' ? [...obj].length : key === 'first' ? ([...obj][0] ?? null) : ([...obj].at(-1) ?? null);
  if (typeof obj === 'number') return key === 'size' && Number.isInteger(obj) ? 8 : null;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || obj instanceof Drop || key in obj) return NOT_A_METHOD;
  const proto = Object.getPrototypeOf(obj) as unknown;
  if (proto !== Object.prototype && proto !== null) return NOT_A_METHOD;
  const entries = Object.entries(obj);
  return key === 'size' ? entries.length : key === 'first' ? (entries[0] ?? null) : null;
}

const COMMANDS = new Set(['size', 'first', 'last']);

/** Whether `obj[key]` would only find one of JavaScript's own members, not a Liquid value. */
function javaScriptOnly(obj: unknown, key: string): boolean {
  if (COMMANDS.has(key)) return false;
  if (typeof obj === 'string') return true;
  if (!obj || typeof obj !== 'object') return false;
  if (Array.isArray(obj)) return key === 'length' || (!Object.prototype.hasOwnProperty.call(obj, key) && !/^-?\d+$/.test(key));
  if (Object.prototype.hasOwnProperty.call(obj, key)) return false;
  if (key in Object.prototype) return true;
  const proto = Object.getPrototypeOf(obj) as unknown;
  return proto === Object.prototype || proto === null;
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
    if (!(this.opts as unknown as Record<symbol, unknown>)[RUBY_SELF]) return readProperty.call(this, obj, key);
    if (key === 'self' && (obj === this.globals || obj === this.environments)) {
      const root = obj as Record<string, unknown>;
      if (!('self' in root)) return new SelfDrop(this);
    }
    if (key === 'first' || key === 'last' || key === 'size') {
      const answer = rubyMethod(obj, key);
      if (answer !== NOT_A_METHOD) return answer;
    }
    if (typeof key === 'string' && javaScriptOnly(obj, key)) return undefined;
    return readProperty.call(this, obj, key);
  };
}
