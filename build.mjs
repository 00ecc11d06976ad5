#!/usr/bin/env node
// Builds the theme's assets: islands (React source, Preact bundles), styles, icons and the
// generated theme files (tools/generate.mjs); `--serve` then starts the offline preview, `--watch`
// rebuilds on change.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync, copyFileSync, existsSync, statSync } from 'node:fs';
import { join, basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeGeneratedFiles } from './tools/generate.mjs';
import { buildPreview, PREVIEW_BUNDLE } from './preview/build.mjs';

const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
// Removing stale bundles is for clean builds (npm test, CI): during development several builds may
// run at once, and one must not delete the chunks another has just written.
const clean = args.has('--clean') || process.env.CI === 'true';
const serve = args.has('--serve');
const root = process.cwd();
const themeAssets = join(root, 'theme', 'assets');
const buildDir = join(root, '.build');

export const preactAlias = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

function islandEntries() {
  const dir = join(root, 'islands');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => existsSync(join(dir, name, 'index.tsx')))
      .map((name) => [`island-${name}`, join(dir, name, 'index.tsx')]),
  );
}

/** Island bundles and chunks this build did not write go, so the theme never ships a stale file. */
function removeStaleScripts(metafile) {
  const written = new Set(Object.keys(metafile.outputs).map((path) => basename(path)));
  for (const file of readdirSync(themeAssets)) {
    if (/^(island-|chunk-).*\.js(\.map)?$/.test(file) && !written.has(file)) rmSync(join(themeAssets, file));
  }
}

export const islandsOptions = {
  entryPoints: islandEntries(),
  bundle: true,
  minify: true,
  format: 'esm',
  // Browsers a shop's storefront supports (the platform asks themes for the last two versions of
  // the major browsers): all run class fields natively, so esbuild emits them as written instead
  // of a helper chunk that every island imported.
  target: ['chrome109', 'edge109', 'firefox115', 'safari15'],
  jsx: 'automatic',
  splitting: true,
  outdir: themeAssets,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  // rosetta's dlv names its UMD build as "browser": bundled, that is CommonJS, and pulls esbuild's
  // CommonJS helpers into a chunk every island imports. Its ES build is the same function.
  alias: { ...preactAlias, dlv: 'dlv/dist/dlv.es.js' },
  logLevel: 'warning',
};

// The brand's typefaces, self-hosted: the platform's font library serves Latin only, and a
// Ukrainian shop needs Cyrillic. Manrope (variable, 200–800) sets the text, Cormorant Garamond 500
// the headings. Each subset is its own file, fetched only when the page uses its characters
// (unicode-range). Fallback faces carry Capsize's metric overrides, so the page does not move when
// the font arrives (font-display: swap without layout shift).
const BRAND_FONTS = [
  {
    family: 'Manrope',
    metrics: 'manrope',
    weight: '200 800',
    files: {
      latin: '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
      cyrillic: '@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2',
      // Holds the hryvnia sign (₴) of the currency selector.
      'cyrillic-ext': '@fontsource-variable/manrope/files/manrope-cyrillic-ext-wght-normal.woff2',
    },
    fallbacks: ['arial', 'roboto'],
  },
  {
    family: 'Cormorant Garamond',
    metrics: 'cormorantGaramond',
    weight: '500',
    files: {
      latin: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
      cyrillic: '@fontsource/cormorant-garamond/files/cormorant-garamond-cyrillic-500-normal.woff2',
    },
    fallbacks: ['timesNewRoman', 'georgia'],
  },
];
// The subsets' ranges, as Google Fonts cuts them.
const UNICODE_RANGES = {
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  cyrillic: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116',
  'cyrillic-ext': 'U+0460-052F, U+1C80-1C8A, U+20B4, U+2DE0-2DFF, U+A640-A69F, U+FE2E-FE2F',
};

async function brandFontFaces() {
  const { createFontStack } = await import('@capsizecss/core');
  const css = [];
  for (const font of BRAND_FONTS) {
    const metrics = async (name) => (await import(`@capsizecss/metrics/${name}`)).default;
    const stack = createFontStack([await metrics(font.metrics), ...(await Promise.all(font.fallbacks.map(metrics)))]);
    for (const [subset, file] of Object.entries(font.files)) {
      css.push(
        `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${font.weight};font-display:swap;src:url('./node_modules/${file}') format('woff2');unicode-range:${UNICODE_RANGES[subset]}}`,
      );
    }
    css.push(stack.fontFaces);
  }
  return css.join('\n');
}

