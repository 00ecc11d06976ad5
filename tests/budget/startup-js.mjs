// Measures the JavaScript a page loads at start: every module script the HTML names, plus every
// chunk those modules import statically (from esbuild's metafile). Dynamic imports (panels,
// DOMPurify) load later and are not counted. Sizes are minified bytes, gzip level 9.
import { readFileSync } from 'node:fs';
import { join, basename } from 'node:path';
import { gzipSync } from 'node:zlib';

export const STARTUP_JS_BUDGET = 15 * 1024;

/** Pages that stand for each template, with the language they are fetched in. */
export const TEMPLATE_PAGES = [
  ['index', '/'],
  ['collection', '/collections/coats-and-jackets'],
  ['collection (all)', '/collections/all'],
  ['list-collections', '/collections'],
  ['product', '/products/wool-wrap-coat'],
  ['page', '/pages/about-us'],
  ['search', '/search?q=coat&type=product'],
  ['cart', '/cart'],
  ['customers/login', '/account/login'],
  ['customers/register', '/account/register'],
  ['customers/reset_password', '/account/reset/4000000001/token'],
  ['404', '/no-such-page'],
];

/** Account templates, fetched signed in as the demo customer. */
export const CUSTOMER_TEMPLATE_PAGES = [
  ['customers/account (orders)', '/account'],
  ['customers/account (wishlist)', '/account?view=wishlist'],
  ['customers/account (personal details)', '/account?view=personal-details'],
  ['customers/addresses', '/account/addresses'],
];

export const DEMO_SIGN_IN = 'form_type=customer_login&utf8=%E2%9C%93&customer%5Bemail%5D=olena%40example.com&customer%5Bpassword%5D=Demo-password-2026%21';

/** The session cookie of a signed-in demo customer, from a login answer's set-cookie header. */
export function sessionCookie(setCookie) {
  const header = Array.isArray(setCookie) ? setCookie.join('; ') : String(setCookie ?? '');
  const match = /_preview_session=([^;]+)/.exec(header);
  return match ? `_preview_session=${match[1]}` : '';
}

function loadMeta(root) {
  const meta = JSON.parse(readFileSync(join(root, '.build', 'islands-meta.json'), 'utf8'));
  const byFile = new Map();
  for (const [path, output] of Object.entries(meta.outputs)) byFile.set(basename(path), output);
  return byFile;
}

/** Module scripts named in a page's HTML (island bundles served from theme assets). */
export function moduleScripts(html) {
  const names = new Set();
  const pattern = /<script[^>]*type="module"[^>]*src="[^"]*\/assets\/([^"?]+)[^"]*"[^>]*>|<link[^>]*rel="modulepreload"[^>]*href="[^"]*\/assets\/([^"?]+)[^"]*"/g;
  for (const match of html.matchAll(pattern)) names.add(match[1] ?? match[2]);
  return [...names];
}

/** Every file loaded at start for the given entry files, following static imports only. */
export function startupFiles(entries, root = process.cwd()) {
  const meta = loadMeta(root);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of meta.get(file)?.imports ?? []) {
      if (imported.kind === 'import-statement') visit(basename(imported.path));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

export function gzipSize(file, root = process.cwd()) {
  return gzipSync(readFileSync(join(root, 'theme', 'assets', file)), { level: 9 }).length;
}

/** { files, bytes } of start-up JavaScript for a page's HTML. */
export function startupJs(html, root = process.cwd()) {
  const files = startupFiles(moduleScripts(html), root);
  return { files, bytes: files.reduce((sum, f) => sum + gzipSize(f, root), 0) };
}
