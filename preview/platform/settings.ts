import { join } from 'node:path';
import { Drop } from 'liquidjs';
import { CollectionDrop, PageDrop, ProductDrop, imageObject, storefrontUrl, type DropContext, type ImageObject } from './drops.js';
import { colorSetting } from '../liquid/colors.js';
import { fontSetting } from '../liquid/fonts.js';
import { imageSize } from '../store/image-size.js';
import { allProductsCollection } from './all-products.js';

// Theme, section and block settings as the platform hands them to Liquid: each value typed by its
// setting's `type` in the schema. A resource setting (product, collection, page, link_list,
// image_picker, font_picker, color…) holds a handle or a reference in the JSON and is an object
// in Liquid; a value written as `{{ … }}` is a dynamic source, read from the page's objects.

export interface SettingSchema {
  id?: string;
  type?: string;
  default?: unknown;
  /** color_scheme_group: the settings each scheme has. */
  definition?: SettingSchema[];
}

export interface SettingsScope {
  drops: DropContext;
  /** Evaluates a dynamic source's expression against the page's objects. */
  evaluate?: (expression: string) => unknown;
  /** The theme's colour schemes, for `color_scheme` settings of sections and blocks. */
  colorSchemes?: ColorSchemeGroup | null;
  /** A menu (link_list) by handle, as `linklists[handle]` gives it. */
  linklist?: (handle: string) => unknown;
}

/** Item limits of list settings (collection_list, product_list), as the platform's. */
const LIST_LIMIT = 50;

export class ColorScheme extends Drop {
  constructor(
    readonly id: string,
    readonly settings: Record<string, unknown>,
  ) {
    super();
  }
  override valueOf(): string {
    return this.id;
  }
  override toString(): string {
    return this.id;
  }
  toLiquidJSON(): string {
    return this.id;
  }
}

/** `settings.color_schemes`: loops over the schemes, and `color_schemes['scheme-1']` finds one. */
export class ColorSchemeGroup extends Drop {
  constructor(readonly schemes: ColorScheme[]) {
    super();
  }
  override liquidMethodMissing(key: string): ColorScheme | undefined {
    return this.schemes.find((s) => s.id === key);
  }
  get size(): number {
    return this.schemes.length;
  }
  get first(): ColorScheme | undefined {
    return this.schemes[0];
  }
  get last(): ColorScheme | undefined {
    return this.schemes[this.schemes.length - 1];
  }
  [Symbol.iterator](): Iterator<ColorScheme> {
    return this.schemes[Symbol.iterator]();
  }
  toLiquidJSON(): string[] {
    return this.schemes.map((s) => s.id);
  }
}

/**
 * A color_palette theme setting: its colours by key (`settings.colors.primary`), each a `color`
 * object, and a loop over them in the order of the JSON (keys are not part of the loop).
 */
export class ColorPalette extends Drop {
  constructor(readonly colors: [string, unknown][]) {
    super();
  }
  override liquidMethodMissing(key: string): unknown {
    return this.colors.find(([name]) => name === key)?.[1];
  }
  get size(): number {
    return this.colors.length;
  }
  get first(): unknown {
    return this.colors[0]?.[1];
  }
  get last(): unknown {
    return this.colors[this.colors.length - 1]?.[1];
  }
  [Symbol.iterator](): Iterator<unknown> {
    return this.colors.map(([, color]) => color)[Symbol.iterator]();
  }
  toLiquidJSON(): Record<string, unknown> {
    return Object.fromEntries(this.colors.map(([name, color]) => [name, String(color)]));
  }
}

/**
 * The palette: the schema's default colours with the merchant's saved ones over them (a key a
 * theme update adds appears). A colour the merchant deleted is saved as a reference to the one
 * that replaces it, `{{ settings.colors.accent }}`, and reads as that colour.
 */
function colorPalette(setting: SettingSchema, value: unknown): ColorPalette {
  const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const raw = { ...asObject(setting.default), ...asObject(value) };
  const own = (text: unknown, seen: Set<string>): unknown => {
    const key = typeof text === 'string' ? new RegExp(String.raw`^\s*\{\{\s*settings\.${setting.id ?? ''}\.(\w+)\s*\}\}\s*$`).exec(text)?.[1] : undefined;
    if (!key || seen.has(key)) return text;
    return own(raw[key], seen.add(key));
  };
  return new ColorPalette(Object.entries(raw).map(([key, text]) => [key, colorSetting(own(text, new Set([key])))]));
}

