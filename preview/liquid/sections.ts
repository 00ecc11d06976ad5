import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Liquid, Template } from 'liquidjs';
import { cachedFromTheme } from './theme-cache.js';
import { escapeHtml } from './escape.js';

export interface SectionData {
  type: string;
  settings?: Record<string, unknown>;
  blocks?: Record<string, { type: string; settings?: Record<string, unknown>; disabled?: boolean }>;
  block_order?: string[];
  disabled?: boolean;
}

interface SchemaSetting { id?: string; default?: unknown }
interface SectionSchema {
  tag?: string;
  class?: string;
  settings?: SchemaSetting[];
  blocks?: { type: string; settings?: SchemaSetting[] }[];
}

// Theme files are read from disk on every render in development so edits show at once.
export function themeDir(liquid: Liquid): string {
  return (liquid.options as unknown as { themeDir: string }).themeDir;
}

const SCHEMA_PATTERN = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;

export function readSectionSchema(source: string, file: string): SectionSchema {
  const match = SCHEMA_PATTERN.exec(source);
  if (!match) return {};
  try {
    return JSON.parse(match[1] ?? '{}') as SectionSchema;
  } catch (error) {
    throw new Error(`sections/${file}.liquid: invalid schema JSON (${(error as Error).message})`, { cause: error });
  }
}

function defaults(settings: SchemaSetting[] | undefined): Record<string, unknown> {
  return Object.fromEntries((settings ?? []).filter((s) => s.id).map((s) => [s.id as string, s.default ?? null]));
}

const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

export function sectionSource(liquid: Liquid, type: string): string {
  if (!SAFE_NAME.test(type)) throw new Error(`section: invalid section name '${type}'`);
  const path = join(themeDir(liquid), 'sections', `${type}.liquid`);
  if (!existsSync(path)) throw new Error(`section: sections/${type}.liquid does not exist`);
  return readFileSync(path, 'utf8');
}

/** A section file read, its schema read and its Liquid parsed: once until the theme changes. */
function compiledSection(liquid: Liquid, type: string): { schema: SectionSchema; templates: Template[] } {
  return cachedFromTheme(themeDir(liquid), `section:${type}`, () => {
    const source = sectionSource(liquid, type);
    return { schema: readSectionSchema(source, type), templates: liquid.parse(source, `sections/${type}.liquid`) };
  });
}

export async function renderSection(liquid: Liquid, globals: object, id: string, data: SectionData, groupClass?: string): Promise<string> {
  const { schema, templates } = compiledSection(liquid, data.type);
  const blockSchemas = new Map((schema.blocks ?? []).map((b) => [b.type, b]));
  const order = data.block_order ?? Object.keys(data.blocks ?? {});
  const blocks = order
    .map((key) => ({ key, block: data.blocks?.[key] }))
    .filter((b): b is { key: string; block: NonNullable<typeof b.block> } => !!b.block && !b.block.disabled)
    .map(({ key, block }) => ({
      id: key,
      type: block.type,
      settings: { ...defaults(blockSchemas.get(block.type)?.settings), ...(block.settings ?? {}) },
      shopify_attributes: '',
    }));
  const section = {
    id,
    settings: { ...defaults(schema.settings), ...(data.settings ?? {}) },
    blocks,
    block_order: order,
  };
  const inner = (await liquid.render(templates, { section }, { globals })) as string;
  const tag = schema.tag && /^(section|div|aside|header|footer|article|main|nav)$/.test(schema.tag) ? schema.tag : 'div';
  const classes = ['shopify-section', groupClass, schema.class].filter(Boolean).join(' ');
  return `<${tag} id="shopify-section-${escapeHtml(id)}" class="${escapeHtml(classes)}">${inner}</${tag}>`;
}

export async function renderSectionByFile(liquid: Liquid, ctx: Context, file: string): Promise<string> {
  return renderSection(liquid, ctx.globals, file, { type: file });
}

interface GroupFile { type: string; name: string; sections: Record<string, SectionData>; order: string[] }

export function readJson<T>(path: string): T {
  const text = readFileSync(path, 'utf8').replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '');
  return JSON.parse(text) as T;
}

export async function renderSectionGroup(liquid: Liquid, ctx: Context, group: string): Promise<string> {
  if (!SAFE_NAME.test(group)) throw new Error(`sections: invalid group name '${group}'`);
  const path = join(themeDir(liquid), 'sections', `${group}.json`);
  const file = cachedFromTheme(themeDir(liquid), `json:${path}`, () => {
    if (!existsSync(path)) throw new Error(`sections: sections/${group}.json does not exist`);
    return readJson<GroupFile>(path);
  });
  const html: string[] = [];
  for (const key of file.order) {
    const data = file.sections[key];
    if (!data || data.disabled) continue;
    html.push(await renderSection(liquid, ctx.globals, `sections--1__${key}`, data, `shopify-section-group-${group}`));
  }
  return html.join('');
}

export interface JsonTemplate {
  layout?: string | false;
  wrapper?: string;
  sections: Record<string, SectionData>;
  order: string[];
}

export const TEMPLATE_SECTION_LIMIT = 25;

export async function renderJsonTemplate(liquid: Liquid, globals: object, template: JsonTemplate, name: string): Promise<string> {
  if (template.order.length > TEMPLATE_SECTION_LIMIT) throw new Error(`templates/${name}.json: more than ${TEMPLATE_SECTION_LIMIT} sections`);
  const html: string[] = [];
  for (const key of template.order) {
    const data = template.sections[key];
    if (!data) throw new Error(`templates/${name}.json: order names missing section '${key}'`);
    if (data.disabled) continue;
    html.push(await renderSection(liquid, globals, `template--1__${key}`, data));
  }
  return html.join('');
}
