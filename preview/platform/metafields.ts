import { join } from 'node:path';
import { Drop } from 'liquidjs';
import type { FixtureCollection, FixtureProduct, LocalizedString, Store } from '../store/types.js';
import { imageSize } from '../store/image-size.js';
import { imageObject, text, type DropContext, type ImageObject } from './drop-context.js';

// Metafields and metaobjects as the platform types them. A metafield is an object: its `.value`
// is the typed value (text, number, an image, a list of metaobjects…), its `.type` the type of
// its definition, and printing the metafield itself prints its stored form (text as text, a
// reference as its gid), never the value's object. A metaobject's fields are metafields too.
// The types come from the store's definitions (metafield-definitions.json), as on a shop
// (Settings → Custom data); without a definition a string is single_line_text_field and
// anything else json.

export interface MetafieldDefinitions {
  /** owner (product, collection, page, shop) → "namespace.key" → type. */
  owners: Record<string, Record<string, string>>;
  /** metaobject type → field key → type. */
  metaobjects: Record<string, Record<string, string>>;
}

export const DEFAULT_DEFINITIONS: MetafieldDefinitions = { owners: {}, metaobjects: {} };

/** A metaobject entry: its type, handle and raw field values. */
export interface MetaobjectEntry {
  id: number;
  type: string;
  handle: string;
  fields: Record<string, unknown>;
}

const GID_KIND: Record<string, string> = {
  file_reference: 'MediaImage',
  product_reference: 'Product',
  collection_reference: 'Collection',
  page_reference: 'Page',
  metaobject_reference: 'Metaobject',
  variant_reference: 'ProductVariant',
};

export class MetafieldDrop extends Drop {
  private typed: unknown;
  private resolved = false;
  constructor(
    private ctx: DropContext,
    readonly type: string,
    private raw: unknown,
  ) {
    super();
  }
  get value(): unknown {
    if (!this.resolved) {
      this.typed = typedValue(this.ctx, this.type, this.raw);
      this.resolved = true;
    }
    return this.typed;
  }
  override liquidMethodMissing(key: string): unknown {
    return key === 'list?' ? this.type.startsWith('list.') : undefined;
  }
  /** A metafield is not a list: `for` over it (rather than its .value) runs zero times. */
  [Symbol.iterator](): Iterator<never> {
    return [][Symbol.iterator]();
  }
  /** What `{{ metafield }}` prints: the stored form. */
  override toString(): string {
    const item = (type: string, v: unknown): unknown => {
      const value = typedValue(this.ctx, type, v);
      const kind = GID_KIND[type];
      if (kind) return `gid://shopify/${kind}/${(value as { id?: unknown } | null)?.id ?? ''}`;
      return value;
    };
    // The stored JSON text, as the platform keeps it (not the `json` filter's escaped form).
    if (this.type.startsWith('list.')) return JSON.stringify((Array.isArray(this.raw) ? this.raw : []).map((v) => item(this.type.slice(5), v)));
    if (this.type === 'json') return JSON.stringify(this.value);
    const printed = item(this.type, this.raw);
    return printed === null || printed === undefined ? '' : String(printed);
  }
  toLiquidJSON(): unknown {
    return this.value;
  }
}

/** The typed value of a stored metafield value. */
/**
 * The drops a product or collection reference resolves to, handed over by drops.ts when it loads:
 * drops use this module for every resource's metafields, so it cannot import them.
 */
export const referenceDrops: {
  product?: (ctx: DropContext, product: FixtureProduct) => unknown;
  collection?: (ctx: DropContext, collection: FixtureCollection) => unknown;
} = {};

function typedValue(ctx: DropContext, type: string, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (type.startsWith('list.')) {
    const items = Array.isArray(raw) ? raw : [];
    return items.map((item) => typedValue(ctx, type.slice(5), item)).filter((v) => v !== null);
  }
  switch (type) {
    case 'single_line_text_field':
    case 'multi_line_text_field':
    case 'url':
    case 'color':
    case 'date':
    case 'date_time':
      return typeof raw === 'object' ? text(ctx, raw as LocalizedString) : String(raw);
    case 'number_integer':
      return Math.trunc(Number(raw));
    case 'number_decimal':
      return Number(raw);
    case 'boolean':
      return raw === true || raw === 'true';
    case 'json':
      return raw;
    case 'file_reference':
      return fileReference(ctx, raw);
    case 'product_reference': {
      const product = ctx.store.productsByHandle.get(String(raw));
      return product ? (referenceDrops.product?.(ctx, product) ?? null) : null;
    }
    case 'collection_reference': {
      const collection = ctx.store.collectionsByHandle.get(String(raw));
      return collection ? (referenceDrops.collection?.(ctx, collection) ?? null) : null;
    }
    case 'metaobject_reference':
      return raw instanceof MetaobjectDrop ? raw : typeof raw === 'object' ? null : metaobjectByHandle(ctx, String(raw));
    default:
      return raw;
  }
}

/** A file_reference to an image: the image object the platform gives (a media image). */
function fileReference(ctx: DropContext, raw: unknown): (ImageObject & { media_type: string; preview_image: ImageObject }) | null {
  const record =
    typeof raw === 'object' && raw !== null ? (raw as { file?: string; width?: number; height?: number; alt?: LocalizedString }) : { file: String(raw) };
  if (!record.file) return null;
  const size = record.width && record.height ? { width: record.width, height: record.height } : imageSize(join(ctx.store.imagesDir, record.file));
  if (!size) return null;
  const image = imageObject(ctx, record.file, size.width, size.height, record.alt ?? null, fileId(record.file));
  return { ...image, media_type: 'image', preview_image: image };
}

