import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createPreview } from './server.js';
import { loadStore, localize } from './store/load-store.js';
import type { Store } from './store/types.js';

// Renders a theme's storefront pages on the preview against a store and says, per page, whether
// a shopper would see it as a shop shows it: the status, the shopper's content (the product's
// title, the collection's products, the page text, the password field, the last order, the
// blog's articles and an article's text; a theme without blog templates gets the 404) and
// nothing a shop never prints (a Liquid error, `[object Object]`, "Translation missing", a blank
// CSS value, a bare file name). `npm run preview:reference -- <theme>` prints it as a table.

export interface ReferenceRow {
  ok: boolean;
  page: string;
  url: string;
  status: number;
  content: string;
  issues: string[];
}

const DEMO = { email: 'olena@example.com', password: 'Demo-password-2026!' };

type Go = (options: InjectOptions) => Promise<LightMyRequestResponse>;

interface PageSpec {
  name: string;
  path: string;
  status?: number;
  before?: (go: Go, prefix: string) => Promise<unknown>;
  wants: (language: string) => { label: string; test: (body: string) => boolean };
}

/** A browser: one cookie jar over app.inject. */
function browser(app: FastifyInstance): Go {
  const jar = new Map<string, string>();
  return async (options) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    for (const c of response.cookies) jar.set(c.name, c.value);
    return response;
  };
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the theme has a template (a theme without one answers the platform's 404 there). */
function hasTemplate(themeDir: string, name: string): boolean {
  return existsSync(join(themeDir, 'templates', `${name}.json`)) || existsSync(join(themeDir, 'templates', `${name}.liquid`));
}

/** The blog's and an article's pages, when the store has a blog with articles. */
function blogPages(store: Store, themeDir: string, text: (value: Parameters<typeof localize>[0], language: string) => string): PageSpec[] {
  const blog = store.blogs.find((b) => b.articles.length);
  // The article with comments, if any: its page shows them and the comment form.
  const long = blog?.articles.filter((a) => textOf(text(a.body_html, store.shop.primary_locale)).length > 40) ?? [];
  const article = long.find((a) => a.comments.some((c) => c.status === 'published')) ?? long[0];
  if (!blog || !article) return [];
  const shopName = (body: string): boolean => body.includes(escapeText(store.shop.name));
  const page = (name: string, path: string, template: string, wants: PageSpec['wants']): PageSpec =>
    hasTemplate(themeDir, template)
      ? { name, path, wants }
      : { name: `${name} (no template)`, path, status: 404, wants: () => ({ label: 'shop name', test: shopName }) };
  return [
    page('blog', `/blogs/${blog.handle}`, 'blog', (lang) => ({
      label: 'article titles',
      test: (body) => blog.articles.slice(0, 3).every((a) => body.includes(escapeText(text(a.title, lang)))),
    })),
    page('article', `/blogs/${blog.handle}/${article.handle}`, 'article', (lang) => ({
      label: 'article text',
      test: (body) => textOf(body).includes(textOf(text(article.body_html, lang)).slice(0, 40)),
    })),
  ];
}

function pages(store: Store): PageSpec[] {
  const text = (value: Parameters<typeof localize>[0], language: string): string => localize(value, language, store.shop.primary_locale);
  const has = (body: string, value: string): boolean => body.includes(escapeText(value)) || body.includes(value);
  const collection = store.collections.find((c) => c.handle !== 'all' && c.products.length >= 3)!;
  const product = store.products[0]!;
  const page = store.pages.find((p) => textOf(text(p.body_html, store.shop.primary_locale)).length > 20)!;
  const customer = store.customersByEmail.get(DEMO.email)!;
  const lastOrder = [...customer.orders].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
  const searchTerm = text(product.title, 'en').split(' ').pop() ?? '';
  const shopName = (body: string): boolean => has(body, store.shop.name);
  return [
    { name: 'home', path: '/', wants: () => ({ label: 'shop name', test: shopName }) },
    {
      name: 'collection',
      path: `/collections/${collection.handle}`,
      wants: (lang) => ({
        label: '3 products',
        test: (body) => collection.products.slice(0, 3).every((h) => has(body, text(store.productsByHandle.get(h)!.title, lang))),
      }),
    },
    { name: 'product', path: `/products/${product.handle}`, wants: (lang) => ({ label: 'title', test: (body) => has(body, text(product.title, lang)) }) },
    {
      name: 'cart',
      path: '/cart',
      before: (go, prefix) => go({ method: 'POST', url: `${prefix}/cart/add.js`, payload: { id: product.variants[0]!.id, quantity: 1 } }),
      wants: (lang) => ({ label: 'line item', test: (body) => has(body, text(product.title, lang)) }),
    },
    {
      name: 'search',
      path: `/search?q=${encodeURIComponent(searchTerm)}`,
      wants: (lang) => ({ label: 'result', test: (body) => has(body, text(product.title, lang)) }),
    },
    {
      name: 'page',
      path: `/pages/${page.handle}`,
      wants: (lang) => ({ label: 'page text', test: (body) => textOf(body).includes(textOf(text(page.body_html, lang)).slice(0, 40)) }),
    },
    { name: 'login', path: '/account/login', wants: () => ({ label: 'password field', test: (body) => /<input[^>]*type="password"/.test(body) }) },
    {
      name: 'account',
      path: '/account',
      before: (go, prefix) =>
        go({
          method: 'POST',
          url: `${prefix}/account/login`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ form_type: 'customer_login', 'customer[email]': DEMO.email, 'customer[password]': DEMO.password }).toString(),
        }),
      wants: () => ({ label: `last order ${lastOrder.name}`, test: (body) => body.includes(lastOrder.name) }),
    },
    { name: '404', path: '/pages/no-such-page', status: 404, wants: () => ({ label: 'shop name', test: shopName }) },
  ];
}

