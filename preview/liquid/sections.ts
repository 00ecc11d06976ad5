import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Context, type Liquid, type Template } from 'liquidjs';
import { cachedFromTheme } from './theme-cache.js';
import { renderFast } from './sync-render.js';
import { renderLiquidSettings } from './liquid-settings.js';
import { escapeHtml } from './escape.js';
import { readThemeJson } from './theme-json.js';
import { fileErrorText, rendersErrors } from './inline-error.js';
import { APP_BLOCK_TYPE, asAppBlock } from './app-blocks.js';
import { fileBlocksProblem, sectionBlocksProblem } from './block-limits.js';
import { REQUEST_KEY, type RenderRequest } from './context.js';
import { resolveSettings, type SettingSchema, type SettingsScope } from '../platform/settings.js';
import { ColorSchemeGroup } from '../platform/settings.js';

export interface BlockData {
  type: string;
  settings?: Record<string, unknown>;
  disabled?: boolean;
  /** A static block (rendered by `{% content_for 'block' %}`), not one of the dynamic list. */
  static?: boolean;
  /** Theme blocks nest: their own blocks, rendered by `{% content_for 'blocks' %}` inside them. */
  blocks?: Record<string, BlockData>;
  block_order?: string[];
}

export interface SectionData {
  type: string;
  settings?: Record<string, unknown>;
  blocks?: Record<string, BlockData>;
  block_order?: string[];
  disabled?: boolean;
}

/** Whether this render is inside the theme editor (the preview's design mode). */
export function inDesignMode(globals: object): boolean {
  return (globals as Record<string, RenderRequest | undefined>)[REQUEST_KEY]?.designMode === true;
}

/**
 * block.shopify_attributes: in the theme editor, the attribute by which the editor finds a block
 * (data-shopify-editor-block, its id and type as JSON); outside it, nothing.
 */
export function blockAttributes(globals: object, id: string, type: string): string {
  if (!inDesignMode(globals)) return '';
  return `data-shopify-editor-block="${escapeHtml(JSON.stringify({ id, type }))}"`;
}

/** The saved data behind a section or theme block object, for content_for to find its blocks. */
export const BLOCK_DATA = Symbol('block data');

export function withBlockData<T extends object>(object: T, data: { blocks?: Record<string, BlockData>; block_order?: string[] }): T {
  Object.defineProperty(object, BLOCK_DATA, { value: data, enumerable: false });
  return object;
}

type SchemaSetting = SettingSchema;
export interface SectionSchema {
  tag?: string | null;
  class?: string;
  settings?: SchemaSetting[];
  blocks?: { type: string; settings?: SchemaSetting[] }[];
  /** Fewer blocks than the platform's 50 that a merchant may add to the section. */
  max_blocks?: number;
}

// Theme files are read from disk on every render in development so edits show at once.
export function themeDir(liquid: Liquid): string {
  return (liquid.options as unknown as { themeDir: string }).themeDir;
}

const SCHEMA_PATTERN = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;

/** A {% schema %} that is not JSON: the platform refuses the file ("Invalid JSON in tag 'schema'"). */
export class SchemaError extends Error {
  readonly reason = "Invalid JSON in tag 'schema'";
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`${file}: invalid schema JSON (${(cause as Error).message})`, { cause });
  }
}

/** The schema of a section or block file (`file`: its path in the theme, e.g. sections/header.liquid). */
export function readSectionSchema(source: string, file: string): SectionSchema {
  const match = SCHEMA_PATTERN.exec(source);
  if (!match) return {};
  try {
    return JSON.parse(match[1] ?? '{}') as SectionSchema;
  } catch (error) {
    throw new SchemaError(file, error);
  }
}

function defaults(settings: SchemaSetting[] | undefined): Record<string, unknown> {
  return Object.fromEntries((settings ?? []).filter((s) => s.id).map((s) => [s.id as string, s.default ?? null]));
}

const SAFE_NAME = /^[a-z0-9_][a-z0-9_-]*$/i;

/** The platform's wording for a section type without a file. */
function missingSection(type: string): Error {
  return new Error(`Error in tag 'section' - '${type}' is not a valid section type`);
}

export function sectionSource(liquid: Liquid, type: string): string {
  if (!SAFE_NAME.test(type)) throw missingSection(type);
  const path = join(themeDir(liquid), 'sections', `${type}.liquid`);
  if (!existsSync(path)) {
    const builtIn = BUILT_IN_SECTIONS[type];
    if (builtIn !== undefined) return builtIn;
    throw missingSection(type);
  }
  return readFileSync(path, 'utf8');
}

