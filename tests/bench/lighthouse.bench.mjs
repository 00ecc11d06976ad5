// Lighthouse (mobile, the default config) against the preview for the home, a collection and a
// product page, three rounds side by side (home, collection, product, then again): prints each
// run and the median of the three (performance score, LCP, CLS, TBT) with the other category
// scores. The preview compresses and caches like the platform's CDN, so this is what a shop
// would serve. Figures only; Lighthouse times depend on the machine, so nothing here passes or
// fails the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { createPreview } from '../../preview/dist/preview.mjs';

const PAGES = [
  ['home', '/'],
  ['collection', '/collections/coats-and-jackets'],
  ['product', '/products/wool-wrap-coat'],
];
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

async function startChrome() {
  const profile = mkdtempSync(join(tmpdir(), 'lh-profile-'));
  const port = 9400 + Math.floor(Math.random() * 400);
  const child = spawn(CHROME, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = async () => {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  return { port, stop };
}

const ROUNDS = 3;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

export default async function run() {
  const app = await createPreview({ logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port: appPort } = app.server.address();
  const chrome = await startChrome();
  console.log(`\nLighthouse (mobile) on the preview, ${ROUNDS} rounds side by side`);
  console.log('  page        run  perf  a11y  best   seo    LCP ms   CLS     TBT ms');
  const results = new Map(PAGES.map(([name]) => [name, []]));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, path] of PAGES) {
        const result = await lighthouse(`http://127.0.0.1:${appPort}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        const { categories, audits } = result.lhr;
        const run = {
          perf: Math.round((categories.performance?.score ?? 0) * 100),
          a11y: Math.round((categories.accessibility?.score ?? 0) * 100),
          best: Math.round((categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          lcp: Math.round(audits['largest-contentful-paint'].numericValue),
          cls: audits['cumulative-layout-shift'].numericValue,
          tbt: Math.round(audits['total-blocking-time'].numericValue),
        };
        results.get(name).push(run);
        console.log(
          `  ${name.padEnd(10)} ${String(round).padStart(3)}  ${String(run.perf).padStart(4)}  ${String(run.a11y).padStart(4)}  ${String(run.best).padStart(4)}  ${String(run.seo).padStart(4)}   ${String(run.lcp).padStart(6)}   ${run.cls.toFixed(3)}  ${String(run.tbt).padStart(6)}`,
        );
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        if (failing.length) console.log(`             failing audits: ${failing.join(', ')}`);
      }
    }
    console.log('  median of the runs:');
    for (const [name, runs] of results) {
      const m = (key) => median(runs.map((r) => r[key]));
      console.log(
        `  ${name.padEnd(10)} med  ${String(m('perf')).padStart(4)}  ${String(m('a11y')).padStart(4)}  ${String(m('best')).padStart(4)}  ${String(m('seo')).padStart(4)}   ${String(m('lcp')).padStart(6)}   ${m('cls').toFixed(3)}  ${String(m('tbt')).padStart(6)}`,
      );
    }
  } finally {
    await chrome.stop();
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