/** A stable id for a store file (the platform's MediaImage id). */
function fileId(file: string): number {
  let hash = 0;
  for (const c of file) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return 6_500_000_000 + (hash % 100_000_000);
}

export class MetaobjectDrop extends Drop {
  private fieldDrops = new Map<string, MetafieldDrop>();
  constructor(
    private ctx: DropContext,
    readonly entry: MetaobjectEntry,
  ) {
    super();
  }
  get system(): Record<string, unknown> {
    return { type: this.entry.type, handle: this.entry.handle, id: this.entry.id, url: null };
  }
  override liquidMethodMissing(key: string): MetafieldDrop | undefined {
    if (!(key in this.entry.fields)) return undefined;
    let drop = this.fieldDrops.get(key);
    if (!drop) {
      const type = this.ctx.store.metafieldDefinitions?.metaobjects[this.entry.type]?.[key] ?? guessType(this.entry.fields[key]);
      drop = new MetafieldDrop(this.ctx, type, this.entry.fields[key]);
      this.fieldDrops.set(key, drop);
    }
    return drop;
  }
  get id(): number {
    return this.entry.id;
  }
  toLiquidJSON(): unknown {
    return Object.fromEntries(Object.keys(this.entry.fields).map((k) => [k, this.liquidMethodMissing(k)?.value]));
  }
}

function guessType(value: unknown): string {
  return typeof value === 'string' || (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string'))
    ? 'single_line_text_field'
    : 'json';
}

/** The metafields of one owner (`product.metafields`): namespace → key → metafield. */
export function ownerMetafields(
  ctx: DropContext,
  owner: string,
  raw: Record<string, Record<string, unknown>> | undefined,
): Record<string, Record<string, MetafieldDrop>> {
  const definitions = ctx.store.metafieldDefinitions?.owners[owner] ?? {};
  const result: Record<string, Record<string, MetafieldDrop>> = {};
  for (const [namespace, fields] of Object.entries(raw ?? {})) {
    const drops: Record<string, MetafieldDrop> = {};
    for (const [key, value] of Object.entries(fields ?? {})) {
      // An empty value is no metafield at all on a shop: the key answers nil.
      if (value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
      const type = definitions[`${namespace}.${key}`] ?? guessType(value);
      drops[key] =
        owner === 'collection' && type === 'list.metaobject_reference'
          ? new MetafieldDrop(ctx, type, lookEntriesOf(ctx, value))
          : new MetafieldDrop(ctx, type, value);
    }
    result[namespace] = drops;
  }
  return result;
}

/**
 * The fixture store keeps each collection's looks inline (image and dots) for readability; on a
 * shop they are metaobject entries of type `look` the collection's list metafield references.
 * Each inline look is that entry, with the handle `<collection>-<n>`.
 */
const entryCache = new WeakMap<Store, Map<string, MetaobjectEntry[]>>();

export function metaobjectEntries(store: Store): Map<string, MetaobjectEntry[]> {
  let entries = entryCache.get(store);
  if (!entries) {
    entries = new Map();
    const looks: MetaobjectEntry[] = [];
    let id = 2_000_000_001;
    for (const collection of store.collections) {
      (collection.metafields?.custom?.looks ?? []).forEach((look, index) => {
        looks.push({
          id: id++,
          type: 'look',
          handle: `${collection.handle}-${index + 1}`,
          fields: { image: { file: look.file, width: look.width, height: look.height }, dots: look.dots },
        });
      });
    }
    entries.set('look', looks);
    entryCache.set(store, entries);
  }
  return entries;
}

function lookEntriesOf(ctx: DropContext, value: unknown): MetaobjectDrop[] {
  const all = metaobjectEntries(ctx.store).get('look') ?? [];
  const looks = Array.isArray(value) ? value : [];
  return looks
    .map((look) => all.find((entry) => (entry.fields['image'] as { file: string }).file === (look as { file?: string }).file))
    .filter((entry): entry is MetaobjectEntry => !!entry)
    .map((entry) => new MetaobjectDrop(ctx, entry));
}

function metaobjectByHandle(ctx: DropContext, handle: string): MetaobjectDrop | null {
  for (const entries of metaobjectEntries(ctx.store).values()) {
    const entry = entries.find((e) => e.handle === handle);
    if (entry) return new MetaobjectDrop(ctx, entry);
  }
  return null;
}

/** The `metaobjects` global: `metaobjects.look.values`, `metaobjects.look['coats-and-jackets-1']`. */
export class MetaobjectsDrop extends Drop {
  constructor(private ctx: DropContext) {
    super();
  }
  override liquidMethodMissing(type: string): MetaobjectDefinitionDrop | undefined {
    const entries = metaobjectEntries(this.ctx.store).get(type);
    return entries ? new MetaobjectDefinitionDrop(this.ctx, entries) : undefined;
  }
}

/** Loops over a definition's entries stop at 50, as on the platform. */
const METAOBJECT_LIMIT = 50;

export class MetaobjectDefinitionDrop extends Drop {
  constructor(
    private ctx: DropContext,
    private entries: MetaobjectEntry[],
  ) {
    super();
  }
  get values(): MetaobjectDrop[] {
    return this.entries.slice(0, METAOBJECT_LIMIT).map((e) => new MetaobjectDrop(this.ctx, e));
  }
  get values_count(): number {
    return this.entries.length;
  }
  override liquidMethodMissing(handle: string): MetaobjectDrop | undefined {
    const entry = this.entries.find((e) => e.handle === handle);
    return entry ? new MetaobjectDrop(this.ctx, entry) : undefined;
  }
}
