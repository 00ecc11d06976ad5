// The catalogue at scale (issues 16, 41): the fixture store beside generated stores of 5,000 and
// 50,000 products (preview/fixtures/scale-store.mjs, in a temporary folder, the fixture's images
// hard-linked), each served by the preview on loopback in a process of its own (serve-store.mjs)
// and opened in Chromium (1280 px):
// - bytes (on the wire, compressed) and requests from opening /collections/all with the filters
//   panel until its type, size and colour options are all filled ("filters ready"), and the time
//   that took (the page's own clock, from the start of its navigation to the frame that draws
//   them); then the time and bytes until the whole list is here (its index: a filter applies
//   without waiting);
// - for a colour applied the moment the options show, the time until its result shows;
// - time to the first products (first contentful paint of the server's page);
// - time for a sort and for a filter on the whole list to show their result (from the change to
//   the next frame);
// - a search's count against what the store's search finds, and the page's JS heap;
// - the CPU time the preview and the browser spent until filters were ready and until the whole
//   list was here (they share the machine's cores, so on a small machine their sum bounds the time);
// each for a first shopper (a cold preview), the next one (the list's pages in the page cache) and
// one in English (a warm preview, that list's pages not yet rendered).
// Figures only: a bench never passes or fails.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../chromium.mjs';
import { scaleStore } from '../../preview/fixtures/scale-store.mjs';

// SCALE_SIZES=1000,10000 measures other stores beside the fixture (the platform shows no storefront
// filters on a collection of more than 5,000 products: up to 25,000 the panel then waits for the
// list's index; past it sizes and colours are not offered, and the first filter is a collection,
// which the platform answers with that collection's own list).
const SIZES = [
  null,
  ...(process.env['SCALE_SIZES'] ?? '5000,50000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0),
];

/**
 * Sums what travelled for every request the page made: compressed bodies and headers. The preview
 * serves here as the platform serves a shop: HTTPS and HTTP/2 (the loopback certificate), so the
 * browser accepts brotli and the headers travel compressed.
 */
function trackTransfer(page) {
  const state = { bytes: 0, requests: 0, byKind: { html: 0, js: 0, css: 0, data: 0, images: 0, fonts: 0, other: 0 }, pending: [] };
  // The list index's first page is preloaded by the page (resource type "other"): it is data.
  const kindOf = (type, url) =>
    url.includes('view=list-index')
      ? 'data'
      : ({ document: 'html', script: 'js', stylesheet: 'css', fetch: 'data', xhr: 'data', image: 'images', font: 'fonts' }[type] ?? 'other');
  page.on('requestfinished', (request) => {
    state.requests++;
    state.pending.push(
      request
        .sizes()
        .then((sizes) => {
          const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
          state.bytes += bytes;
          state.byKind[kindOf(request.resourceType(), request.url())] += bytes;
        })
        .catch(() => {}),
    );
  });
  return state;
}

/** Kernel clock ticks a second (USER_HZ): 100 on Linux builds for x86 and ARM. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) spent so far by the preview's process and by the browser's processes (the other
 * descendants of this process), read from /proc; null where there is no /proc. On a machine with
 * few cores, "filters ready" is bound by the two together, not by either alone.
 */
function cpuSpent(previewPid) {
  try {
    const processes = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          // Fields after the command's closing parenthesis: state, ppid, … utime (14th), stime (15th).
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return { pid: Number(pid), ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
        } catch {
          return null; // ended while read
        }
      })
      .filter(Boolean);
    const descendants = new Set([process.pid]);
    let grown = true;
    while (grown) {
      grown = false;
      for (const p of processes) {
        if (!descendants.has(p.pid) && descendants.has(p.ppid)) {
          descendants.add(p.pid);
          grown = true;
        }
      }
    }
    const preview = processes.find((p) => p.pid === previewPid)?.ms ?? null;
    const browser = processes.filter((p) => p.pid !== process.pid && p.pid !== previewPid && descendants.has(p.pid)).reduce((sum, p) => sum + p.ms, 0);
    return { preview, browser };
  } catch {
    return { preview: null, browser: null };
  }
}