// Section types the platform provides when a theme has no file of that name (theme check's
// JSONMissingSection exempts them): `apps` holds app blocks, `_blocks` a section's theme blocks.
// The preview has no apps, so an app block renders nothing, as one of an uninstalled app does.
const BUILT_IN_SECTIONS: Record<string, string> = {
  apps: '{% schema %}{"name": "Apps", "blocks": [{"type": "@app"}]}{% endschema %}',
  _blocks: '{% content_for \'blocks\' %}{% schema %}{"name": "Section", "blocks": [{"type": "@theme"}, {"type": "@app"}]}{% endschema %}',
};

/** A section file read, its schema read and its Liquid parsed: once until the theme changes. */
export function compiledSection(liquid: Liquid, type: string): { schema: SectionSchema; templates: Template[] } {
  return cachedFromTheme(themeDir(liquid), `section:${type}`, () => {
    const source = sectionSource(liquid, type);
    const file = `sections/${type}.liquid`;
    return { schema: readSectionSchema(source, file), templates: liquid.parse(source, file) };
  });
}

/**
 * How a section's and its blocks' settings become objects: typed by the schema, resources
 * resolved, dynamic sources (`{{ product.title }}`) read from the page's objects.
 */
export function settingsScope(liquid: Liquid, globals: object, scope: Record<string, unknown> = {}): SettingsScope | null {
  const all = globals as Record<string, unknown>;
  const request = all[REQUEST_KEY] as RenderRequest | undefined;
  if (!request?.drops) return null;
  const settings = all['settings'] as Record<string, unknown> | undefined;
  const colorSchemes = Object.values(settings ?? {}).find((v): v is ColorSchemeGroup => v instanceof ColorSchemeGroup) ?? null;
  const linklists = all['linklists'] as { liquidMethodMissing?: (key: string) => unknown } | undefined;
  let context: Context | null = null;
  return {
    drops: request.drops,
    colorSchemes,
    linklist: (handle) => linklists?.liquidMethodMissing?.(handle),
    evaluate: (expression) => liquid.evalValueSync(expression, (context ??= new Context(scope, liquid.options, { globals }))) as unknown,
  };
}

export function typedSettings(
  scope: SettingsScope | null,
  schema: SchemaSetting[] | undefined,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!scope) return { ...defaults(schema), ...(values ?? {}) };
  return resolveSettings(schema, values ?? {}, scope);
}

/** Where a section sits: its 1-based place among the sections of its location (template, a group's type, static). */
export interface SectionPlace {
  index: number | null;
  location: string;
}

export async function renderSection(
  liquid: Liquid,
  globals: object,
  id: string,
  data: SectionData,
  groupClass?: string,
  place: SectionPlace = { index: null, location: 'static' },
): Promise<string> {
  let compiled: { schema: SectionSchema; templates: Template[] };
  try {
    compiled = compiledSection(liquid, data.type);
  } catch (error) {
    // A section file that does not parse (or is missing) prints its error where it stands; the
    // page's other sections render (inline-error.ts).
    if (!rendersErrors(liquid)) throw error;
    return sectionWrapper(globals, id, data.type, {}, groupClass, fileErrorText(`sections/${data.type}.liquid`, error));
  }
  const { schema, templates } = compiled;
  const overLimit = sectionBlocksProblem(data, schema.max_blocks);
  if (overLimit) {
    const error = new Error(`section '${id}' (sections/${data.type}.liquid): ${overLimit}`);
    if (!rendersErrors(liquid)) throw error;
    return sectionWrapper(globals, id, data.type, schema, groupClass, fileErrorText(`sections/${data.type}.liquid`, error));
  }
  const scope = settingsScope(liquid, globals);
  const blockSchemas = new Map((schema.blocks ?? []).map((b) => [b.type, b]));
  const order = data.block_order ?? Object.keys(data.blocks ?? {});
  const blocks = order
    .map((key) => ({ key, block: data.blocks?.[key] }))
    .filter((b): b is { key: string; block: NonNullable<typeof b.block> } => !!b.block && !b.block.disabled)
    .map(({ key, block }) => {
      // An app block is '@app' to the section's Liquid (app-blocks.ts).
      if (APP_BLOCK_TYPE.test(block.type))
        return asAppBlock({ id: key, type: '@app', settings: block.settings ?? {}, shopify_attributes: blockAttributes(globals, key, block.type) });
      return {
        id: key,
        type: block.type,
        settings: typedSettings(scope, blockSchemas.get(block.type)?.settings, block.settings),
        shopify_attributes: blockAttributes(globals, key, block.type),
      };
    });
  const section = withBlockData(
    {
      id,
      settings: typedSettings(scope, schema.settings, data.settings),
      blocks,
      block_order: order,
      index: place.index,
      index0: place.index === null ? null : place.index - 1,
      location: place.location,
    },
    data,
  );
  // `liquid` settings are rendered first, with the section (and the block) they belong to.
  await renderLiquidSettings(liquid, globals, schema.settings, section.settings as Record<string, unknown>, { section });
  for (const block of blocks) await renderLiquidSettings(liquid, globals, blockSchemas.get(block.type)?.settings, block.settings, { section, block });
  const inner = await renderFast(liquid, templates, { section }, { globals });
  return sectionWrapper(globals, id, data.type, schema, groupClass, inner);
}

