// Builds a copy of the fixture store in which every text a merchant or shopper can write carries
// script payloads. A payload that runs sets window.__pwned, which the hostile-store test checks.
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">link</a>',
  '<svg onload="window.__pwned=1"><script>window.__pwned=1</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1"></style></mglyph></table></mtext></math>',
  '</script><script>window.__pwned=1</script>',
  '"><img src=x onerror=window.__pwned=1>',
  "'><svg/onload=window.__pwned=1>",
  '\u2028\u2029</textarea><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '{{ 7 | times: 7 }}{% assign x = 1 %}',
];

/**
 * Menu URLs a merchant (or whoever holds the admin) could save: attribute break-outs after a real
 * path, and schemes that run script when the link is followed.
 */
export const HOSTILE_URLS = [
  '/collections/all" onmouseover="window.__pwned=1" onfocus="window.__pwned=1" data-x="',
  "/pages/about-us' onmouseover='window.__pwned=1' data-x='",
  '/collections/all?x="><img src=x onerror="window.__pwned=1">',
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1//',
  'data:text/html,<script>parent.__pwned=1</script>',
  'vbscript:msgbox(1)',
  '/collections/new-arrivals',
];

/** Every link of every menu gets one of HOSTILE_URLS, in turn (sub-links too). */
function poisonMenuUrls(menus: unknown): unknown {
  let index = 0;
  const walk = (links: unknown): unknown =>
    Array.isArray(links)
      ? links.map((link: Record<string, unknown>) => ({ ...link, url: HOSTILE_URLS[index++ % HOSTILE_URLS.length], links: walk(link['links'] ?? []) }))
      : links;
  return Object.fromEntries(
    Object.entries(menus as Record<string, { links: unknown }>).map(([handle, menu]) => [handle, { ...menu, links: walk(menu.links) }]),
  );
}

/** The shop's name and its currency symbols carry payloads too. */
function poisonShop(shop: Record<string, unknown>): Record<string, unknown> {
  const currencies = (shop['currencies'] as { iso_code: string; symbol: string }[]).map((c, i) => ({
    ...c,
    symbol: `${c.symbol}${PAYLOADS[(i + 6) % PAYLOADS.length]}`,
  }));
  return { ...shop, name: `${String(shop['name'])}${PAYLOADS[5]}`, currencies };
}

/** A short payload-bearing text: the original, then every payload (kept under field limits). */
function hostile(original: string, index: number): string {
  const payload = PAYLOADS[index % PAYLOADS.length] ?? '';
  return `${original}${payload}${PAYLOADS[(index + 3) % PAYLOADS.length]}`;
}

const TEXT_KEYS = new Set([
  'title',
  'name',
  'description',
  'body_html',
  'slogan',
  'intro',
  'materials',
  'info',
  'alt',
  'first_name',
  'last_name',
  'address1',
  'address2',
  'city',
  'province',
  'country',
  'zip',
  'phone',
  'company',
  'vendor',
  'style_number',
]);

let counter = 0;

/** Walks fixture JSON and poisons every merchant-editable string, keeping ids, handles and files. */
function poison(value: unknown, key: string | null): unknown {
  if (typeof value === 'string') return key && TEXT_KEYS.has(key) ? hostile(value, counter++) : value;
  if (Array.isArray(value)) return value.map((item) => poison(item, key));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A localized string {uk, en}: poison both languages.
    if (key && TEXT_KEYS.has(key) && Object.keys(record).every((k) => k === 'uk' || k === 'en')) {
      return Object.fromEntries(Object.entries(record).map(([lang, text]) => [lang, hostile(String(text), counter++)]));
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, poison(v, k)]));
  }
  return value;
}

export function createHostileStore(source = resolve('preview/fixtures')): string {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-store-'));
  for (const file of ['shop.json', 'products.json', 'collections.json', 'menus.json', 'pages.json', 'customers.json']) {
    const data = JSON.parse(readFileSync(join(source, file), 'utf8')) as unknown;
    const poisoned = file === 'shop.json' ? poisonShop(data as Record<string, unknown>) : poison(file === 'menus.json' ? poisonMenuUrls(data) : data, null);
    writeFileSync(join(dir, file), JSON.stringify(poisoned, null, 1));
  }
  // The metafields' types, not content: without them a file reference reads as a bare file name.
  cpSync(join(source, 'metafield-definitions.json'), join(dir, 'metafield-definitions.json'));
  try {
    symlinkSync(join(source, 'images'), join(dir, 'images'), 'dir');
  } catch {
    cpSync(join(source, 'images'), join(dir, 'images'), { recursive: true });
  }
  return dir;
}
