// The JavaScript budget (ARCHITECTURE.md): what a page loads with no input at all, counted in
// Chromium until the network is quiet (tests/budget/page-js.mjs), at most 12 KB gzip on every
// template, below Dawn's lightest (14.7 KB on its home page, issue 16). The pages that stand for
// each template, and the demo customer's sign-in for the account templates, are shared by the
// budget test (tests/e2e/startup-js-budget.test.ts) and the bench (tests/bench/startup-js.bench.mjs).

export const STARTUP_JS_BUDGET = 12 * 1024;

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
  ['blog', '/blogs/news'],
  ['article', '/blogs/news/autumn-lookbook'],
  ['customers/login', '/account/login'],
  ['customers/register', '/account/register'],
  ['404', '/no-such-page'],
];

/**
 * The new-password template answers only a live reset link (one a recover post just made; a used
 * or made-up one goes to /account/invalid_token), so it is measured from a link asked for here:
 * `app` is a preview whose developer log lines are collected in `logs`.
 */
export const RESET_TEMPLATE = 'customers/reset_password';
export async function freshResetPath(app, logs) {
  await app.inject({
    method: 'POST',
    url: '/account/recover',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=maria%40example.com',
  });
  const link = /(http\S+\/account\/reset\/\S+)/.exec(logs.at(-1) ?? '')?.[1];
  if (!link) throw new Error('the preview logged no reset link');
  return new URL(link).pathname;
}

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
