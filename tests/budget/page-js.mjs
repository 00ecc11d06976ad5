// Measures the JavaScript a page really loads, as the shopper pays it: Chromium opens the page,
// no input at all, and every script response (module entries, their chunks, idle and visible
// islands) is counted until the page has settled (below). Then, optionally, the first
// interaction (a tap on the page's main control) and what it adds. Sizes are each script's body
// compressed with gzip -9 (deterministic, whatever the server sends).
import { gzipSync } from 'node:zlib';

/**
 * Loads path in a fresh context of browser; answers { scripts: [{url, bytes}], bytes, requests }.
 * A template that sends the shopper on at once (the spec's /cart, /account/login and
 * /account/register open a panel of another page) is counted up to that point; what the page it
 * sends to loads is `redirect` ({ url, bytes, requests }), the panel the shopper asked for.
 * `interact(page)` (optional) runs after the page settled; what it adds is `interaction`.
 */
export async function measurePageJs(browser, baseUrl, path, { viewport = { width: 375, height: 812 }, interact, cookies } = {}) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  if (cookies?.length) await context.addCookies(cookies);
  const page = await context.newPage();
  let phase = 'load';
  const scripts = { load: [], redirect: [], interaction: [] };
  let inflight = 0;
  let requests = 0;
  const quiet = [];
  const pending = new Set();
  let documents = 0;
  let redirectedTo = null;
  let redirectRequest = null;
  page.on('request', (request) => {
    // The first document is the page itself; another one after it is where the page sent the
    // shopper (a history.replaceState is no new document and stays the page's own).
    if (phase !== 'load' || request.resourceType() !== 'document' || request.frame() !== page.mainFrame()) return;
    if (++documents > 1) {
      phase = 'redirect';
      const url = new URL(request.url());
      redirectedTo = url.pathname + url.search;
      redirectRequest = request;
    }
  });
  page.on('request', () => {
    inflight++;
    requests++;
  });
  const done = () => {
    inflight = Math.max(0, inflight - 1);
    if (inflight === 0) for (const resolve of quiet.splice(0)) resolve();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', done);
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    const current = phase === 'interaction' ? phase : 'load';
    // The body of a document's script is gone once the next document replaces it: ask again.
    const job = response
      .body()
      .catch(() => context.request.get(response.url()).then((again) => again.body()))
      .then((body) =>
        scripts[current].push({ url: new URL(response.url()).pathname, bytes: gzipSync(body, { level: 9 }).length, started: request.timing().startTime }),
      )
      .catch(() => {});
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
  // Settled: nothing in flight, and a frame and an idle period have passed with no request started
  // since. Islands that load when visible ask after a frame (intersection is checked in it), those
  // that load when idle in idle callbacks queued before this one, which run first; a task later
  // their requests have started. A page that navigates meanwhile (a redirect to a panel) is
  // waited for again.
  const idleOnce = () =>
    page
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(resolve, 0)))))
      .then(
        () => true,
        () => false,
      );
  const settle = async () => {
    for (;;) {
      while (inflight > 0) await new Promise((resolve) => quiet.push(resolve));
      const before = requests;
      if ((await idleOnce()) && inflight === 0 && requests === before) break;
    }
    await Promise.all([...pending]);
  };
  await page.goto(path, { waitUntil: 'load' });
  await settle();
  if (redirectRequest) {
    // A script belongs to the document that was there when it was requested: browser events may
    // arrive after the next document's request, so the order of events alone could misfile it.
    const redirectStart = redirectRequest.timing().startTime;
    scripts.redirect = scripts.load.filter((s) => s.started >= redirectStart);
    scripts.load = scripts.load.filter((s) => s.started < redirectStart);
  }
  const load = summary(scripts.load);
  const redirect = redirectedTo ? { url: redirectedTo, ...summary(scripts.redirect) } : null;
  let interaction = null;
  if (interact) {
    phase = 'interaction';
    await interact(page);
    await settle();
    interaction = summary(scripts.interaction);
  }
  await context.close();
  return { ...load, redirect, interaction };
}

function summary(list) {
  const unique = new Map(list.map(({ url, bytes }) => [url, { url, bytes }]));
  const scripts = [...unique.values()];
  return { scripts, requests: scripts.length, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0) };
}

/** A whole press, down and up: an island waits for a press still down (shared/runtime/press.ts). */
async function press(node) {
  await node.dispatchEvent('pointerdown');
  await node.dispatchEvent('pointerup');
}

/**
 * The shopper's first touch of a page: a tap on the page's main island (the product form, the
 * list, the orders, the password form), else on its first island not yet started (a card's
 * wishlist toggle), else on the page itself.
 */
export async function firstTouch(page) {
  const main = ['product-form', 'product-list', 'account-orders', 'new-password'].map((name) => `main [data-island="${name}"]:not([data-island-mounted])`);
  for (const selector of [...main, 'main [data-island]:not([data-island-mounted])']) {
    const island = page.locator(selector).first();
    if (await island.count()) return press(island);
  }
  await press(page.locator('body'));
}
