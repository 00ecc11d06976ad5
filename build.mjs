#!/usr/bin/env node
// Builds the theme's assets: islands (React source, Preact bundles), styles, icons and the
// generated theme files (tools/generate.mjs); `--serve` then starts the offline preview, `--watch`
// rebuilds on change.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync, copyFileSync, existsSync, statSync } from 'node:fs';
import { join, basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeGeneratedFiles } from './tools/generate.mjs';

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
  target: 'es2020',
  jsx: 'automatic',
  splitting: true,
  outdir: themeAssets,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: preactAlias,
  logLevel: 'warning',
};

const stylesOptions = {
  entryPoints: existsSync(join(root, 'assets', 'styles'))
    ? readdirSync(join(root, 'assets', 'styles')).filter((f) => f.endsWith('.css') && !f.startsWith('_')).map((f) => join(root, 'assets', 'styles', f))
    : [],
  bundle: true,
  minify: true,
  outdir: themeAssets,
  loader: { '.svg': 'dataurl', '.woff2': 'file' },
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

export async function buildAll() {
  const started = performance.now();
  mkdirSync(themeAssets, { recursive: true });
  mkdirSync(buildDir, { recursive: true });
  // First: the styles import the generated swatch CSS.
  await writeGeneratedFiles(root);
  const [islands] = await Promise.all([
    esbuild.build(islandsOptions),
    stylesOptions.entryPoints.length ? esbuild.build(stylesOptions) : null,
  ]);
  writeFileSync(join(buildDir, 'islands-meta.json'), JSON.stringify(islands.metafile));
  if (clean) removeStaleScripts(islands.metafile);
  copyStaticAssets();
  await buildPreview();
  return performance.now() - started;
}

/** The preview is TypeScript; Node 20 runs it from one bundled file, with packages left external. */
async function buildPreview() {
  await esbuild.build({
    entryPoints: [join(root, 'preview', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: join(buildDir, 'preview.mjs'),
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

async function main() {
  const ms = await buildAll();
  console.log(`build: ${Object.keys(islandsOptions.entryPoints).length} islands, styles and dictionaries in ${ms.toFixed(0)} ms`);
  if (watch) {
    const islandsCtx = await esbuild.context({ ...islandsOptions, plugins: [{ name: 'report', setup: (b) => b.onEnd((r) => r.errors.length || console.log('rebuilt islands')) }] });
    const stylesCtx = await esbuild.context(stylesOptions);
    await Promise.all([islandsCtx.watch(), stylesCtx.watch()]);
    const { watch: watchFs } = await import('node:fs');
    const regenerate = () => writeGeneratedFiles(root).catch((error) => console.error(error));
    watchFs(join(root, 'theme', 'locales'), regenerate);
    watchFs(join(root, 'shared', 'i18n', 'island-keys.json'), regenerate);
  }
  if (serve) {
    const { startPreview } = await import(join(buildDir, 'preview.mjs'));
    const app = await startPreview();
    const address = app.server.address();
    console.log(`preview: http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
