// The one HTTP client of the islands. Spec §8: a failed data fetch is logged and answers
// nothing (null); nothing is shown and nothing throws into a component.
import { ENDPOINTS, endpointUrl, type EndpointName, type Params } from './endpoints';
import { browserStorage, readStorage, removeStorage, writeStorage, type KeyValueStorage } from '../storage';
import { CACHE_PREFIX } from './cache-keys';
import { bootstrap } from '../bootstrap';

type ClientConfig = {
  fetch: typeof fetch;
  now: () => number;
  /** undefined = the browser's localStorage; null = no cache. */
  storage: KeyValueStorage | null | undefined;
  timeoutMs: number;
};

function defaultConfig(): ClientConfig {
  return {
    // Bound late so a fetch replaced after start-up (polyfill, test stub) is the one used.
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => Date.now(),
    storage: undefined,
    timeoutMs: 10_000,
  };
}

let config = defaultConfig();
const inflight = new Map<string, Promise<unknown>>();

/** Replaces fetch, clock, storage or timeout (tests; a page never needs to). */
export function configureClient(overrides: Partial<ClientConfig>): void {
  config = { ...config, ...overrides };
}

/** Tests only: back to the browser's fetch, clock and storage, nothing in flight. */
export function resetClient(): void {
  config = defaultConfig();
  inflight.clear();
}

const storage = (): KeyValueStorage | null => (config.storage === undefined ? browserStorage() : config.storage);

// ---- cache: localStorage entries { value, expiry } under "api:" + URL --------------------
// The cache is bounded: an answer larger than CACHE_ENTRY_LIMIT characters is not kept, and the
// entries together stay under CACHE_TOTAL_LIMIT, the ones closest to expiry going first. When the
// browser's quota is full anyway (other data of the site), expired and then oldest entries of
// ours make room and the write is tried once more; failing that, the answer is just not cached.

type CacheEntry = { value: unknown; expiry: number };

/** The longest any answer is kept; a cached entry that claims longer is not ours. */
const LONGEST_TTL_SECONDS = Math.max(...Object.values(ENDPOINTS).map((endpoint) => endpoint.ttl));

/** Characters (localStorage counts UTF-16 units) one cached answer may take. */
export const CACHE_ENTRY_LIMIT = 400_000;
/** Characters all cached answers together may take: well under the usual 5 M quota of a site. */
export const CACHE_TOTAL_LIMIT = 2_000_000;

/**
 * An answer's cache key: its URL, and the currency its prices are in (the shopper's, which the URL
 * does not name). The cache is also cleared after a currency change (spec §4); keyed by currency,
 * an answer fetched by a tab still in the old one, or a currency the platform set by other means
 * than the shop's form, cannot put prices under the wrong currency either.
 */
const cacheKey = (url: string): string => `${CACHE_PREFIX}${url} ${bootstrap().locale.cartCurrency.isoCode}`;

function readCache(url: string): { value: unknown } | undefined {
  const key = cacheKey(url);
  const raw = readStorage(key, storage());
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    // An expiry further off than any answer is ever kept was not written by this client.
    const now = config.now();
    if (typeof entry.expiry === 'number' && entry.expiry > now && entry.expiry <= now + LONGEST_TTL_SECONDS * 1000) return { value: entry.value };
  } catch {
    // A corrupt entry is as good as none; it is removed below.
  }
  removeStorage(key, storage());
  return undefined;
}

type Held = { key: string; size: number; expiry: number };

/** Our cached entries with their sizes and expiry (a corrupt one counts as expired). */
function heldEntries(store: KeyValueStorage): Held[] {
  const held: Held[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key?.startsWith(CACHE_PREFIX)) continue;
      const raw = store.getItem(key) ?? '';
      const match = /"expiry":(\d+)/.exec(raw.slice(-40));
      held.push({ key, size: key.length + raw.length, expiry: match ? Number(match[1]) : 0 });
    }
  } catch {
    // A storage that throws while listed holds nothing we can manage.
  }
  return held;
}