/** The platform's wrapper of a section: its tag and classes from the schema, its id, the editor's attribute. */
function sectionWrapper(globals: object, id: string, type: string, schema: SectionSchema, groupClass: string | undefined, inner: string): string {
  const tag = schema.tag && /^(section|div|aside|header|footer|article|main|nav)$/.test(schema.tag) ? schema.tag : 'div';
  const classes = ['shopify-section', groupClass, schema.class].filter(Boolean).join(' ');
  // In the theme editor the platform's wrapper names the section for the editor's events.
  const editor = inDesignMode(globals) ? ` data-shopify-editor-section="${escapeHtml(JSON.stringify({ id, type, disabled: false }))}"` : '';
  return `<${tag} id="shopify-section-${escapeHtml(id)}" class="${escapeHtml(classes)}"${editor}>${inner}</${tag}>`;
}

/** {% section 'x' %}: a section that does not exist is the tag's error, printed where the tag stands. */
export async function renderSectionByFile(liquid: Liquid, ctx: Context, file: string): Promise<string> {
  if (!SAFE_NAME.test(file) || !existsSync(join(themeDir(liquid), 'sections', `${file}.liquid`))) throw missingSection(file);
  return renderSection(liquid, ctx.globals, file, { type: file });
}

interface GroupFile {
  type: string;
  name: string;
  sections: Record<string, SectionData>;
  order: string[];
}

export const readJson = readThemeJson;

export async function renderSectionGroup(liquid: Liquid, ctx: Context, group: string): Promise<string> {
  if (!SAFE_NAME.test(group)) throw new Error(`sections: invalid group name '${group}'`);
  const path = join(themeDir(liquid), 'sections', `${group}.json`);
  let file: GroupFile;
  try {
    file = cachedFromTheme(themeDir(liquid), `json:${path}`, () => {
      if (!existsSync(path)) throw new Error(`sections: sections/${group}.json does not exist`);
      return readJson<GroupFile>(path);
    });
  } catch (error) {
    // A group file that is not JSON prints its error where the group stands (the tag's place).
    if (!rendersErrors(liquid)) throw error;
    return fileErrorText(path, error);
  }
  const overLimit = fileBlocksProblem(file.sections);
  if (overLimit) {
    const error = new Error(`sections/${group}.json: ${overLimit}`);
    if (!rendersErrors(liquid)) throw error;
    return fileErrorText(path, error);
  }
  const html: string[] = [];
  for (const key of file.order ?? []) {
    const data = file.sections?.[key];
    if (!data || data.disabled) continue;
    html.push(
      await renderSection(liquid, ctx.globals, `sections--1__${key}`, data, `shopify-section-group-${group}`, {
        index: html.length + 1,
        location: file.type || group,
      }),
    );
  }
  return html.join('');
}

export interface JsonTemplate {
  layout?: string | false | null;
  wrapper?: string;
  sections: Record<string, SectionData>;
  order: string[];
}

export const TEMPLATE_SECTION_LIMIT = 25;

export async function renderJsonTemplate(liquid: Liquid, globals: object, template: JsonTemplate, name: string): Promise<string> {
  if (template.order.length > TEMPLATE_SECTION_LIMIT) throw new Error(`templates/${name}.json: more than ${TEMPLATE_SECTION_LIMIT} sections`);
  const overLimit = fileBlocksProblem(template.sections);
  if (overLimit) throw new Error(`templates/${name}.json: ${overLimit}`);
  const html: string[] = [];
  for (const key of template.order) {
    const data = template.sections[key];
    if (!data) throw new Error(`templates/${name}.json: order names missing section '${key}'`);
    if (data.disabled) continue;
    html.push(await renderSection(liquid, globals, `template--1__${key}`, data, undefined, { index: html.length + 1, location: 'template' }));
  }
  return html.join('');
}
