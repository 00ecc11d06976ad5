#!/usr/bin/env node
// `theme-preview [theme folder]`: serves an Online Store 2.0 theme folder offline against the
// fixture store, as the platform would (http://127.0.0.1:9292, or PORT). The folder is the one
// given, else ./theme, else the working directory. PREVIEW_STORE names another store folder; the
// package's README lists every setting. The preview is built afresh at each start (under a second).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildPreview } from '../build.mjs';

const given = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const candidates = given ? [resolve(given)] : [resolve('theme'), resolve('.')];
const themeDir = candidates.find((dir) => existsSync(join(dir, 'layout', 'theme.liquid')));
if (!themeDir) {
  console.error(`${candidates[0]}: not a theme folder (no layout/theme.liquid)\nusage: theme-preview [theme folder]`);
  process.exit(2);
}

const { startPreview } = await import(await buildPreview());
process.env.PREVIEW_THEME = themeDir;
const app = await startPreview();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : '';
console.log(`preview of ${themeDir}: ${app.initialConfig.https ? 'https' : 'http'}://127.0.0.1:${port}`);