/** A video_url setting: prints its URL, and knows the host and the video's id. */
export class VideoUrl extends Drop {
  constructor(
    private url: string,
    readonly type: string,
    readonly id: string,
  ) {
    super();
  }
  override valueOf(): string {
    return this.url;
  }
  override toString(): string {
    return this.url;
  }
  toLiquidJSON(): string {
    return this.url;
  }
}

function videoUrl(value: string): VideoUrl | null {
  const youtube = /(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/.exec(value);
  if (youtube) return new VideoUrl(value, 'youtube', youtube[1]!);
  const vimeo = /vimeo\.com\/(?:video\/)?(\d+)/.exec(value);
  if (vimeo) return new VideoUrl(value, 'vimeo', vimeo[1]!);
  return null;
}

/** A dynamic source is a reference to an object's property (`{{ product.metafields.custom.info.value }}`), no filters. */
const REFERENCE = String.raw`[a-z_][\w-]*(?:\.[\w?-]+|\[(?:'[^']*'|"[^"]*"|\d+)\])*`;
const DYNAMIC_SOURCE = new RegExp(String.raw`\{\{\s*(${REFERENCE})\s*\}\}`, 'g');
const WHOLE_SOURCE = new RegExp(String.raw`^\s*\{\{\s*(${REFERENCE})\s*\}\}\s*$`);

/** `shopify://collections/all` and friends: the storefront URL they stand for. */
export function resolveShopifyUrl(ctx: DropContext, value: string): string {
  const match = /^shopify:\/\/(collections|products|pages|blogs|policies|search|cart|account)(?:\/(.*))?$/.exec(value);
  if (!match) return value;
  const [, kind, rest] = match;
  return storefrontUrl(ctx, `/${kind}${rest ? `/${rest}` : ''}`);
}

function shopImage(ctx: DropContext, value: string): ImageObject | null {
  const file = /^shopify:\/\/shop_images\/([^/]+)$/.exec(value)?.[1];
  if (!file) return null;
  const name = decodeURIComponent(file);
  if (name.includes('..') || name.includes('/')) return null;
  const size = imageSize(join(ctx.store.imagesDir, name));
  return size ? imageObject(ctx, name, size.width, size.height, null) : null;
}

function collectionByHandle(ctx: DropContext, handle: string): CollectionDrop | null {
  const raw = ctx.store.collectionsByHandle.get(handle) ?? (handle === 'all' ? allProductsCollection(ctx.store) : undefined);
  return raw ? new CollectionDrop(ctx, raw) : null;
}

function productByHandle(ctx: DropContext, handle: string): ProductDrop | null {
  const raw = ctx.store.productsByHandle.get(handle);
  return raw ? new ProductDrop(ctx, raw) : null;
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : []).map(String).slice(0, LIST_LIMIT);
}

function dynamicSource(value: string, scope: SettingsScope): unknown {
  const evaluate = scope.evaluate;
  if (!evaluate) return value;
  const whole = WHOLE_SOURCE.exec(value);
  if (whole) return evaluate(whole[1]!);
  return value.replace(DYNAMIC_SOURCE, (_m, expression: string) => {
    const result = evaluate(expression);
    return result === null || result === undefined ? '' : String(result);
  });
}

