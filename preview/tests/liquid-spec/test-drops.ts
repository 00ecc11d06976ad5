// liquid-spec's standard test drops (docs/test_drops.md at 8a308cb1), in TypeScript for liquidjs.
// A spec's environment names one as "instantiate:Name" or { "instantiate:Name": { params } }; the
// Ruby-only drops (SecurityVictimDrop, LoaderDrop, ...) belong to specs tagged ruby_drops, which
// do not apply to the preview, so only the portable library is here.
//
// liquidjs's drop protocol: valueOf() is Liquid's to_liquid_value (output, truthiness, filters),
// toString() the text of a drop without one, a property is read as a field or method of the same
// name, else through liquidMethodMissing; [Symbol.iterator] makes a drop enumerable.
import { Drop } from 'liquidjs';
import { WholeFloat } from './cases.js';

type Params = Record<string, unknown>;

/** BooleanDrop, NumberDrop, StringDrop: a boxed value materialised by to_liquid_value. */
class ValueDrop extends Drop {
  constructor(protected readonly value: unknown) {
    super();
  }
  override valueOf(): unknown {
    return this.value;
  }
  override toString(): string {
    return String(this.value);
  }
}

/** `drop.echo_N` is N, `drop.square_N` N², `drop.double_N` 2N, each as a string. */
class MethodDrop extends Drop {
  override liquidMethodMissing(key: string | number): unknown {
    const [op, arg] = String(key).split(/_(.*)/s);
    const n = Number.parseInt(arg ?? '', 10);
    if (!Number.isFinite(n)) return undefined;
    if (op === 'echo') return String(n);
    if (op === 'square') return String(n * n);
    if (op === 'double') return String(n * 2);
    return undefined;
  }
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** `drop[0]` is "zero" (an integer index gives its word), `drop["foo"]` is "foo". */
class IndexDrop extends Drop {
  override liquidMethodMissing(key: string | number): unknown {
    return typeof key === 'number' ? NUMBER_WORDS[key] : key;
  }
}

/** Iterates "first", "second", "third"; size 3. */
class SequenceDrop extends Drop {
  private readonly items = ['first', 'second', 'third'];
  get size(): number {
    return this.items.length;
  }
  get first(): string {
    return this.items[0]!;
  }
  get last(): string {
    return this.items[this.items.length - 1]!;
  }
  [Symbol.iterator](): Iterator<string> {
    return this.items[Symbol.iterator]();
  }
}

/** to_liquid is nil: renders nothing, falsy. */
class NilDrop extends Drop {
  override valueOf(): unknown {
    return null;
  }
}

/** No to_liquid_value: truthy, renders through to_s. */
class OpaqueDrop extends Drop {
  override toString(): string {
    return 'opaque';
  }
}

/** Raises on any property access. */
class ErrorDrop extends Drop {
  override liquidMethodMissing(key: string | number): unknown {
    throw new Error(`ErrorDrop: cannot access ${String(key)}`);
  }
}

/**
 * NestedDrop(value): `nested` is the drop itself, `square` a new NestedDrop of value²; it
 * materialises to its value. Its Ruby source is not in the extract; without a value it holds 3,
 * the value drops.yml's cases give it.
 */
class NestedDrop extends Drop {
  constructor(private readonly value: number) {
    super();
  }
  get nested(): NestedDrop {
    return this;
  }
  get square(): NestedDrop {
    return new NestedDrop(this.value * this.value);
  }
  override valueOf(): number {
    return this.value;
  }
  override toString(): string {
    return String(this.value);
  }
}

const FACTORIES: Record<string, (params: Params) => unknown> = {
  BooleanDrop: (p) => new ValueDrop(Boolean(p['value'])),
  NumberDrop: (p) => new ValueDrop(Number(p['value'])),
  StringDrop: (p) => new ValueDrop(p['value'] === undefined || p['value'] === null ? null : String(p['value'])),
  MethodDrop: () => new MethodDrop(),
  IndexDrop: () => new IndexDrop(),
  SequenceDrop: () => new SequenceDrop(),
  NilDrop: () => new NilDrop(),
  OpaqueDrop: () => new OpaqueDrop(),
  ErrorDrop: () => new ErrorDrop(),
  NestedDrop: (p) => new NestedDrop(p['value'] === undefined ? 3 : Number(p['value'])),
};

const PREFIX = 'instantiate:';

function instantiate(name: string, params: unknown): unknown {
  const factory = FACTORIES[name.replace(/:$/, '')];
  if (!factory) throw new Error(`liquid-spec drop ${name} is not in the standard test drop library`);
  return factory(params && typeof params === 'object' ? (params as Params) : {});
}

/**
 * A spec's environment with its instantiate markers made into drops, and its whole floats made
 * into what the engine holds them as.
 */
export function materialise(value: unknown, wholeFloat: (n: number) => unknown = (n) => n): unknown {
  const walk = (v: unknown): unknown => materialise(v, wholeFloat);
  if (value instanceof WholeFloat) return wholeFloat(value.value);
  if (typeof value === 'string' && value.startsWith(PREFIX)) return instantiate(value.slice(PREFIX.length), {});
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    const entries = Object.entries(value);
    const [only] = entries;
    if (entries.length === 1 && only && only[0].startsWith(PREFIX)) return instantiate(only[0].slice(PREFIX.length), only[1]);
    return Object.fromEntries(entries.map(([k, v]) => [k, walk(v)]));
  }
  return value;
}