/** `@import 'brand-fonts';` in a stylesheet: the faces above, made at build time. */
const brandFontsPlugin = {
  name: 'brand-fonts',
  setup(build) {
    build.onResolve({ filter: /^brand-fonts$/ }, () => ({ path: 'brand-fonts', namespace: 'brand-fonts' }));
    build.onLoad({ filter: /.*/, namespace: 'brand-fonts' }, async () => ({ contents: await brandFontFaces(), loader: 'css', resolveDir: root }));
  },
};

const stylesOptions = {
  entryPoints: existsSync(join(root, 'assets', 'styles'))
    ? readdirSync(join(root, 'assets', 'styles'))
        .filter((f) => f.endsWith('.css') && !f.startsWith('_'))
        .map((f) => join(root, 'assets', 'styles', f))
    : [],
  bundle: true,
  minify: true,
  outdir: themeAssets,
  loader: { '.svg': 'dataurl', '.woff2': 'file' },
  // Font files keep their names, so the layout can preload them by name (asset_url adds the version).
  assetNames: '[name]',
  plugins: [brandFontsPlugin],
  logLevel: 'warning',
};

function copyStaticAssets() {
  for (const folder of ['icons', 'images']) {
    const dir = join(root, 'assets', folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (statSync(join(dir, file)).isFile()) copyFileSync(join(dir, file), join(themeAssets, file));
    }
  }
}

/**
 * Two snippets from esbuild's metafile, each a `case` on the island's name:
 * - snippets/island-preloads.liquid: for each island entry, a modulepreload link for every chunk
 *   it imports statically, however deep, so the browser fetches an island's whole start-up code at
 *   once instead of discovering one import level per round trip;
 * - snippets/island-code.liquid: for an island whose entry has one dynamic import (its start,
 *   loaded by island() in shared/runtime/schedule.ts), the links of that import's whole graph, in
 *   an inert <template> that island() copies into the head when it loads the code. Entries that
 *   load more than one thing themselves (the shell) are left out, but for the panel host and each
 *   panel the shell loads (snippets/right-panel renders those) and the header's islands the shell
 *   schedules (islands/shell/header-islands.ts).
 */