/** Removes expired entries, then those closest to expiry, until `needed` more characters fit. */
function makeRoom(store: KeyValueStorage, needed: number, skip: string): void {
  const held = heldEntries(store)
    .filter((h) => h.key !== skip)
    .sort((a, b) => a.expiry - b.expiry);
  let total = held.reduce((sum, h) => sum + h.size, 0);
  const now = config.now();
  for (const h of held) {
    if (h.expiry > now && total + needed <= CACHE_TOTAL_LIMIT) break;
    removeStorage(h.key, store);
    total -= h.size;
  }
}

function writeCache(url: string, value: unknown, ttlSeconds: number, text: string): void {
  // Spec §7: the client cache for shop-locale paths is never written.
  if (ttlSeconds <= 0 || url.includes('shop-locale')) return;
  const store = storage();
  if (!store) return;
  const key = cacheKey(url);
  const expiry = config.now() + ttlSeconds * 1000;
  // The answer's own text, not a second JSON.stringify of the parsed value.
  const raw = `{"value":${text},"expiry":${expiry}}`;
  if (key.length + raw.length > CACHE_ENTRY_LIMIT) return;
  makeRoom(store, key.length + raw.length, key);
  if (writeStorage(key, raw, store)) return;
  // The quota is full with data that is not ours: make all the room we can, then try once more.
  for (const h of heldEntries(store)) if (h.key !== key) removeStorage(h.key, store);
  writeStorage(key, raw, store);
}

// ---- requests ----------------------------------------------------------------------------

type Raw = {
  status: number;
  text: string;
  /** Where the answer came from after redirects were followed ('' on a network error). */
  url: string;
  redirected: boolean;
};

