// Lighthouse (mobile, the default config) against the preview for the home, a collection and a
// product page: prints the four category scores and LCP, CLS and TBT. Figures only; Lighthouse
// times depend on the machine, so nothing here passes or fails the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { createPreview } from '../../.build/preview.mjs';

const PAGES = [
  ['home', '/'],
  ['collection', '/collections/coats-and-jackets'],
  ['product', '/products/wool-wrap-coat'],
];
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

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

export default async function run() {
  const app = await createPreview({ logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port: appPort } = app.server.address();
  const chrome = await startChrome();
  console.log('\nLighthouse (mobile) on the preview');
  console.log('  page        perf  a11y  best   seo    LCP ms   CLS     TBT ms');
  try {
    for (const [name, path] of PAGES) {
      const result = await lighthouse(`http://127.0.0.1:${appPort}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const { categories, audits } = result.lhr;
      const score = (c) => String(Math.round((categories[c]?.score ?? 0) * 100)).padStart(4);
      const lcp = Math.round(audits['largest-contentful-paint'].numericValue);
      const cls = audits['cumulative-layout-shift'].numericValue.toFixed(3);
      const tbt = Math.round(audits['total-blocking-time'].numericValue);
      console.log(`  ${name.padEnd(10)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${score('seo')}   ${String(lcp).padStart(6)}   ${cls}  ${String(tbt).padStart(6)}`);
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      if (failing.length) console.log(`             failing audits: ${failing.join(', ')}`);
    }
  } finally {
    await chrome.stop();
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
