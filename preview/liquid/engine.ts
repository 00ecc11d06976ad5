import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import type { LiquidCache } from 'liquidjs/dist/cache/cache';
import { registerFilters } from './filters.js';
import { registerArithmetic } from './arithmetic.js';
import { registerTags } from './tags.js';
import { readJson, renderJsonTemplate, type JsonTemplate } from './sections.js';
import { REQUEST_KEY, type RenderRequest } from './context.js';
import { cachedFromTheme } from './theme-cache.js';
import { renderFileFast } from './sync-render.js';
import { blankDocBodies } from './doc-bodies.js';

export function createLiquid(themeDir: string, { cache = false }: { cache?: boolean | LiquidCache } = {}): Liquid {
  const liquid = new Liquid({
    root: [themeDir],
    partials: [join(themeDir, 'snippets')],
    layouts: [join(themeDir, 'layout')],
    extname: '.liquid',
    relativeReference: false,
    strictFilters: true,
    ownPropertyOnly: false,
    cache,
  });
  (liquid.options as unknown as { themeDir: string }).themeDir = themeDir;
  // Every source the engine parses, from a file (layouts, templates, snippets) or handed to it
  // (sections, blocks), loses its doc bodies first.
  const files = liquid.options.fs;
  liquid.options.fs = {
    ...files,
    readFile: async (file: string) => blankDocBodies(await files.readFile(file)),
    readFileSync: (file: string) => blankDocBodies(files.readFileSync(file)),
  };
  const parse = liquid.parse.bind(liquid);
  liquid.parse = (html: string, filepath?: string) => parse(blankDocBodies(html), filepath);
  registerTags(liquid);
  registerFilters(liquid);
  registerArithmetic(liquid);
  return liquid;
}

export interface PageRender {
  /** templates/<name>.(json|liquid), e.g. 'product', 'customers/login', 'page.api-menus'. */
  template: string;
  objects: Record<string, unknown>;
  request: RenderRequest;
}

export class TemplateNotFound extends Error {}

function templatePath(themeDir: string, name: string, ext: string): string {
  return join(themeDir, 'templates', `${name}.${ext}`);
}

/** The platform renders the template, then the layout around it with content_for_layout. */
export async function renderPage(liquid: Liquid, { template, objects, request }: PageRender): Promise<string> {
  const themeDir = (liquid.options as unknown as { themeDir: string }).themeDir;
  const globals = { ...objects, [REQUEST_KEY]: request };
  let content: string;
  const jsonPath = templatePath(themeDir, template, 'json');
  const liquidPath = templatePath(themeDir, template, 'liquid');
  const kind = cachedFromTheme(themeDir, `template-kind:${template}`, () => (existsSync(jsonPath) ? 'json' : existsSync(liquidPath) ? 'liquid' : null));
  if (kind === 'json') {
    const json = cachedFromTheme(themeDir, `json:${jsonPath}`, () => readJson<JsonTemplate>(jsonPath));
    if (json.layout === false) request.layout = null;
    else if (typeof json.layout === 'string') request.layout = json.layout;
    content = await renderJsonTemplate(liquid, globals, json, template);
    if (json.wrapper) content = wrap(json.wrapper, content);
  } else if (kind === 'liquid') {
    // The full file name: alternate templates (page.api-menus) have a dot liquidjs would read as an extension.
    content = await renderFileFast(liquid, `templates/${template}.liquid`, {}, { globals });
  } else {
    throw new TemplateNotFound(template);
  }
  const layout = request.layout;
  if (layout === null) return content;
  return (await liquid.renderFile(`layout/${layout ?? 'theme'}`, { content_for_layout: content }, { globals })) as string;
}

// A JSON template's wrapper is a tag with optional attributes: "main#id.class[data-x=y]".
function wrap(wrapper: string, content: string): string {
  const match = /^([a-z]+)((?:[#.][\w-]+|\[[\w-]+=[^\]]*\])*)$/.exec(wrapper.trim());
  if (!match) return content;
  const tag = match[1] ?? 'div';
  const attrs: string[] = [];
  for (const part of (match[2] ?? '').match(/[#.][\w-]+|\[[^\]]+\]/g) ?? []) {
    if (part.startsWith('#')) attrs.push(`id="${part.slice(1)}"`);
    else if (part.startsWith('.')) attrs.push(`class="${part.slice(1)}"`);
    else attrs.push(part.slice(1, -1).replace(/=(.*)$/, '="$1"'));
  }
  return `<${tag}${attrs.length ? ' ' + attrs.join(' ') : ''}>${content}</${tag}>`;
}
