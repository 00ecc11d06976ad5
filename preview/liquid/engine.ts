import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import type { LiquidCache } from 'liquidjs/dist/cache/cache';
import type { FS } from 'liquidjs/dist/fs/fs';
import { registerFilters } from './filters.js';
import { registerArithmetic } from './arithmetic.js';
import { registerTags } from './tags.js';
import { readJson, renderJsonTemplate, type JsonTemplate } from './sections.js';
import { REQUEST_KEY, type RenderRequest } from './context.js';
import { cachedFromTheme } from './theme-cache.js';
import { renderFileFast } from './sync-render.js';
import { fileErrorText, installInlineErrors, limitPartialNesting, rendersErrors } from './inline-error.js';
import { installRawBlocks } from './raw-blocks.js';
import { renderAppBlocksOffline } from './app-blocks.js';
import { installSelfDrop, RUBY_SELF } from './ruby-lookups.js';
import { installFloatLiterals, RUBY_FLOATS } from './float-literals.js';
import { rubyOperators } from './operators.js';

export interface LiquidSetup {
  cache?: boolean | LiquidCache;
  /** Where the theme's files are read from: the disk, unless a test gives files of its own. */
  fs?: FS;
  /** Print errors inline and render on, as a storefront does (the preview's pages); without it an error throws, for tests of one template. */
  renderErrors?: boolean;
}

/** The platform's Liquid for a theme folder. */
export function createLiquid(themeDir: string, { cache = false, fs, renderErrors = false }: LiquidSetup = {}): Liquid {
  const liquid = new Liquid({
    ...(fs ? { fs } : {}),
    root: [themeDir],
    partials: [join(themeDir, 'snippets')],
    layouts: [join(themeDir, 'layout')],
    extname: '.liquid',
    relativeReference: false,
    strictFilters: true,
    ownPropertyOnly: false,
    operators: rubyOperators,
    cache,
  });
  (liquid.options as unknown as { themeDir: string }).themeDir = themeDir;
  // Liquid's `self` (the variables in scope) and Ruby's first/last/size of a hash, string or number.
  installSelfDrop();
  (liquid.options as unknown as Record<symbol, boolean>)[RUBY_SELF] = true;
  // A whole decimal literal (2.0) stays a float, as in Ruby.
  installFloatLiterals();
  (liquid.options as unknown as Record<symbol, boolean>)[RUBY_FLOATS] = true;
  registerTags(liquid);
  registerFilters(liquid);
  registerArithmetic(liquid);
  installRawBlocks(liquid);
  renderAppBlocksOffline(liquid);
  limitPartialNesting(liquid);
  if (renderErrors) installInlineErrors(liquid);
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
    const json = readJsonTemplate(liquid, themeDir, jsonPath);
    if (typeof json === 'string') content = json;
    else {
      if (json.layout === false || json.layout === null) request.layout = null;
      else if (typeof json.layout === 'string') request.layout = json.layout;
      content = await renderJsonTemplate(liquid, globals, json, template);
      if (json.wrapper) content = wrap(json.wrapper, content);
    }
  } else if (kind === 'liquid') {
    // The full file name: alternate templates (page.api-menus) have a dot liquidjs would read as an extension.
    content = await printingSyntaxErrors(liquid, `templates/${template}.liquid`, () => renderFileFast(liquid, `templates/${template}.liquid`, {}, { globals }));
  } else {
    throw new TemplateNotFound(template);
  }
  const layout = request.layout;
  if (layout === null) return content;
  const layoutFile = `layout/${layout ?? 'theme'}`;
  return printingSyntaxErrors(
    liquid,
    `${layoutFile}.liquid`,
    async () => (await liquid.renderFile(layoutFile, { content_for_layout: content }, { globals })) as string,
  );
}

/** A template or layout that does not parse: with errors rendered inline, its syntax error is its output. */
async function printingSyntaxErrors(liquid: Liquid, file: string, render: () => Promise<string>): Promise<string> {
  try {
    return await render();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (!rendersErrors(liquid) || (name !== 'ParseError' && name !== 'TokenizationError')) throw error;
    return fileErrorText(file, error);
  }
}

/** A JSON template, or (rendering errors inline) the error of one that is not JSON, printed as the page's content. */
function readJsonTemplate(liquid: Liquid, themeDir: string, path: string): JsonTemplate | string {
  try {
    return cachedFromTheme(themeDir, `json:${path}`, () => readJson<JsonTemplate>(path));
  } catch (error) {
    if (!rendersErrors(liquid)) throw error;
    return fileErrorText(path, error);
  }
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