/** What a shop never prints on a page a shopper reads. */
export function pageProblems(html: string): string[] {
  const found: string[] = [];
  // The first Liquid error as the platform prints it inline (its file and line), and how many more.
  const liquid = html.match(/Liquid (?:syntax )?error[^<"\n]{0,200}/gi) ?? [];
  if (liquid[0]) found.push(`${liquid[0].trim()}${liquid.length > 1 ? ` (and ${liquid.length - 1} more)` : ''}`);
  if (html.includes('[object Object]')) found.push('[object Object]');
  const missing = /Translation missing:?[^<"]{0,80}/.exec(html);
  if (missing) found.push(missing[0].trim());
  // A setting printed as nothing where CSS needs a value (`--font-body-family: , ;`).
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  const blankCss = /(--[\w-]+):\s*[,\s]*;/.exec(styles);
  if (blankCss) found.push(`blank CSS value ${blankCss[1]}`);
  // Text a shopper reads (not scripts, styles or attributes) naming a file.
  // (A Liquid error names its files; it is reported above, once.)
  const readable = html
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/Liquid (?:syntax )?error[^<"\n]*/gi, ' ');
  const file = /(?:^|\s)([\w/-]+\.(?:liquid|jpe?g|png|webp|gif|svg|json))\b/.exec(readable);
  if (file) found.push(`file name ${file[1]}`);
  return found;
}

/** Renders a theme's pages (nine, and a blog's two when the store has one, in each of the store's first two languages). */
export async function renderReferencePages({
  themeDir,
  storeDir,
  log = () => {},
}: {
  themeDir: string;
  storeDir: string;
  log?: (line: string) => void;
}): Promise<ReferenceRow[]> {
  const store = loadStore(storeDir);
  const app = await createPreview({ themeDir, storeDir, logger: false, log });
  const rows: ReferenceRow[] = [];
  try {
    for (const language of store.shop.locales.slice(0, 2)) {
      const prefix = language === store.shop.primary_locale ? '' : `/${language}`;
      for (const spec of [...pages(store), ...blogPages(store, themeDir, (v, l) => localize(v, l, store.shop.primary_locale))]) {
        const go = browser(app);
        if (spec.before) await spec.before(go, prefix);
        const url = `${prefix}${spec.path}`;
        const response = await go({ url });
        const body = response.body;
        const want = spec.wants(language);
        const issues = response.statusCode >= 500 ? [body.slice(0, 300).replace(/\s+/g, ' ')] : pageProblems(body);
        const content = want.test(body);
        rows.push({
          ok: response.statusCode === (spec.status ?? 200) && content && !issues.length,
          page: spec.name,
          url,
          status: response.statusCode,
          content: `${content ? 'yes' : 'NO'} (${want.label})`,
          issues,
        });
      }
    }
  } finally {
    await app.close();
  }
  return rows;
}
