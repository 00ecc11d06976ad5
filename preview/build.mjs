// Bundles the preview (TypeScript) into one ES module, dist/preview.mjs, that Node runs as it is:
// its packages stay external and resolve from node_modules. `node build.mjs` builds it; the
// theme's build and the command-line entry (bin/theme-preview.mjs) call buildPreview().
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const PREVIEW_DIR = dirname(fileURLToPath(import.meta.url));
export const PREVIEW_BUNDLE = join(PREVIEW_DIR, 'dist', 'preview.mjs');

export async function buildPreview(outfile = PREVIEW_BUNDLE) {
  await esbuild.build({
    entryPoints: [join(PREVIEW_DIR, 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildPreview();
