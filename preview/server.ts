import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { resolve } from 'node:path';
import { createLiquid, renderPage, TemplateNotFound } from './liquid/engine.js';
import type { RenderRequest } from './liquid/context.js';
import { loadStore } from './store/load-store.js';
import type { Store } from './store/types.js';
import { dropContext, localePrefix, platformGlobals } from './platform/globals.js';
import { Sessions } from './session.js';
import { assetVersion, themeSettings, themeTranslations } from './theme-files.js';
import { chooseTemplate, registerPageRoutes } from './routes/pages.js';
import { registerAssetRoutes } from './routes/assets.js';
import { registerCartRoutes } from './routes/cart.js';
import type { PageRequest, PreviewContext } from './context.js';

export interface PreviewOptions {
  themeDir?: string;
  storeDir?: string;
  logger?: boolean;
}

export const BODY_LIMIT = 256 * 1024;

export function defaultStoreDir(): string {
  return resolve(process.env['PREVIEW_STORE'] || 'preview/fixtures');
}

export async function createPreview(options: PreviewOptions = {}): Promise<FastifyInstance> {
  const themeDir = resolve(options.themeDir ?? 'theme');
  const storeDir = resolve(options.storeDir ?? defaultStoreDir());
  const store: Store = loadStore(storeDir);
  const liquid = createLiquid(themeDir);
  const sessions = new Sessions(store.shop.currencies[0]?.iso_code ?? 'UAH');
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 0, files: 0, fields: 100, fieldSize: 16 * 1024 } });

  const preview: PreviewContext = {
    themeDir,
    storeDir,
    liquid,
    store: () => store,
    drops: (language, currency) => dropContext(store, language, currency ?? store.shop.currencies[0]?.iso_code ?? 'UAH'),
    session: (request, reply) => sessions.get(request, reply),
    renderMatch: (request, reply, page) => renderMatch(preview, request, reply, page),
    renderNotFound: (request, reply, language) =>
      renderMatch(preview, request, reply, {
        language,
        match: { template: '404', pageType: '404' },
        path: stripLocale(store, request.url.split('?')[0] ?? '/'),
        drops: preview.drops(language, sessions.get(request, reply).currency),
        status: 404,
      }),
  };

  registerAssetRoutes(app, preview);
  for (const language of store.shop.locales) {
    const prefix = localePrefix(store, language);
    registerPageRoutes(app, preview, language, prefix);
    registerCartRoutes(app, preview, language, prefix);
  }

  app.setNotFoundHandler((request, reply) => {
    const language = languageOf(store, request.url);
    return preview.renderNotFound(request, reply, language);
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // Request parsing errors (fastify's FST_* and multipart's) are the client's: a 4xx, never a 500.
    // busboy's multipart errors carry no code, only their message.
    const parseError =
      (typeof error.code === 'string' && /^FST_/.test(error.code)) ||
      /^(Multipart: |Malformed part header|Unexpected end of (form|multipart data))/.test(error.message);
    const declared = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const status = parseError && declared >= 500 ? 400 : declared;
    if (status >= 500) request.log.error(error);
    // Platform-style JSON for API paths; a short text page otherwise.
    if (/\.js(\?|$)|\/cart\/|\.json(\?|$)/.test(request.url)) {
      return reply.status(status).send({ status, message: status === 500 ? 'Internal error' : error.message, description: error.message });
    }
    return reply.status(status).type('text/plain; charset=utf-8').send(status >= 500 ? `Preview error: ${error.message}` : error.message);
  });
  return app;
}

export function stripLocale(store: Store, path: string): string {
  for (const language of store.shop.locales) {
    const prefix = localePrefix(store, language);
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return path.slice(prefix.length) || '/';
  }
  return path;
}

export function languageOf(store: Store, url: string): string {
  for (const language of store.shop.locales) {
    const prefix = localePrefix(store, language);
    if (prefix && (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))) return language;
  }
  return store.shop.primary_locale;
}

async function renderMatch(preview: PreviewContext, request: FastifyRequest, reply: FastifyReply, page: PageRequest): Promise<FastifyReply> {
  const store = preview.store();
  const session = preview.session(request, reply);
  const { language, match } = page;
  const prefix = localePrefix(store, language);
  if (match.customersOnly && !session.customerId) {
    return reply.redirect(`${prefix}/account/login`, 302);
  }
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const template = match.forcedView ? match.template : chooseTemplate(preview.themeDir, match.template, match.suffix, query.get('view'));
  const { translations, fallback, defaultLanguage } = themeTranslations(preview.themeDir, language);
  const currency = session.currency;
  const renderRequest: RenderRequest = {
    language,
    primaryLanguage: defaultLanguage,
    rootUrl: `${prefix}/`,
    currency,
    moneyFormat: store.shop.money_format[currency] ?? '{{amount}}',
    moneyWithCurrencyFormat: store.shop.money_with_currency_format[currency] ?? '{{amount}}',
    query,
    path: `${prefix}${page.path}`,
    translations,
    fallbackTranslations: fallback,
    assetVersion: (file) => assetVersion(preview.themeDir, file),
    formResults: page.formResults ?? {},
    allProductsSeen: page.drops.allProductsSeen,
    sectionCounter: { value: 0 },
  };
  const origin = `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
  const objects = platformGlobals({
    store,
    session,
    language,
    path: page.path,
    pageType: match.pageType,
    template,
    themeSettings: themeSettings(preview.themeDir),
    extra: match.objects ?? {},
    origin,
    drops: page.drops,
  });
  try {
    const html = await renderPage(preview.liquid, { template, objects, request: renderRequest });
    // The theme's JSON endpoints are alternate templates of the page with handle `api`.
    const isJson = template.startsWith('page.') && (match.objects?.['page'] as { handle?: string } | undefined)?.handle === 'api';
    return reply
      .status(page.status ?? match.status ?? 200)
      .header('content-language', language)
      .type(isJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
      .send(html);
  } catch (error) {
    if (error instanceof TemplateNotFound && match.template !== '404') {
      return preview.renderNotFound(request, reply, language);
    }
    throw error;
  }
}

/** `node preview/server.ts`-style entry used by `npm start` after the build. */
export async function startPreview(port = Number(process.env['PORT'] || 9292), host = '127.0.0.1'): Promise<FastifyInstance> {
  const app = await createPreview({ logger: process.env['PREVIEW_LOG'] === '1' });
  await app.listen({ port, host });
  return app;
}
