import type { FastifyInstance } from 'fastify';
import type { PreviewContext } from '../context.js';
import { localePrefix } from '../platform/globals.js';
import { notice } from '../platform/notices.js';
import type { Store } from '../store/types.js';
import { field, formBody, safePath } from './return-to.js';
import { marketOfCountry } from '../platform/markets.js';
import { SAME_SITE_ONLY } from '../request-guards.js';

// The localization form [FORM]: POST /localization with form_type=localization, _method=put,
// return_to, language_code (the spec's name) or locale_code (the platform form's), and/or
// country_code. The platform answers with a redirect to return_to in the chosen language: the
// same page, re-prefixed. A country switches the session to its market's currency (which is how
// a shop offers currencies since the currency form was deprecated).

/** return_to without whatever language prefix it carries. */
export function withoutLanguage(store: Store, path: string): string {
  for (const language of store.shop.locales) {
    const prefix = localePrefix(store, language);
    if (!prefix) continue;
    if (path === prefix || path.startsWith(`${prefix}?`) || path.startsWith(`${prefix}#`)) return `/${path.slice(prefix.length)}`;
    if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  }
  return path;
}

/** The same page in another language: /products/x ↔ /en/products/x, / ↔ /en. */
export function inLanguage(store: Store, path: string, language: string): string {
  const bare = withoutLanguage(store, path);
  const prefix = localePrefix(store, language);
  if (!prefix) return bare;
  return bare === '/' ? prefix : bare.startsWith('/?') || bare.startsWith('/#') ? `${prefix}${bare.slice(1)}` : `${prefix}${bare}`;
}

export function registerLocalizationRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  app.post(`${prefix}/localization`, SAME_SITE_ONLY, async (request, reply) => {
    const store = preview.store();
    const body = formBody(request);
    const requested = (field(body, 'language_code') || field(body, 'locale_code')).trim().toLowerCase();
    const base = requested.split('-')[0] ?? '';
    const chosen = requested === '' ? language : store.shop.locales.find((l) => l === requested || l === base);
    if (!chosen) {
      return reply
        .status(422)
        .type('text/plain; charset=utf-8')
        .send(notice(language, 'unsupported_language', { language: requested.slice(0, 20) }));
    }
    const countryCode = field(body, 'country_code').trim();
    if (countryCode) {
      const market = marketOfCountry(store, countryCode);
      if (!market)
        return reply
          .status(422)
          .type('text/plain; charset=utf-8')
          .send(notice(language, 'unsupported_country', { country: countryCode.slice(0, 10) }));
      const session = preview.session(request, reply);
      session.currency = market.currency;
      session.cart.currency = market.currency;
    }
    const returnTo = safePath(field(body, 'return_to')) ?? '/';
    // Checked again once re-prefixed: '/en//evil.example' loses its '/en' and would leave the shop.
    return reply.redirect(safePath(inLanguage(store, returnTo, chosen)) ?? inLanguage(store, '/', chosen), 302);
  });
}