export function writeIslandPreloads(metafile) {
  const outputs = new Map(Object.entries(metafile.outputs).map(([path, output]) => [basename(path), output]));
  const closure = (file, seen = new Set()) => {
    for (const imported of outputs.get(file)?.imports ?? []) {
      const name = basename(imported.path);
      if (imported.kind === 'import-statement' && !seen.has(name)) {
        seen.add(name);
        closure(name, seen);
      }
    }
    return seen;
  };
  const entries = [...outputs.keys()].filter((file) => /^island-[\w-]+\.js$/.test(file)).sort();
  const islandName = (file) => file.slice('island-'.length, -'.js'.length);
  // Chunk names carry their content hash: the URL is left without asset_url's ?v=, exactly as the
  // entry imports it, or the preloaded file would not be the one the import asks for.
  const link = (chunk) => `<link rel="modulepreload" href="{{ '${chunk}' | asset_url | split: '?' | first }}">`;
  const write = (file, what, branches) =>
    writeFileSync(
      join(root, 'theme', 'snippets', file),
      `{%- doc -%}\n  Generated by build.mjs from the island bundles. Do not edit.\n  ${what}\n\n  @param {string} name - the island's name (its folder in islands/)\n\n  @example\n  {% render '${file.replace('.liquid', '')}', name: 'product-form' %}\n{%- enddoc -%}\n{%- case name -%}\n${branches.join('')}{%- endcase -%}\n`,
    );

  write(
    'island-preloads.liquid',
    'A modulepreload link for every chunk the island imports statically.',
    entries.map((file) => `{%- when '${islandName(file)}' -%}\n${[...closure(file)].sort().map(link).join('\n')}\n`),
  );
  const template = (name, graph) => `{%- when '${name}' -%}\n<template data-island-code="${name}">${graph.map(link).join('')}</template>\n`;
  // The code an import() loads: its chunk and every chunk that imports statically, less what the
  // importer's own graph has already brought.
  const loaded = (start, already) => [start, ...closure(start)].filter((chunk) => !already.has(chunk)).sort();
  const islandCode = entries.flatMap((file) => {
    const started = (outputs.get(file)?.imports ?? []).filter((imported) => imported.kind === 'dynamic-import');
    if (started.length !== 1) return [];
    return [template(islandName(file), loaded(basename(started[0].path), closure(file)))];
  });
  // The shell loads the panel host when a panel first opens, and the host each panel: 'panels'
  // (the host, less the shell) and 'panel-<name>' (islands/panels/<name>/, less the shell and
  // the host), so that a panel opening asks for all its code at once.
  const chunkOf = (entryPoint) => [...outputs].find(([, output]) => output.entryPoint === entryPoint)?.[0];
  const shell = closure('island-shell.js');
  const host = chunkOf('islands/shell/mount-panel-host.ts');
  const panelCode = [];
  if (host) {
    const hostGraph = loaded(host, shell);
    panelCode.push(template('panels', hostGraph));
    const withHost = new Set([...shell, ...hostGraph]);
    for (const [chunk, output] of [...outputs].sort(([a], [b]) => a.localeCompare(b))) {
      const panel = /^islands\/panels\/([\w-]+)\//.exec(output.entryPoint ?? '')?.[1];
      if (panel) panelCode.push(template(`panel-${panel}`, loaded(chunk, withHost)));
    }
  }
  // The islands the shell schedules itself (islands/shell/header-islands.ts), each by its name.
  const shellStarts = (outputs.get('island-shell.js')?.imports ?? []).filter((imported) => imported.kind === 'dynamic-import');
  for (const imported of shellStarts) {
    const chunk = basename(imported.path);
    const name = /^islands\/([\w-]+)\//.exec(outputs.get(chunk)?.entryPoint ?? '')?.[1];
    if (name && name !== 'shell') islandCode.push(template(name, loaded(chunk, shell)));
  }
  write('island-code.liquid', 'The links of the code the island loads when it starts, in an inert template.', [...islandCode.sort(), ...panelCode.sort()]);
}

export async function buildAll() {
  const started = performance.now();
  mkdirSync(themeAssets, { recursive: true });
  mkdirSync(buildDir, { recursive: true });
  // First: the styles import the generated swatch CSS.
  await writeGeneratedFiles(root);
  const [islands] = await Promise.all([esbuild.build(islandsOptions), stylesOptions.entryPoints.length ? esbuild.build(stylesOptions) : null]);
  writeFileSync(join(buildDir, 'islands-meta.json'), JSON.stringify(islands.metafile));
  writeIslandPreloads(islands.metafile);
  if (clean) removeStaleScripts(islands.metafile);
  copyStaticAssets();
  await buildPreview();
  return performance.now() - started;
}

async function main() {
  const ms = await buildAll();
  console.log(`build: ${Object.keys(islandsOptions.entryPoints).length} islands, styles and dictionaries in ${ms.toFixed(0)} ms`);
  if (watch) {
    const islandsCtx = await esbuild.context({
      ...islandsOptions,
      plugins: [{ name: 'report', setup: (b) => b.onEnd((r) => r.errors.length || console.log('rebuilt islands')) }],
    });
    const stylesCtx = await esbuild.context(stylesOptions);
    await Promise.all([islandsCtx.watch(), stylesCtx.watch()]);
    const { watch: watchFs } = await import('node:fs');
    const regenerate = () => writeGeneratedFiles(root).catch((error) => console.error(error));
    watchFs(join(root, 'theme', 'locales'), regenerate);
    watchFs(join(root, 'shared', 'i18n', 'island-keys.json'), regenerate);
  }
  if (serve) {
    const { startPreview } = await import(PREVIEW_BUNDLE);
    const app = await startPreview();
    const address = app.server.address();
    console.log(`preview: ${app.initialConfig.https ? 'https' : 'http'}://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
