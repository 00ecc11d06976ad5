// Measures the JavaScript a page really loads, as the shopper pays it: Chromium opens the page,
// no input at all, and every script response (module entries, their chunks, idle and visible
// islands) is counted until the network has been quiet for a while. Then, optionally, the first
// interaction (a tap on the page's main control) and what it adds. Sizes are each script's body
// compressed with gzip -9 (deterministic, whatever the server sends).
import { gzipSync } from 'node:zlib';

/** How long the network must be quiet before the page counts as settled. */
export const QUIET_MS = 1500;

/**
 * Loads path in a fresh context of browser; answers { scripts: [{url, bytes}], bytes, requests }.
 * `interact(page)` (optional) runs after the page settled; its scripts are counted apart.
 */
export async function measurePageJs(browser, baseUrl, path, { viewport = { width: 375, height: 812 }, interact, cookies } = {}) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  if (cookies?.length) await context.addCookies(cookies);
  const page = await context.newPage();
  let phase = 'load';
  const scripts = { load: [], interaction: [] };
  let inflight = 0;
  let lastActivity = Date.now();
  const pending = new Set();
  page.on('request', () => {
    inflight++;
    lastActivity = Date.now();
  });
  const done = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', done);
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    const current = phase;
    const job = response
      .body()
      .then((body) => scripts[current].push({ url: new URL(response.url()).pathname, bytes: gzipSync(body, { level: 9 }).length }))
      .catch(() => {});
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
  const settle = async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      if (inflight === 0 && Date.now() - lastActivity >= QUIET_MS) break;
    }
    await Promise.all([...pending]);
  };
  await page.goto(path, { waitUntil: 'load' });
  await settle();
  const load = summary(scripts.load);
  let interaction = null;
  if (interact) {
    phase = 'interaction';
    await interact(page);
    await settle();
    interaction = summary(scripts.interaction);
  }
  await context.close();
  return { ...load, interaction };
}

function summary(list) {
  const unique = new Map(list.map((s) => [s.url, s]));
  const scripts = [...unique.values()];
  return { scripts, requests: scripts.length, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0) };
}