/** Starts a store's preview in a process of its own (serve-store.mjs); answers its address and how to stop it. */
async function servePreview(storeDir) {
  // A store of 50,000 products is some 230 MB of JSON: more than node's default heap holds once read.
  const child = fork(fileURLToPath(new URL('./serve-store.mjs', import.meta.url)), [storeDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--max-old-space-size=6144'],
  });
  const port = await new Promise((resolvePort, reject) => {
    child.once('message', (message) => resolvePort(message.port));
    child.once('exit', (code) => reject(new Error(`the preview of ${storeDir} ended (${code}) before it listened`)));
  });
  return {
    base: `https://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once('exit', done);
        child.disconnect();
      }),
  };
}

const COLOUR_OPTION = '.right-panel[data-panel="filters"] .filters-panel__group--color .filters-panel__checkbox';
const COLLECTION_OPTION = '.right-panel[data-panel="filters"] .filters-panel__group--collection .filters-panel__checkbox';
const UNAVAILABLE_NOTE = '.right-panel[data-panel="filters"] .filters-panel__unavailable';
/** The index is not read past the platform's pagination reach: the list never comes whole. */
const INDEX_REACH = 25_000;
// The spec's 24 colours (shared/catalogue/colours.ts): any other value counts as black.
const COLOURS = new Set(
  'black blue fuchsia gray green light-green dark-red dark-blue olive beige red light-gray dark-gray blue-green white yellow milk pink light-blue brown mustard graphite khaki powder'.split(
    ' ',
  ),
);

/** The server's resident memory (MB), from /proc; null where there is none. */
function serverMemory(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** What the store says a filter on all products holds: a colour (spec §3: unknown is black) or a collection. */
function storeCount(storeDir, choice) {
  const products = JSON.parse(readFileSync(join(storeDir, 'products.json'), 'utf8'));
  const collections = JSON.parse(readFileSync(join(storeDir, 'collections.json'), 'utf8'));
  if (choice.kind === 'collection') return collections.find((c) => c.handle === choice.value)?.products.length ?? null;
  const inAll = new Set(collections.find((c) => c.handle === 'all')?.products ?? []);
  // The spec's 24 and the colours the platform gives a swatch (the store's category colour entries).
  let swatched = [];
  try {
    swatched = JSON.parse(readFileSync(join(storeDir, 'metaobjects.json'), 'utf8'))['shopify--color-pattern'].map((m) => m.handle);
  } catch {
    // A store without category colour entries: the spec's 24 only.
  }
  const known = new Set([...COLOURS, ...swatched]);
  const colourOf = (v) => (known.has(String(v).toLowerCase()) ? String(v).toLowerCase() : 'black');
  return products.filter((p) => {
    if (!inAll.has(p.handle)) return false;
    const at = p.options.findIndex((o) => ['color', 'colour', 'колір'].includes(String(o.name?.en ?? o.name).toLowerCase()));
    return at >= 0 && p.options[at].values.some((v) => colourOf(v) === choice.value);
  }).length;
}
const SIZE_OPTION = '.right-panel[data-panel="filters"] .filters-panel__group--size .filters-panel__checkbox';
const TYPE_OPTION = '.right-panel[data-panel="filters"] .filters-panel__group--type .filters-panel__checkbox';

/**
 * Notes in the page, from the start of its navigation, the frame in which the filters panel's
 * type, size and colour options are all drawn ("filters ready") and the one in which the list's
 * page links go (the whole list is here): the page's own clock, not the moment this process hears
 * of it.
 */
function markWhenShown(context) {
  return context.addInitScript(
    ({ colour, size, type, note }) => {
      const marks = { ready: null, whole: null };
      Object.defineProperty(window, '__scaleMarks', { value: marks });
      // The time of the next frame: what the mutation changed is painted there.
      const atNextFrame = (name) => requestAnimationFrame((time) => (marks[name] = time));
      let readySeen = false;
      let wholeSeen = false;
      const check = () => {
        const optionsShown = (document.querySelector(colour) && document.querySelector(size)) || document.querySelector(note);
        if (!readySeen && optionsShown && document.querySelector(type)) {
          readySeen = true;
          atNextFrame('ready');
        }
        if (!wholeSeen && document.querySelector('[data-catalogue-pagination][hidden]')) {
          wholeSeen = true;
          atNextFrame('whole');
        }
        if (readySeen && wholeSeen) observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
    },
    { colour: COLOUR_OPTION, size: SIZE_OPTION, type: TYPE_OPTION, note: UNAVAILABLE_NOTE },
  );
}

/** Opens the filters panel from the list's toolbar, as a shopper does, and waits for its options. */
async function openFilters(page, option = COLOUR_OPTION) {
  await page.locator('a[data-action="filters"]').click();
  await page.locator(option).first().waitFor({ timeout: 60_000 });
}

/**
 * Ticks the first colour and applies it, in the page; answers the time from Apply to the frame that
 * shows the list's new count (null if it has not changed within a minute), and that count.
 */
function applyFirst(page, option = COLOUR_OPTION) {
  return page.evaluate(async (colour) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const count = () => document.querySelector('[data-catalogue-count]')?.textContent?.trim() ?? '';
    // The list says "loading" in its count while it waits for the rest of the list: not a result.
    const list = document.querySelector('[data-island="product-list"]');
    const shows = (before) => count() !== before && !list.hasAttribute('aria-busy');
    document.querySelector(colour).click();
    await frame();
    const before = count();
    const started = performance.now();
    document.querySelector('.right-panel[data-panel="filters"] .filters-panel__apply').click();
    const changed = await new Promise((resolve) => {
      if (shows(before)) return resolve(true);
      const timer = setTimeout(() => (observer.disconnect(), resolve(false)), 60_000);
      const observer = new MutationObserver(() => {
        if (!shows(before)) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(true);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    await frame();
    // From Apply to the frame after the change, and from the start of the page's navigation.
    const shown = performance.now();
    return { ms: changed ? shown - started : null, fromOpening: changed ? shown : null, count: count() };
  }, option);
}

async function measureStore(browser, preview, label, prefix = '', size = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: preview.base, ignoreHTTPSErrors: true });
  await markWhenShown(context);
  const page = await context.newPage();
  const transfer = trackTransfer(page);
  const cpuBefore = cpuSpent(preview.pid);
  await page.goto(`${prefix}/collections/all?rightSidebar=filters`, { waitUntil: 'domcontentloaded' });
  // Ready: the panel's type, size and colour options are drawn (sizes and colours from the list's
  // storefront filters, or from the whole list where the platform gives none; types from the
  // shop's type list).
  await page.waitForFunction(() => window.__scaleMarks.ready !== null, null, { timeout: 120_000 });
  const cpuAfter = cpuSpent(preview.pid);
  const spentBy = (after, name) => (after[name] === null || cpuBefore[name] === null ? null : after[name] - cpuBefore[name]);
  const cpu = { preview: spentBy(cpuAfter, 'preview'), browser: spentBy(cpuAfter, 'browser') };
  await Promise.all(transfer.pending);
  // Counted just after the page drew the options: a little of what came after may be in it,
  // never less than what came before.
  const readyBytes = transfer.bytes;
  const readyKinds = { ...transfer.byKind };
  const readyRequests = transfer.requests;
  const count = (await page.textContent('[data-catalogue-count]'))?.trim();
  // A shopper who applies the first colour as soon as it shows (the first collection where no
  // colours are offered): where the whole list is not here yet, the platform answers it.
  const hasColours = (await page.locator(COLOUR_OPTION).count()) > 0;
  const option = hasColours ? COLOUR_OPTION : COLLECTION_OPTION;
  const id = await page.locator(option).first().getAttribute('id');
  const choice = hasColours ? { kind: 'colour', value: id.replace('filter-color-', '') } : { kind: 'collection', value: id.replace('filter-collection-', '') };
  const atReady = await applyFirst(page, option);
  await Promise.all(transfer.pending);
  const firstAnswerBytes = transfer.bytes;

  // The whole list here (its page links go): a filter or sort now applies without waiting. A list
  // past the index's reach never comes whole: the platform answers it.
  const whole = !size || size <= INDEX_REACH;
  if (whole) await page.waitForFunction(() => window.__scaleMarks.whole !== null, null, { timeout: 120_000 });
  // Read when this process hears of it: a little after the page drew it.
  const cpuWhole = cpuSpent(preview.pid);
  await Promise.all(transfer.pending);
  const wholeBytes = transfer.bytes;
  const { ready: readyMs, whole: wholeMs } = await page.evaluate(() => window.__scaleMarks);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);

  // The filter taken off again, then the same filter timed a second time: from Apply to the
  // frame after the list changed.
  await openFilters(page, option);
  await applyFirst(page, option);
  await openFilters(page, option);
  const filter = await applyFirst(page, option);
  // A sort of the filtered list, the same way: until nothing waits for it (a sort the platform
  // answers marks the list busy from the change until its answer is drawn; one in the browser
  // draws in the change itself), and the next frame.
  const sortMs = await page.evaluate(async () => {
    const select = document.querySelector('[data-catalogue-sort]');
    const list = document.querySelector('[data-island="product-list"]');
    const started = performance.now();
    select.value = 'price_low_to_high';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      const check = () => (list.hasAttribute('aria-busy') ? requestAnimationFrame(check) : (clearTimeout(timer), resolve()));
      check();
    });
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    return performance.now() - started;
  });
  const firstProducts = await page.$$eval('[data-catalogue-grid] .product-card__title', (els) => els.slice(0, 3).map((el) => el.textContent.trim()));
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  await context.close();

  // A search: every result on the list, against the count the store's search page gives.
  const searchContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: preview.base, ignoreHTTPSErrors: true });
  const searchPage = await searchContext.newPage();
  const serverCount = await searchPage.request
    .get(`${prefix}/search?q=coat&type=product&view=list-index`)
    .then((r) => r.json())
    .then((j) => j.count);
  await searchPage.goto(`${prefix}/collections/all?q=coat&type=product`);
  await searchPage.waitForSelector('[data-island="product-list"][data-island-mounted]:not([aria-busy])', { state: 'attached', timeout: 120_000 });
  const searchCount = (await searchPage.textContent('[data-catalogue-count]'))?.trim();
  await searchContext.close();

  return {
    label,
    choice,
    firstAnswerBytes,
    firstProducts,
    serverMB: serverMemory(preview.pid),
    cpu,
    cpuWhole: { preview: spentBy(cpuWhole, 'preview'), browser: spentBy(cpuWhole, 'browser') },
    readyKinds,
    readyMs: Math.round(readyMs),
    readyBytes,
    readyRequests,
    atReady,
    wholeMs: wholeMs === null ? null : Math.round(wholeMs),
    wholeBytes,
    fcp,
    count,
    filterMs: filter.ms,
    filtered: filter.count,
    sortMs,
    heap,
    searchCount,
    serverCount,
  };
}

export default async function run() {
  const browser = await launchChromium(['--enable-precise-memory-info'], { full: true });
  const folder = mkdtempSync(join(tmpdir(), 'scale-stores-'));
  console.log('\nCatalogue at scale: /collections/all in Chromium (1280 px) on loopback, preview over HTTPS and HTTP/2 with compression');
  console.log(
    '  store            filters ready  transferred  requests   first paint  filter  sort   count shown / after filter   search "coat" shown (store)   heap',
  );
  try {
    for (const size of SIZES) {
      const storeDir = size ? join(folder, String(size)) : resolve('preview/fixtures');
      if (size) scaleStore(storeDir, size);
      const preview = await servePreview(storeDir);
      try {
        // The first shopper meets a cold preview; the next one finds the list's pages in the page
        // cache, as a shop's next visitor finds them in the platform's (preview/page-cache.ts);
        // one in the other language meets a warm preview whose cache has none of that list's pages.
        const visits = [
          [size ? `${size} products` : 'fixture (65)', ''],
          ['  next shopper', ''],
          ['  in English', '/en'],
        ];
        for (const [label, prefix] of visits) {
          const m = await measureStore(browser, preview, label, prefix, size);
          const expected = storeCount(storeDir, m.choice);
          const ms = (value) => (value === null ? '–' : `${Math.round(value)} ms`);
          console.log(
            `  ${m.label.padEnd(16)} ${String(m.readyMs).padStart(7)} ms  ${(m.readyBytes / 1024).toFixed(0).padStart(7)} KB  ${String(m.readyRequests).padStart(6)}  ` +
              `${String(Math.round(m.fcp ?? 0)).padStart(8)} ms  ${ms(m.filterMs).padStart(7)} ${ms(m.sortMs).padStart(7)}   ` +
              `${String(m.count).padEnd(14)} / ${String(m.filtered).padEnd(14)}  ${String(m.searchCount).padEnd(16)} (${m.serverCount})  ${(m.heap / 1048576).toFixed(1).padStart(6)} MB`,
          );
          const k = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
          const s = (value) => (value === null ? '–' : `${(value / 1000).toFixed(1)} s`);
          console.log(
            `  ${''.padEnd(16)} first filter (${m.choice.kind} ${m.choice.value}): answered ${ms(m.atReady.fromOpening)} from opening, ${k(m.firstAnswerBytes)} transferred until then; ` +
              `count ${m.atReady.count} against the store's ${expected} (${Number(String(m.atReady.count).replace(/\D/g, '')) === expected ? 'true' : "NOT the store's"}); second time ${ms(m.filterMs)}, a sort ${ms(m.sortMs)}`,
          );
          console.log(
            `  ${''.padEnd(16)} first products after the sort: ${m.firstProducts.join(' · ')}; server memory ${m.serverMB === null ? '–' : `${m.serverMB.toFixed(0)} MB`}`,
          );
          console.log(
            `  ${''.padEnd(16)} whole list here (a filter applies at once): ${m.wholeMs === null ? 'never (the platform answers)' : `${m.wholeMs} ms`}, ${k(m.wholeBytes)} transferred`,
          );
          // A shopper quick enough to apply in the frame the options show waits for the whole list
          // (its loading bar meanwhile), and sees the result when the list comes: no later than
          // options drawn only from the whole list would have let them ask.
          console.log(
            `  ${''.padEnd(16)} a colour applied the moment the options show: its result after ${ms(m.atReady.ms)} (${m.atReady.count}), ${ms(m.atReady.fromOpening)} from opening`,
          );
          console.log(
            `  ${''.padEnd(16)} CPU until ready: preview ${s(m.cpu.preview)}, browser ${s(m.cpu.browser)}; until the whole list: preview ${s(m.cpuWhole.preview)}, browser ${s(m.cpuWhole.browser)}; on ${availableParallelism()} cores`,
          );
          console.log(
            `  ${''.padEnd(16)} transferred until ready: HTML ${k(m.readyKinds.html)}, JS ${k(m.readyKinds.js)}, CSS ${k(m.readyKinds.css)}, data ${k(m.readyKinds.data)}, images ${k(m.readyKinds.images)}, fonts ${k(m.readyKinds.fonts)}, other ${k(m.readyKinds.other)}`,
          );
        }
      } finally {
        await preview.stop();
      }
    }
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