/** One setting's value, typed by its schema entry. */
export function resolveSetting(setting: SettingSchema, raw: unknown, scope: SettingsScope): unknown {
  const ctx = scope.drops;
  let value = raw;
  // A `liquid` setting is Liquid code, rendered with its section (liquid/liquid-settings.ts),
  // not a dynamic source; a colour palette resolves its own references.
  if (setting.type !== 'liquid' && setting.type !== 'color_palette' && typeof value === 'string' && value.includes('{{')) {
    value = dynamicSource(value, scope);
    if (typeof value !== 'string') return value ?? null;
  }
  const text = typeof value === 'string' ? value : '';
  switch (setting.type) {
    case 'checkbox':
      return value === true || value === 'true';
    case 'number':
      return value === '' || value === null || value === undefined ? null : Number(value);
    case 'range':
      return value === null || value === undefined ? null : Number(value);
    case 'color':
      return colorSetting(value);
    case 'color_palette':
      return colorPalette(setting, value);
    case 'font_picker':
      return fontSetting(value);
    case 'image_picker':
      return text ? shopImage(ctx, text) : null;
    case 'url':
      return text ? resolveShopifyUrl(ctx, text) : null;
    case 'video_url':
      return text ? videoUrl(text) : null;
    case 'collection':
      return text ? collectionByHandle(ctx, text) : null;
    case 'collection_list':
      return list(value)
        .map((h) => collectionByHandle(ctx, h))
        .filter(Boolean);
    case 'product':
      return text ? productByHandle(ctx, text) : null;
    case 'product_list':
      return list(value)
        .map((h) => productByHandle(ctx, h))
        .filter(Boolean);
    case 'page': {
      const page = text ? ctx.store.pagesByHandle.get(text) : undefined;
      return page ? new PageDrop(ctx, page) : null;
    }
    case 'link_list':
      return text && scope.linklist ? (scope.linklist(text) ?? null) : null;
    // The fixture store has no blogs, articles, videos or metaobject entries a setting can name.
    case 'blog':
    case 'article':
    case 'video':
    case 'metaobject':
      return null;
    case 'color_scheme':
      return text ? (scope.colorSchemes?.liquidMethodMissing(text) ?? scope.colorSchemes?.first ?? null) : null;
    case 'color_scheme_group':
      return colorSchemeGroup(setting, value, scope);
    default:
      return value ?? null;
  }
}

function colorSchemeGroup(setting: SettingSchema, value: unknown, scope: SettingsScope): ColorSchemeGroup {
  const schemes = value && typeof value === 'object' ? (value as Record<string, { settings?: Record<string, unknown> }>) : {};
  return new ColorSchemeGroup(
    Object.entries(schemes).map(([id, scheme]) => new ColorScheme(id, resolveSettings(setting.definition, scheme?.settings ?? {}, scope))),
  );
}

/** A settings object: schema defaults overlaid with the saved values, each typed by its schema. */
export function resolveSettings(schema: SettingSchema[] | undefined, values: Record<string, unknown>, scope: SettingsScope): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const known = new Set<string>();
  // Theme settings have no page to read a dynamic source from, but a setting may name another
  // one: a colour whose default is `{{ settings.colors.primary }}` (a palette colour). They are
  // read from the settings resolved here, after every setting that is a plain value.
  const own: SettingsScope = scope.evaluate ? scope : { ...scope, evaluate: (expression) => settingsPath(result, expression) };
  const raws = new Map<SettingSchema, unknown>();
  for (const setting of schema ?? []) {
    if (!setting.id) continue;
    known.add(setting.id);
    result[setting.id] = null; // the schema's order, whichever pass resolves it
    raws.set(setting, Object.prototype.hasOwnProperty.call(values, setting.id) ? values[setting.id] : (setting.default ?? null));
  }
  const isReference = (raw: unknown): boolean => typeof raw === 'string' && raw.includes('{{');
  for (const pass of [false, true]) {
    for (const [setting, raw] of raws) {
      if (isReference(raw) !== pass) continue;
      result[setting.id!] = resolveSetting(setting, raw, own);
      if (setting.type === 'color_scheme_group' && !scope.colorSchemes) scope.colorSchemes = own.colorSchemes = result[setting.id!] as ColorSchemeGroup;
    }
  }
  // Values the schema no longer names are dropped by the platform's editor but still readable.
  for (const [key, value] of Object.entries(values)) if (!known.has(key)) result[key] = value;
  return result;
}

/** `settings.colors.primary` read from theme settings being resolved (the only source they have). */
function settingsPath(settings: Record<string, unknown>, expression: string): unknown {
  const [root, ...path] = expression.split('.');
  if (root !== 'settings') return null;
  let value: unknown = settings;
  for (const key of path) {
    if (value === null || value === undefined) return null;
    const object = value as Record<string, unknown> & { liquidMethodMissing?: (key: string) => unknown };
    value = key in object ? object[key] : object.liquidMethodMissing?.(key);
  }
  return value ?? null;
}
