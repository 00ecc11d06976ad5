// A script that starts the preview, asks it for a page and ends without closing it (a theme
// developer's quick check, a tool that failed half-way) must end too. The theme's watch, which
// keeps the template cache fresh, held Node open for ever: a recursive watch on Linux is one
// watcher per folder and file, and unref() on the top one let the others hold the process.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../package-dir';
import * as esbuild from 'esbuild';

// Inside the project, so the bundle's packages resolve from its node_modules.
const dir = join(PACKAGE_DIR, 'dist', `exit-probe-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the preview in a script', () => {
  it('lets the script end when it is done, without close()', async () => {
    mkdirSync(dir, { recursive: true });
    await esbuild.build({
      entryPoints: [join(PACKAGE_DIR, 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: join(dir, 'preview.mjs'),
      logLevel: 'warning',
    });
    writeFileSync(
      join(dir, 'probe.mjs'),
      `import { createPreview } from './preview.mjs';
const app = await createPreview({ logger: false });
const page = await app.inject({ url: '/collections/all' });
console.log('status', page.statusCode);
`,
    );
    const child = spawn(process.execPath, [join(dir, 'probe.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    // A minute is far more than the page takes: a script still running then never ends.
    const ended = await new Promise<number | null | 'still running'>((settle) => {
      const timer = setTimeout(() => {
        child.kill();
        settle('still running');
      }, 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        settle(code);
      });
    });
    expect(out).toContain('status 200');
    expect(ended).toBe(0);
  }, 90_000);
});
