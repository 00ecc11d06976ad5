import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedFromTheme } from './theme-cache.js';

// {% stylesheet %} and {% javascript %} in sections, blocks and snippets, as the platform serves
// them (shopify.dev, "JavaScript and stylesheet tags"): the tags print nothing where they stand,
// and their contents, never rendered as Liquid, are concatenated across all the theme's files of
// one kind into one file per kind: sections into styles.css and scripts.js, blocks into
// block-styles.css and block-scripts.js, snippets into snippet-styles.css and snippet-scripts.js,
// which content_for_header loads on every page. The preview builds the same six files from the
// theme folder and serves them at /cdn/shop/t/1/compiled_assets/<file>. Each file's script runs
// in its own function and a throw is logged, so one file's error does not stop the others'.

interface Bundle {
  folder: 'sections' | 'blocks' | 'snippets';
  tag: 'stylesheet' | 'javascript';
}

export const COMPILED_ASSETS: Record<string, Bundle> = {
  'styles.css': { folder: 'sections', tag: 'stylesheet' },
  'block-styles.css': { folder: 'blocks', tag: 'stylesheet' },
  'snippet-styles.css': { folder: 'snippets', tag: 'stylesheet' },
  'scripts.js': { folder: 'sections', tag: 'javascript' },
  'block-scripts.js': { folder: 'blocks', tag: 'javascript' },
  'snippet-scripts.js': { folder: 'snippets', tag: 'javascript' },
};

export interface CompiledAsset {
  body: string;
  /** Changes with the body: the ?v= of its URL. */
  version: string;
}

function tagBody(source: string, tag: string): string | null {
  const match = new RegExp(String.raw`\{%-?\s*${tag}\s*-?%\}([\s\S]*?)\{%-?\s*end${tag}\s*-?%\}`).exec(source);
  const body = match?.[1]?.trim();
  return body ? body : null;
}

function build(themeDir: string, { folder, tag }: Bundle): string {
  let files: string[];
  try {
    files = readdirSync(join(themeDir, folder))
      .filter((f) => f.endsWith('.liquid'))
      .sort();
  } catch {
    return ''; // a theme without this folder
  }
  const parts: string[] = [];
  for (const file of files) {
    const body = tagBody(readFileSync(join(themeDir, folder, file), 'utf8'), tag);
    if (body === null) continue;
    const name = `${folder}/${file}`;
    parts.push(
      tag === 'stylesheet'
        ? `/* ${name} */\n${body}\n`
        : `/* ${name} */\n(function () {\n  try {\n${body}\n  } catch (error) {\n    console.error(error);\n  }\n})();\n`,
    );
  }
  return parts.join('\n');
}

/** One of the six compiled files, or null if the name is not one of them. An empty one is an empty file. */
export function compiledAsset(themeDir: string, name: string): CompiledAsset | null {
  const bundle = Object.prototype.hasOwnProperty.call(COMPILED_ASSETS, name) ? COMPILED_ASSETS[name] : undefined;
  if (!bundle) return null;
  return cachedFromTheme(themeDir, `compiled-asset:${name}`, () => {
    const body = build(themeDir, bundle);
    return { body, version: createHash('sha1').update(body).digest('hex').slice(0, 10) };
  });
}

/** What content_for_header adds for the compiled files the theme has: a stylesheet link or a deferred script each. */
export function compiledAssetTags(themeDir: string): string {
  const tags: string[] = [];
  for (const name of Object.keys(COMPILED_ASSETS)) {
    const asset = compiledAsset(themeDir, name);
    if (!asset?.body) continue;
    const url = `/cdn/shop/t/1/compiled_assets/${name}?v=${asset.version}`;
    tags.push(name.endsWith('.css') ? `<link rel="stylesheet" href="${url}" type="text/css" media="all">` : `<script src="${url}" defer="defer"></script>`);
  }
  return tags.join('\n');
}
