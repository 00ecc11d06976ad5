// Reading a store folder's JSON with errors that name the file and the field at fault: the
// readers every fixture file's loader shares.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalizedString } from './types.js';

/** Bad store data: names the file and the field (a path such as `[3 "teddy-coat"].variants[0].price.UAH`). */
export class StoreValidationError extends Error {
  readonly file: string;
  readonly field: string;
  constructor(file: string, field: string, problem: string) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
    this.name = 'StoreValidationError';
    this.file = file;
    this.field = field;
  }
}

export type Json = unknown;
export type Obj = Record<string, Json>;

export const HANDLE_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const LANG_RE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
export const CURRENCY_RE = /^[A-Z]{3}$/;

const describe = (v: Json): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'string'
        ? `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`
        : `${typeof v} ${JSON.stringify(v)}`;

/** Reads typed fields out of one file's JSON, failing with the file and field path. */
export class FieldReader {
  constructor(readonly file: string) {}

  fail(path: string, problem: string): never {
    throw new StoreValidationError(this.file, path, problem);
  }

  object(v: Json, path: string): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(path, `expected an object, got ${describe(v)}`);
    return v as Obj;
  }

  array(v: Json, path: string): Json[] {
    if (!Array.isArray(v)) this.fail(path, `expected an array, got ${describe(v)}`);
    return v;
  }

  string(v: Json, path: string, opts: { nonEmpty?: boolean; pattern?: RegExp; what?: string } = {}): string {
    if (typeof v !== 'string') this.fail(path, `expected a string, got ${describe(v)}`);
    if (opts.nonEmpty && v.trim() === '') this.fail(path, 'must not be empty');
    if (opts.pattern && !opts.pattern.test(v)) this.fail(path, `${JSON.stringify(v)} is not ${opts.what ?? `matching ${opts.pattern}`}`);
    return v;
  }

  /** A string field that may be absent (then `fallback`). */
  optString(v: Json, path: string, fallback = ''): string {
    return v === undefined || v === null ? fallback : this.string(v, path);
  }

  int(v: Json, path: string, opts: { min?: number; max?: number } = {}): number {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) this.fail(path, `expected an integer, got ${describe(v)}`);
    if (opts.min !== undefined && v < opts.min) this.fail(path, `must be at least ${opts.min}, got ${v}`);
    if (opts.max !== undefined && v > opts.max) this.fail(path, `must be at most ${opts.max}, got ${v}`);
    return v;
  }

  id(v: Json, path: string): number {
    return this.int(v, path, { min: 1 });
  }

  number(v: Json, path: string, opts: { min?: number; max?: number } = {}): number {
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(path, `expected a number, got ${describe(v)}`);
    if (opts.min !== undefined && v < opts.min) this.fail(path, `must be at least ${opts.min}, got ${v}`);
    if (opts.max !== undefined && v > opts.max) this.fail(path, `must be at most ${opts.max}, got ${v}`);
    return v;
  }

  boolean(v: Json, path: string): boolean {
    if (typeof v !== 'boolean') this.fail(path, `expected true or false, got ${describe(v)}`);
    return v;
  }

  stringList(v: Json, path: string, opts: { nonEmptyItems?: boolean } = {}): string[] {
    return this.array(v, path).map((item, i) => this.string(item, `${path}[${i}]`, { nonEmpty: opts.nonEmptyItems ?? false }));
  }

  isoDate(v: Json, path: string): string {
    const s = this.string(v, path, { nonEmpty: true });
    if (!/^\d{4}-\d{2}-\d{2}T/.test(s) || Number.isNaN(Date.parse(s))) this.fail(path, `${JSON.stringify(s)} is not an ISO 8601 date-time`);
    return s;
  }

  /** A plain string or `{ "<lang>": "text", … }` with at least one language. */
  localized(v: Json, path: string, opts: { nonEmpty?: boolean } = {}): LocalizedString {
    if (typeof v === 'string') {
      if (opts.nonEmpty && v.trim() === '') this.fail(path, 'must not be empty');
      return v;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.fail(path, `expected a string or an object of translations such as {"uk": "…", "en": "…"}, got ${describe(v)}`);
    }
    const entries = Object.entries(v as Obj);
    if (entries.length === 0) this.fail(path, 'an object of translations needs at least one language');
    const out: Record<string, string> = {};
    for (const [lang, text] of entries) {
      if (!LANG_RE.test(lang)) this.fail(`${path}.${lang}`, `${JSON.stringify(lang)} is not a language code`);
      out[lang] = this.string(text, `${path}.${lang}`);
    }
    if (opts.nonEmpty && Object.values(out).every((t) => t.trim() === '')) this.fail(path, 'must not be empty in every language');
    return out;
  }

  optLocalized(v: Json, path: string): LocalizedString {
    return v === undefined || v === null ? '' : this.localized(v, path);
  }

  oneOf<T extends string>(v: Json, path: string, allowed: readonly T[]): T {
    const s = this.string(v, path);
    if (!(allowed as readonly string[]).includes(s)) this.fail(path, `${JSON.stringify(s)} is not one of ${allowed.join(', ')}`);
    return s as T;
  }
}

/** Keeps ids (or handles) unique within a scope, naming the first holder on a clash. */
export class UniqueSet<K> {
  private seen = new Map<K, string>();
  constructor(
    private readonly reader: FieldReader,
    private readonly what: string,
  ) {}
  add(key: K, path: string): void {
    const first = this.seen.get(key);
    if (first !== undefined) this.reader.fail(path, `duplicate ${this.what} ${JSON.stringify(key)} (also at ${first})`);
    this.seen.set(key, path);
  }
}

export function readJsonFile(dir: string, file: string): Json {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StoreValidationError(file, '', code === 'ENOENT' ? `missing: ${path} does not exist` : `cannot be read (${code ?? String(error)})`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new StoreValidationError(file, '', `is not valid JSON: ${(error as Error).message}`);
  }
}
