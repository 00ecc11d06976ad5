#!/usr/bin/env node
// `npm run preview:reference -- <theme folder>`: renders another theme's storefront pages on the
// offline preview (the built bundle, .build/preview.mjs) against the fixture store and prints a
// table: each page's status, whether the shopper's content is on it, and anything a shop would
// never print (a Liquid error, `[object Object]`, "Translation missing", a bare file name).
// It answers "does the preview render a theme it was not written for, as the platform would?";
// Shopify's Dawn (../shared/reference-themes/) is the usual subject. Exits 1 if a page fails.
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { createPreview } from '../.build/preview.mjs';

const themeDir = resolve(process.argv[2] ?? process.env.PREVIEW_THEME ?? '');
if (!process.argv[2] && !process.env.PREVIEW_THEME) {
  console.error('usage: npm run preview:reference -- <theme folder>');
  process.exit(2);
}
if (!existsSync(`${themeDir}/layout/theme.liquid`)) {
  console.error(`${themeDir}: not a theme folder (no layout/theme.liquid)`);
  process.exit(2);
}

const DEMO = { email: 'olena@example.com', password: 'Demo-password-2026!' };
const log = [];
const app = await createPreview({ themeDir, logger: false, log: (line) => log.push(line) });

/** A browser: one cookie jar over app.inject. */
function browser() {
  const jar = new Map();
  return async (options) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    for (const c of response.cookies) jar.set(c.name, c.value);
    return response;
  };
}

const fixtures = await readFixtures();

async function readFixtures() {
  const { readFileSync } = await import('node:fs');
  const dir = resolve(process.env.PREVIEW_STORE || 'preview/fixtures');
  const read = (name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
  return { products: read('products.json'), collections: read('collections.json'), pages: read('pages.json'), customers: read('customers.json') };
}

const pick = (value, language) => (value && typeof value === 'object' ? value[language] ?? Object.values(value)[0] : value ?? '');
const collection = fixtures.collections.find((c) => c.handle !== 'all' && c.products.length >= 3);
const product = fixtures.products[0];
const page = fixtures.pages.find((p) => pick(p.body_html, 'uk').replace(/<[^>]+>/g, '').trim().length > 20);
const customer = fixtures.customers.find((c) => c.email === DEMO.email);
const lastOrder = [...customer.orders].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
const searchTerm = pick(product.title, 'en').split(' ').pop();
const productTitle = (handle, language) => pick(fixtures.products.find((p) => p.handle === handle).title, language);
const textOf = (html) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const PAGES = [
  { name: 'home', path: '/', wants: () => ({ label: 'shop name', test: (body) => body.includes('MAVKA') }) },
  {
    name: 'collection', path: `/collections/${collection.handle}`,
    wants: (lang) => ({ label: '3 products', test: (body) => collection.products.slice(0, 3).every((h) => body.includes(escapeText(productTitle(h, lang)))) }),
  },
  { name: 'product', path: `/products/${product.handle}`, wants: (lang) => ({ label: 'title', test: (body) => body.includes(escapeText(pick(product.title, lang))) }) },
  {
    name: 'cart', path: '/cart',
    before: (go, prefix) => go({ method: 'POST', url: `${prefix}/cart/add.js`, payload: { id: product.variants[0].id, quantity: 1 } }),
    wants: (lang) => ({ label: 'line item', test: (body) => body.includes(escapeText(pick(product.title, lang))) }),
  },
  {
    name: 'search', path: `/search?q=${encodeURIComponent(searchTerm)}`,
    wants: (lang) => ({ label: 'result', test: (body) => body.includes(escapeText(pick(product.title, lang))) }),
  },
  {
    name: 'page', path: `/pages/${page.handle}`,
    wants: (lang) => ({ label: 'page text', test: (body) => textOf(body).includes(textOf(pick(page.body_html, lang)).slice(0, 40)) }),
  },
  { name: 'login', path: '/account/login', wants: () => ({ label: 'password field', test: (body) => /<input[^>]*type="password"/.test(body) }) },
  {
    name: 'account', path: '/account',
    before: (go, prefix) => go({ method: 'POST', url: `${prefix}/account/login`, payload: new URLSearchParams({ form_type: 'customer_login', 'customer[email]': DEMO.email, 'customer[password]': DEMO.password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    wants: () => ({ label: `last order ${lastOrder.name}`, test: (body) => body.includes(lastOrder.name) }),
  },
  { name: '404', path: '/pages/no-such-page', status: 404, wants: () => ({ label: 'shop name', test: (body) => body.includes('MAVKA') }) },
];

function escapeText(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** What a shop never prints on a page a shopper reads. */
function problems(html) {
  const found = [];
  const liquid = /Liquid (?:syntax )?error[^<]{0,140}/i.exec(html);
  if (liquid) found.push(liquid[0].trim());
  if (html.includes('[object Object]')) found.push('[object Object]');
  const missing = /Translation missing:?[^<"]{0,80}/.exec(html);
  if (missing) found.push(missing[0].trim());
  // A setting printed as nothing where CSS needs a value (`--font-body-family: , ;`).
  const blankCss = /(--[\w-]+):\s*[,\s]*;/.exec([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n'));
  if (blankCss) found.push(`blank CSS value ${blankCss[1]}`);
  // Text a shopper reads (not scripts, styles or attributes) naming a file.
  const document = new JSDOM(html).window.document;
  for (const node of document.querySelectorAll('script, style, template, noscript')) node.remove();
  const text = document.body?.textContent ?? '';
  const file = /(?:^|[\s>])([\w/-]+\.(?:liquid|jpe?g|png|webp|gif|svg|json))\b/.exec(text);
  if (file) found.push(`file name ${file[1]}`);
  return found;
}

const rows = [];
for (const language of ['uk', 'en']) {
  const prefix = language === 'uk' ? '' : '/en';
  for (const spec of PAGES) {
    const go = browser();
    if (spec.before) await spec.before(go, prefix);
    const url = `${prefix}${spec.path}`;
    const response = await go({ url });
    const body = response.body;
    const want = spec.wants(language);
    const expected = spec.status ?? 200;
    const issues = response.statusCode >= 500 ? [body.slice(0, 300).replace(/\s+/g, ' ')] : problems(body);
    const content = want.test(body);
    const ok = response.statusCode === expected && content && !issues.length;
    rows.push({ ok, page: spec.name, url, status: response.statusCode, content: `${content ? 'yes' : 'NO'} (${want.label})`, issues: issues.join('; ') || '-' });
  }
}
await app.close();

const width = (key) => Math.max(key.length, ...rows.map((r) => String(r[key]).length));
const columns = ['page', 'url', 'status', 'content'];
const line = (r) => `${r.ok ? 'ok  ' : 'FAIL'}  ${columns.map((c) => String(r[c]).padEnd(width(c))).join('  ')}  ${r.issues}`;
console.log(`Theme ${themeDir} on the fixture store`);
console.log(`      ${columns.map((c) => c.padEnd(width(c))).join('  ')}  issues`);
for (const r of rows) console.log(line(r));
const passed = rows.filter((r) => r.ok).length;
console.log(`\n${passed} of ${rows.length} pages render with their content and no error`);
if (process.env.PREVIEW_REFERENCE_LOG === '1' && log.length) console.log(`\npreview log:\n${log.join('\n')}`);
process.exit(passed === rows.length ? 0 : 1);