/** fetch with a timeout; never throws: a network error or timeout is status 0. */
async function send(url: string, init: RequestInit): Promise<Raw> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  try {
    const res = await config.fetch(url, { credentials: 'same-origin', ...init, signal: controller.signal });
    return { status: res.status, text: await res.text(), url: res.url, redirected: res.redirected };
  } catch (error) {
    console.error(`${init.method ?? 'GET'} ${url} failed`, error);
    return { status: 0, text: '', url: '', redirected: false };
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

// Identical GETs in flight share one request.
function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const started = run().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

async function loadJson(url: string, ttl: number): Promise<unknown> {
  const { status, text } = await send(url, { headers: { Accept: 'application/json' } });
  if (status === 0) return null;
  if (status < 200 || status >= 300) {
    console.error(`GET ${url} answered ${status}`);
    return null;
  }
  // Alternate templates are served as text/html even when they hold JSON, so the content
  // type proves nothing: the body either parses or it does not (an HTML error page does not).
  const parsed = parseJson(text);
  if (!parsed) {
    console.error(`GET ${url} did not answer JSON`);
    return null;
  }
  writeCache(url, parsed.value, ttl, text);
  return parsed.value;
}

/**
 * GET an endpoint's JSON, through the cache when its ttl allows. Failures are logged and
 * answer null. T is the caller's word for the shape: the server is trusted, not checked.
 */
export function getJSON<T>(name: EndpointName, options: { params?: Params } = {}): Promise<T | null> {
  const url = endpointUrl(name, options.params);
  const ttl = ENDPOINTS[name].ttl;
  const hit = ttl > 0 ? readCache(url) : undefined;
  if (hit) return Promise.resolve(hit.value as T);
  return shared(`json ${url}`, () => loadJson(url, ttl)) as Promise<T | null>;
}

/**
 * GET the JSON at an address built from an endpoint's (endpointUrl) with parameters it cannot
 * hold (a name repeated: the platform's filter.* values), through the cache like getJSON.
 */
export function getJSONAt<T>(url: string, ttl: number): Promise<T | null> {
  const hit = ttl > 0 ? readCache(url) : undefined;
  if (hit) return Promise.resolve(hit.value as T);
  return shared(`json ${url}`, () => loadJson(url, ttl)) as Promise<T | null>;
}

/** GET an endpoint's HTML or text (search, recommendations); never cached; null on failure. */
export function getText(name: EndpointName, options: { params?: Params } = {}): Promise<string | null> {
  const url = endpointUrl(name, options.params);
  return shared(`text ${url}`, async () => {
    const { status, text } = await send(url, {});
    if (status >= 200 && status < 300) return text;
    if (status !== 0) console.error(`GET ${url} answered ${status}`);
    return null;
  });
}

export type Page<T> = { items: T[]; page: number; pages: number };

function isPage<T>(v: unknown): v is Page<T> {
  // A page count that is not a whole number would read as an empty list (0 is an empty list's).
  return typeof v === 'object' && v !== null && Array.isArray((v as Page<T>).items) && Number.isInteger((v as Page<T>).pages) && (v as Page<T>).pages >= 0;
}

/** Requests of one paged list in flight at once: the browser's own per-host limit is 6. */
export const PAGE_CONCURRENCY = 4;

/**
 * Every item of a paged endpoint: page 1 first (it says how many pages there are), then the
 * other pages, PAGE_CONCURRENCY at a time, so each request's timeout counts from when it is
 * sent rather than from when it was queued. Any page failing answers null, not a silently
 * short list; items are in page order.
 */
export async function fetchAllPages<T>(name: EndpointName, params: Params = {}): Promise<T[] | null> {
  const pages = await fetchPages<T>(name, params);
  return Array.isArray(pages) ? pages.flatMap((page) => page.items) : null;
}

/** fetchPages's answer for a list longer than its `maxPages`: not a failure, and no retry helps. */
export const PAST_REACH = 'past_reach';

/**
 * Every page of a paged endpoint, in order (see fetchAllPages); null when any fails. A caller
 * that knows how many pages there are (`expectedPages`, from a count the server printed) has them
 * all asked for at once, PAGE_CONCURRENCY at a time, instead of waiting for page 1 to say; page 1
 * still decides: pages it does not list are dropped, pages it adds are fetched after. A list of
 * more than `maxPages` pages (more than the server's pagination reaches) answers PAST_REACH,
 * without a request when `expectedPages` says so, else after page 1: its pages past the reach
 * would only repeat the last one, and a short list is not the list.
 */
export async function fetchPages<T, P extends Page<T> = Page<T>>(name: EndpointName, params?: Params, expectedPages?: number): Promise<P[] | null>;
export async function fetchPages<T, P extends Page<T> = Page<T>>(
  name: EndpointName,
  params: Params,
  expectedPages: number,
  maxPages: number,
): Promise<P[] | typeof PAST_REACH | null>;
export async function fetchPages<T, P extends Page<T> = Page<T>>(
  name: EndpointName,
  params: Params = {},
  expectedPages = 1,
  maxPages = Infinity,
): Promise<P[] | typeof PAST_REACH | null> {
  const results: P[] = [];
  let failed = false;
  // Pages from..to, PAGE_CONCURRENCY at a time, so each request's timeout counts from when it is sent.
  const fetchRange = async (from: number, to: number): Promise<void> => {
    let next = from;
    const worker = async (): Promise<void> => {
      while (!failed && next <= to) {
        const page = next++;
        const answer = await getJSON<P>(name, { params: { ...params, page } });
        if (!isPage<T>(answer)) {
          if (answer !== null) console.error(`${name}: not a page of items`);
          failed = true;
          return;
        }
        results[page - 1] = answer;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, Math.max(0, to - from + 1)) }, worker));
  };
  if (expectedPages > maxPages) return PAST_REACH;
  const expected = Number.isInteger(expectedPages) && expectedPages > 1 ? expectedPages : 1;
  await fetchRange(1, expected);
  const pages = results[0]?.pages ?? 0;
  if (pages > maxPages) return PAST_REACH;
  if (!failed && pages > expected) await fetchRange(expected + 1, pages);
  return failed || !results[0] ? null : results.slice(0, Math.max(1, pages));
}

export type PostResult = { status: number; body: unknown };

/** POST JSON; never throws. body is the parsed answer or null; a network error is status 0. */
export async function postJSON(url: string, body: unknown): Promise<PostResult> {
  const { status, text } = await send(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status, body: parseJson(text)?.value ?? null };
}

export type FormAnswer = Raw;

/**
 * POST a urlencoded form as a native form would; never throws. Redirects are followed, and the
 * answer says whether one happened and where it ended: the platform's customer forms answer
 * success with a redirect and failure by rendering the form's page again.
 */
export async function postForm(url: string, fields: Record<string, string>): Promise<FormAnswer> {
  return send(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}
