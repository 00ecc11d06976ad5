#!/usr/bin/env node
// `npm run shots`: screenshots of every route and every right-hand panel, at 375 and 1440 px, in
// both languages, as a guest and signed in, written to .build/shots/ (one PNG a page, full
// height) with an index.html that shows them side by side. For looking at the whole shop after a
// design change; it asserts nothing. `npm run shots -- product` takes only the shots whose name
// contains "product".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { launchChromium } from '../chromium.mjs';

const OUT = join(process.cwd(), '.build', 'shots');
const WIDTHS = [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1440, height: 900 }],
];
const filters = process.argv.slice(2);

/** The route lists the browser tests use, read from their TypeScript source so there is one list. */
async function routes() {
  const bundled = await esbuild.build({ entryPoints: ['tests/e2e/routes.ts'], bundle: true, format: 'esm', write: false, logLevel: 'silent' });
  const source = bundled.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

/** Where each panel is shown: on a page where a shopper would open it. */
function panelPath(panel) {
  if (panel === 'size-guide') return '/products/wool-wrap-coat';
  if (panel === 'filters') return '/collections/all';
  return '/';
}

const slug = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?&=]+/g, '-'));

async function main() {
  if (spawnSync('node', ['build.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  const { createPreview } = await import(join(process.cwd(), 'preview', 'dist', 'preview.mjs'));
  const { GUEST_ROUTES, CUSTOMER_ROUTES, PANELS, DEMO_CUSTOMER, inEnglish } = await routes();

  const plan = [];
  for (const path of GUEST_ROUTES) plan.push({ name: slug(path), path, signedIn: false });
  for (const panel of PANELS)
    plan.push({ name: `panel-${panel}`, path: `${panelPath(panel)}${panelPath(panel).includes('?') ? '&' : '?'}rightSidebar=${panel}`, signedIn: false });
  for (const path of CUSTOMER_ROUTES) plan.push({ name: slug(path), path, signedIn: true });
  const chosen = plan.filter((shot) => !filters.length || filters.some((f) => shot.name.includes(f)));

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const app = await createPreview({ logger: false, log: () => {} });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchChromium();
  const rows = [];
  const problems = [];
  try {
    for (const [label, viewport] of WIDTHS) {
      for (const language of ['uk', 'en']) {
        const guest = await browser.newContext({ viewport, baseURL: base });
        const customer = await browser.newContext({ viewport, baseURL: base });
        const signIn = await customer.request.post('/account/login', {
          form: { form_type: 'customer_login', utf8: '✓', 'customer[email]': DEMO_CUSTOMER.email, 'customer[password]': DEMO_CUSTOMER.password },
          maxRedirects: 0,
        });
        if (signIn.status() !== 302) problems.push(`sign-in answered ${signIn.status()}: signed-in shots show what a guest sees`);
        for (const shot of chosen) {
          const page = await (shot.signedIn ? customer : guest).newPage();
          const errors = [];
          page.on('pageerror', (error) => errors.push(error.message));
          page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
          const path = language === 'en' ? inEnglish(shot.path) : shot.path;
          const response = await page.goto(path, { waitUntil: 'networkidle' });
          // Fonts and images decoded, so the picture is what a shopper sees once the page settles.
          await page.evaluate(async () => {
            await document.fonts.ready;
            // A lazy image below the fold would never start loading in a still page (its decode
            // would wait for ever): a full-page shot shows it, so it loads now.
            for (const img of document.images) img.loading = 'eager';
            await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
          });
          const file = `${label}-${language}-${shot.name}.png`;
          await page.screenshot({ path: join(OUT, file), fullPage: !shot.name.startsWith('panel-') });
          rows.push({ file, path, status: response?.status() ?? 0 });
          for (const error of errors) problems.push(`${file}: ${error}`);
          await page.close();
        }
        await guest.close();
        await customer.close();
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const cells = rows.map(
    (r) =>
      `<figure><a href="${r.file}"><img src="${r.file}" loading="lazy" alt=""></a><figcaption>${r.status} ${r.path.replace(/&/g, '&amp;').replace(/</g, '&lt;')}<br>${r.file}</figcaption></figure>`,
  );
  writeFileSync(
    join(OUT, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Shots</title><style>body{font:13px system-ui;margin:16px}main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0;width:240px}img{width:100%;border:1px solid #ccc}</style><main>${cells.join('')}</main>`,
  );
  console.log(`shots: ${rows.length} screenshots in ${OUT} (open index.html)`);
  for (const problem of problems) console.log(`  ${problem}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
