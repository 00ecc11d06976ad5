import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { localePrefix } from '../platform/globals.js';
import { notice } from '../platform/notices.js';
import { field, formBody, returnTarget } from './return-to.js';
import { SAME_SITE_ONLY } from '../request-guards.js';

// A password-protected shop (Online Store → Preferences → Password protection), as the platform
// serves one: every storefront page sends the browser to /password, which renders the theme's
// `password` template (layout and all) with the `storefront_password` form; the right password
// lets that browser in (a cookie) and sends it on, a wrong one renders the page again with the
// form's error. The CDN's files, the newsletter signup (/contact) and the language choice stay
// open, since the password page itself uses them. Off unless a password is given
// (PREVIEW_PASSWORD, or the `storefrontPassword` option).

/** The cookie the platform keeps a browser's access in. */
export const ACCESS_COOKIE = 'storefront_digest';

/** What is answered while locked: the page's own files, the signup and the language choice. */
function isOpen(path: string, method: string, prefixes: string[]): boolean {
  if (path.startsWith('/cdn/') || path.startsWith('/__preview/')) return true;
  for (const prefix of prefixes) {
    if (path === `${prefix}/password`) return true;
    if (method === 'POST' && (path === `${prefix}/contact` || path === `${prefix}/localization`)) return true;
  }
  return false;
}

function digest(password: string): string {
  return createHash('sha256').update(`storefront:${password}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The shop's storefront password: the option, else PREVIEW_PASSWORD, else none (an open shop). */
export function storefrontPasswordFrom(option: string | undefined, env: string | undefined): string | null {
  const password = option ?? env ?? '';
  return password === '' ? null : password;
}

export function registerStorefrontPassword(app: FastifyInstance, preview: PreviewContext, password: string | null): void {
  const store = preview.store();
  const languages = store.shop.locales.map((language) => ({ language, prefix: localePrefix(store, language) }));
  const expected = password === null ? null : digest(password);
  const hasAccess = (request: FastifyRequest): boolean => expected === null || sameText(request.cookies[ACCESS_COOKIE] ?? '', expected);
  const languageOf = (path: string) =>
    languages.find(({ prefix }) => prefix && (path === prefix || path.startsWith(`${prefix}/`))) ?? languages.find(({ prefix }) => !prefix) ?? languages[0]!;

  if (expected !== null) {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      // The theme editor shows a locked shop's pages to its merchant.
      if (preview.designMode || query.get('design_mode') === '1') return;
      if (
        hasAccess(request) ||
        isOpen(
          path,
          request.method,
          languages.map((l) => l.prefix),
        )
      )
        return;
      await reply.redirect(`${languageOf(path).prefix}/password`, 302);
    });
  }

  for (const { language, prefix } of languages) {
    const root = `${prefix}/`;
    const renderPasswordPage = (request: FastifyRequest, reply: FastifyReply, invalid: boolean) =>
      preview.renderMatch(request, reply, {
        language,
        match: { template: 'password', pageType: 'password' },
        path: '/password',
        drops: preview.drops(language, preview.session(request, reply).currency),
        ...(invalid
          ? {
              formResults: {
                storefront_password: {
                  errors: [{ field: 'form', message: notice(language, 'invalid_password'), translatedField: '' }],
                  postedSuccessfully: false,
                  values: {},
                },
              },
            }
          : {}),
      });

    // An open shop, or a browser already let in, has no password page: it goes to the shop.
    app.get(`${prefix}/password`, async (request, reply) => (hasAccess(request) ? reply.redirect(root, 302) : renderPasswordPage(request, reply, false)));

    app.post(`${prefix}/password`, SAME_SITE_ONLY, async (request, reply) => {
      if (expected === null) return reply.redirect(root, 302);
      const given = field(formBody(request), 'password');
      if (!sameText(digest(given), expected)) return renderPasswordPage(request, reply, true);
      void reply.setCookie(ACCESS_COOKIE, expected, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
      return reply.redirect(returnTarget(request, formBody(request)['return_to'], root), 302);
    });
  }
}
