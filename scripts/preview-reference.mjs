#!/usr/bin/env node
// `npm run preview:reference -- <theme folder>`: renders another theme's storefront pages on the
// offline preview (the built bundle, preview/dist/preview.mjs) against the fixture store (or
// PREVIEW_STORE) and prints a table: each page's status, whether the shopper's content is on it,
// and anything a shop would never print (a Liquid error, `[object Object]`, "Translation
// missing", a blank CSS value, a bare file name). Shopify's Dawn (../shared/reference-themes/)
// is the usual subject. Exits 1 if a page fails. The checks live in preview/reference.ts.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderReferencePages } from '../preview/dist/preview.mjs';

const given = process.argv[2] ?? process.env.PREVIEW_THEME;
if (!given) {
  console.error('usage: npm run preview:reference -- <theme folder>');
  process.exit(2);
}
const themeDir = resolve(given);
if (!existsSync(`${themeDir}/layout/theme.liquid`)) {
  console.error(`${themeDir}: not a theme folder (no layout/theme.liquid)`);
  process.exit(2);
}

const log = [];
const rows = await renderReferencePages({ themeDir, storeDir: resolve(process.env.PREVIEW_STORE || 'preview/fixtures'), log: (line) => log.push(line) });
const columns = ['page', 'url', 'status', 'content'];
const width = (key) => Math.max(key.length, ...rows.map((r) => String(r[key]).length));
console.log(`Theme ${themeDir} on the fixture store`);
console.log(`      ${columns.map((c) => c.padEnd(width(c))).join('  ')}  issues`);
for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${columns.map((c) => String(r[c]).padEnd(width(c))).join('  ')}  ${r.issues.join('; ') || '-'}`);
const passed = rows.filter((r) => r.ok).length;
console.log(`\n${passed} of ${rows.length} pages render with their content and no error`);
if (process.env.PREVIEW_REFERENCE_LOG === '1' && log.length) console.log(`\npreview log:\n${log.join('\n')}`);
process.exit(passed === rows.length ? 0 : 1);
