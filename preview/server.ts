import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { createLiquid, renderPage, TemplateNotFound, type PageRender } from './liquid/engine.js';
import { compiledAssetTags } from './liquid/compiled-assets.js';
import { themeGeneration, useThemeCache } from './liquid/theme-cache.js';
import { parseThemeAhead } from './liquid/parse-ahead.js';
import { preloadHeader } from './liquid/preload-links.js';
import { PageCache } from './page-cache.js';
import { RenderTurns } from './render-turns.js';
import { CompressedBodies, sendKept } from './compressed-bodies.js';
import type { FormResult, RenderRequest } from './liquid/context.js';
import { parseSectionList, renderSectionById } from './liquid/section-rendering.js';
import { escapeHtml } from './liquid/escape.js';
import { loadStore } from './store/load-store.js';
import type { Store } from './store/types.js';
import { dropContext, localePrefix, platformGlobals, type Session } from './platform/globals.js';
import { CustomerAccounts } from './platform/customers.js';
import { notice, pluralNotice } from './platform/notices.js';
import { Sessions } from './session.js';
import { assetVersion, themeSettings, themeSettingsSource, themeTranslations } from './theme-files.js';
import { chooseTemplate, registerPageRoutes } from './routes/pages.js';
import { registerAssetRoutes } from './routes/assets.js';
import { registerMediaFiles } from './routes/media-files.js';
import { registerPlatformCdnRoutes } from './routes/platform-cdn.js';
import { registerCartRoutes } from './routes/cart.js';
import { registerDiscountRoutes } from './routes/discounts.js';
import { registerCartPermalinkRoutes } from './routes/cart-permalinks.js';
import { asksForScriptAnswer } from './routes/ajax-request.js';
import { registerAccountRoutes } from './routes/account.js';
import { registerLocalizationRoutes } from './routes/localization.js';
import { registerRecommendationRoutes } from './routes/recommendations.js';
import { registerCheckoutRoutes } from './routes/checkout.js';
import { registerPredictiveSearchRoutes } from './routes/predictive-search.js';
import { registerBlogRoutes } from './routes/blogs.js';
import { registerStorefrontPassword, storefrontPasswordFrom } from './routes/storefront-password.js';
import { shopFeaturesFrom } from './platform/shop-features.js';
import type { PageRequest, PreviewContext } from './context.js';
import { accountModeFromEnv, type AccountMode } from './platform/account-mode.js';
import { accountComponentHead } from './routes/hosted-accounts.js';
import { FIXTURE_STORE, PACKAGE_DIR } from './package-dir.js';
import { listFromEnv, servedHosts } from './origin.js';
import { guardRequests, originOf } from './request-guards.js';
import { encodeHeaderValues } from './header-values.js';

export interface PreviewOptions {
  themeDir?: string;
  storeDir?: string;
  logger?: boolean;
  /** Where lines for the developer go (password-reset links); console.log by default. */
  log?: (line: string) => void;
  /** The shop's customer accounts; PREVIEW_ACCOUNTS (default legacy) when not given. */
  accounts?: AccountMode;
  /**
   * Every page renders as inside the theme editor (request.design_mode); PREVIEW_DESIGN_MODE=1
   * when not given. One page asks for it with ?design_mode=1.
   */
  designMode?: boolean;
  /** The clock of throttles and reset-link expiry; Date.now by default (tests move it). */
  now?: () => number;
  /**
   * Serve HTTPS with HTTP/2 (HTTP/1.1 still answered), as the platform's storefront does: one
   * connection for every request, headers compressed, and browsers then accept brotli. Without
   * it, plain HTTP/1.1. loopbackCertificate() gives a self-signed pair for this machine.
   */
  tls?: { key: string; cert: string };
  /**
   * The proxies in front of the preview (addresses or CIDR ranges, e.g. a tunnel on this
   * machine: ['127.0.0.1']), whose X-Forwarded-For, -Host and -Proto name the client, the host and
   * the scheme; PREVIEW_TRUST_PROXY (comma-separated) when not given. None by default: a direct
   * client, on loopback or not, is counted and answered by what its own connection says.
   */
  trustProxy?: string[];
  /**
   * Host names the preview also answers for, besides the loopback names (localhost, *.localhost,
   * 127.x.x.x, [::1]) and the address a connection reached; PREVIEW_HOST (comma-separated) when
   * not given. Any other Host answers 400.
   */
  hosts?: string[];
  /** A password-protected shop with this password (routes/storefront-password.ts); PREVIEW_PASSWORD when not given. */
  storefrontPassword?: string;
  /** `shop.features.follow_on_shop?` (platform/shop-features.ts); PREVIEW_FOLLOW_ON_SHOP=1 when not given. */
  followOnShop?: boolean;
}

/**
 * A self-signed certificate for localhost and 127.0.0.1 (preview/tls/, valid until 2126), for
 * `tls` on this machine only: a browser must be told to accept it (Playwright's
 * ignoreHTTPSErrors). Its key is public, so it secures nothing beyond the loopback.
 */
export function loopbackCertificate(dir = join(PACKAGE_DIR, 'tls')): { key: string; cert: string } {
  return { key: readFileSync(join(dir, 'loopback-key.pem'), 'utf8'), cert: readFileSync(join(dir, 'loopback-cert.pem'), 'utf8') };
}

export const BODY_LIMIT = 256 * 1024;

export function defaultStoreDir(): string {
  const fromEnv = process.env['PREVIEW_STORE'];
  return fromEnv ? resolve(fromEnv) : FIXTURE_STORE;
}

export async function createPreview(options: PreviewOptions = {}): Promise<FastifyInstance> {
  const themeDir = resolve(options.themeDir ?? 'theme');
  const storeDir = resolve(options.storeDir ?? defaultStoreDir());
  const store: Store = loadStore(storeDir);
  const themeCache = useThemeCache(themeDir);
  const liquid = createLiquid(themeDir, { cache: themeCache.cache ?? false, renderErrors: true });
  parseThemeAhead(liquid, themeDir, store.shop.locales);
  const sessions = new Sessions(store.shop.currencies[0]?.iso_code ?? 'UAH');
  const now = options.now ?? Date.now;
  const trustedProxies = options.trustProxy ?? listFromEnv(process.env['PREVIEW_TRUST_PROXY']);
  const served = servedHosts(options.hosts ?? listFromEnv(process.env['PREVIEW_HOST']));
  // fastify types an HTTP/2 server apart; every route here uses only what both servers share.
  const http2 = options.tls ? ({ http2: true, https: { ...options.tls, allowHTTP1: true } } as unknown as object) : {};
  const app = Fastify({
    ...http2,
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // Throttles count clients by address and pages print the origin: only a configured proxy may
    // name another client, host or scheme (X-Forwarded-*); a direct client, local or not, cannot.
    trustProxy: trustedProxies.length ? trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Addresses the router cannot read (a lone %, an over-long handle) get a plain answer too.
    frameworkErrors: (error, _request, res) => {
      const reply = res as unknown as FastifyReply; // fastify types this reply per route schema; there is none here
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.';
      // Answered before any hook runs: the security headers are set here.
      setSecurityHeaders(reply);
      void reply
        .status(status >= 400 && status < 500 ? status : 400)
        .type('text/plain; charset=utf-8')
        .send(message);
    },
  });
  app.addHook('onClose', async () => themeCache.release());
  // The platform's CDN answers text compressed (brotli or gzip, as the browser accepts), so the
  // preview does too: byte figures and Lighthouse then measure what a shop would serve.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  guardRequests(app, served);
  // A session that got a sign-in or a bag during the request is kept apart from empty ones.
  app.addHook('onResponse', async (request) => sessions.settle(request));
  app.addHook('onSend', async (_request, reply) => {
    setSecurityHeaders(reply);
    encodeHeaderValues(reply);
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 0, files: 0, fields: 200, fieldSize: 16 * 1024, parts: 200 } });

  const preview: PreviewContext = {
    themeDir,
    storeDir,
    liquid,
    accounts: options.accounts ?? accountModeFromEnv(process.env['PREVIEW_ACCOUNTS']),
    designMode: options.designMode ?? process.env['PREVIEW_DESIGN_MODE'] === '1',
    store: () => store,
    customers: new CustomerAccounts(store, now),
    drops: (language, currency) => dropContext(store, language, currency ?? store.shop.currencies[0]?.iso_code ?? 'UAH'),
    session: (request, reply) => sessions.get(request, reply),
    existingSession: (request) => sessions.peek(request),
    renewSession: (request, reply) => sessions.renew(request, reply),
    now,
    origin: originOf,
    pageCache: new PageCache(),
    renderTurns: new RenderTurns(),
    compressedBodies: new CompressedBodies(),
    renderMatch: (request, reply, page) => renderMatch(preview, request, reply, page),
    renderNotFound: (request, reply, language) =>
      renderMatch(preview, request, reply, {
        language,
        match: { template: '404', pageType: '404' },
        path: stripLocale(store, request.url.split('?')[0] ?? '/'),
        drops: preview.drops(language, sessions.get(request, reply).currency),
        status: 404,
      }),
    log: options.log ?? ((line) => console.log(line)),
    shopFeatures: shopFeaturesFrom(options.followOnShop, process.env['PREVIEW_FOLLOW_ON_SHOP']),
  };

  // First: while the shop is locked, its onRequest hook sends every page to /password.
  registerStorefrontPassword(app, preview, storefrontPasswordFrom(options.storefrontPassword, process.env['PREVIEW_PASSWORD']));
  registerAssetRoutes(app, preview);
  registerMediaFiles(app, preview);
  registerPlatformCdnRoutes(app);
  for (const language of store.shop.locales) {
    const prefix = localePrefix(store, language);
    registerPageRoutes(app, preview, language, prefix);
    registerCartRoutes(app, preview, language, prefix);
    registerDiscountRoutes(app, preview, prefix);
    registerCartPermalinkRoutes(app, preview, language, prefix);
    registerCheckoutRoutes(app, preview, language, prefix);
    registerAccountRoutes(app, preview, language, prefix);
    registerLocalizationRoutes(app, preview, language, prefix);
    registerRecommendationRoutes(app, preview, language, prefix);
    registerPredictiveSearchRoutes(app, preview, language, prefix);
    registerBlogRoutes(app, preview, language, prefix);
  }

  app.setNotFoundHandler((request, reply) => {
    const language = languageOf(store, request.url);
    return preview.renderNotFound(request, reply, language);
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A malformed multipart body fails inside the parser without a status: it is the client's error.
    const unreadableForm = !error.statusCode && /multipart|boundary/i.test(error.message);
    const status = unreadableForm ? 400 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // A theme or preview error is the developer's to see, even without the request log.
    if (status >= 500) preview.log(`[preview] ${request.method} ${request.url.slice(0, 200)} failed: ${error.stack ?? error.message}`);
    const message = status >= 500 ? 'Internal error' : clientMessage(error, status);
    // Platform-style JSON for the API paths, a short text answer for pages and forms.
    // A script asking a form address for JSON (Dawn's cart calls) gets its errors as JSON too.
    if (wantsJson(request.url) || asksForScriptAnswer(request)) {
      const statusField = status === 400 ? 'bad_request' : status;
      return reply
        .status(status)
        .type('application/json; charset=utf-8')
        .send({ status: statusField, message, description: status >= 500 ? error.message : message });
    }
    return reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? `Preview error: ${error.message}` : message);
  });
  return app;
}

/** As the platform's storefront: no type sniffing, and no framing by another site (clickjacking). */
function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'none'");
}

/** What a shopper's client is told for a 4xx raised by fastify's parsers: plain words, no codes. */
function clientMessage(error: Error & { code?: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is too large (at most ${BODY_LIMIT / 1024} KB).`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON, a URL-encoded form or multipart form data.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length.';
    default:
      if (status === 413) return `The request body is too large (at most ${BODY_LIMIT / 1024} KB).`;
      if (
        /^FST_(INVALID_MULTIPART|PARTS_LIMIT|FIELDS_LIMIT|FILES_LIMIT|REQ_FILE_TOO_LARGE|PROTO_VIOLATION)/.test(error.code ?? '') ||
        /multipart/i.test(error.message)
      ) {
        return 'The form data could not be read.';
      }
      return error.message;
  }
}

/** AJAX paths (*.js, *.json, recommendations) answer errors as the platform's JSON. */
function wantsJson(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /\.(js|json)$/.test(path) || path.includes('/recommendations/');
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

/** Form results that travel in the URL after a redirect (`?customer_posted=true`), as on the platform. */
function formResultsFromQuery(query: URLSearchParams): Record<string, FormResult> {
  const results: Record<string, FormResult> = {};
  if (query.get('customer_posted') === 'true') results['customer'] = { errors: [], postedSuccessfully: true, values: {} };
  if (query.get('contact_posted') === 'true') results['contact'] = { errors: [], postedSuccessfully: true, values: {} };
  return results;
}

/**
 * A flash left by a form post is shown once, on the next full page: the page the browser is sent
 * back to. A script's request of the same session (an alternate view such as a list index, a
 * section, a theme JSON endpoint, any fetch) must not take it on the way, or a shopper whose old
 * page was still fetching when she posted never sees her form's error.
 */
function takesFlash(request: FastifyRequest, query: URLSearchParams, isSectionRequest: boolean, isJson: boolean): boolean {
  const destination = request.headers['sec-fetch-dest'];
  const isDocument = destination === undefined || destination === 'document' || destination === 'iframe';
  return isDocument && !isSectionRequest && !isJson && query.get('view') === null;
}

function takeFlash(session: Session): Record<string, FormResult> {
  const flash = session.flash;
  if (!flash) return {};
  session.flash = null;
  return { [flash.formType]: flash.result };
}

const CUSTOMER_TITLES: Record<string, string> = {
  'customers/account': 'page_titles.account',
  'customers/login': 'page_titles.account',
  'customers/register': 'page_titles.create_account',
  'customers/reset_password': 'page_titles.reset_account',
  'customers/activate_account': 'page_titles.account',
  'customers/addresses': 'page_titles.addresses',
};

/** The platform's page_title: the resource's title, or its own title for system pages. */
function pageTitle(store: Store, language: string, pageType: string, objects: Record<string, unknown>): string {
  const titled = (objects['product'] ?? objects['collection'] ?? objects['page'] ?? objects['article'] ?? objects['blog']) as { title?: string } | undefined;
  if (titled?.title) return titled.title;
  const search = objects['search'] as { performed?: boolean; results_count?: number; terms?: string } | undefined;
  if (pageType === 'search') {
    // The terms are the shopper's: escaped here, as a layout prints page_title as it is.
    return search?.performed
      ? pluralNotice(language, 'page_titles.search_results', search.results_count ?? 0, { terms: escapeHtml(search.terms ?? '') })
      : notice(language, 'page_titles.search');
  }
  if (pageType === 'list-collections') return notice(language, 'page_titles.collections');
  if (pageType === 'cart') return notice(language, 'page_titles.shopping_cart');
  if (pageType === '404') return notice(language, 'page_titles.not_found');
  const key = CUSTOMER_TITLES[pageType];
  return key ? notice(language, key) : store.shop.name;
}

async function renderMatch(preview: PreviewContext, request: FastifyRequest, reply: FastifyReply, page: PageRequest): Promise<FastifyReply> {
  const store = preview.store();
  const session = preview.session(request, reply);
  const { language, match } = page;
  const prefix = localePrefix(store, language);
  const customer = preview.customers.get(session.customerId);
  if (match.customersOnly && !customer) {
    return reply.redirect(`${prefix}/account/login`, 302);
  }
  if (match.guestsOnly && customer && request.method === 'GET') {
    return reply.redirect(`${prefix}/account`, 302);
  }
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const template = match.forcedView ? match.template : chooseTemplate(preview.themeDir, match.template, match.suffix, query.get('view'));
  const designMode = preview.designMode || query.get('design_mode') === '1';
  const sectionId = query.get('section_id');
  const sectionList = query.get('sections');
  const isSectionRequest = sectionId !== null || sectionList !== null;
  // The theme's JSON endpoints are alternate templates of the page with handle `api`.
  const isJson = template.startsWith('page.') && (match.objects?.['page'] as { handle?: string } | undefined)?.handle === 'api';
  const { translations, fallback, defaultLanguage } = themeTranslations(preview.themeDir, language);
  const currency = session.currency;
  const formResults = {
    ...formResultsFromQuery(query),
    ...(takesFlash(request, query, isSectionRequest, isJson) ? takeFlash(session) : {}),
    ...(page.formResults ?? {}),
  };
  // A list's alternate view (a theme's list index, read page after page): renders in bulk, after
  // any page asked for meanwhile (render-turns.ts).
  const listView = request.method === 'GET' && query.has('view') && !isSectionRequest && (match.pageType === 'collection' || match.pageType === 'search');
  // One the shopper opens as a page (the guest wishlist, /collections/all?view=wishlist) is a page:
  // it must not wait behind another tab's list index.
  const renderPriority = listView && request.headers['sec-fetch-dest'] !== 'document' ? 'bulk' : 'page';
  // The same for every guest: answered from the page cache, as the platform would (page-cache.ts).
  const generation = themeGeneration(preview.themeDir);
  const shared =
    listView &&
    !designMode &&
    !customer &&
    session.cart.lines.length === 0 &&
    Object.keys(formResults).length === 0 &&
    page.status === undefined &&
    match.status === undefined &&
    generation !== null;
  // The origin too: a page may print absolute addresses (canonical_url, shop.url) from it.
  const cacheKey = shared ? `${generation}|${session.currency}|${preview.origin(request)}|${request.url}` : null;
  const kept = cacheKey ? preview.pageCache.peek(cacheKey) : undefined;
  if (cacheKey && kept) {
    reply.status(200).header('content-language', language).type('text/html; charset=utf-8');
    return sendKept(request, reply, preview.compressedBodies, cacheKey, await kept);
  }
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
    formResults,
    allProductsSeen: page.drops.allProductsSeen,
    sectionCounter: { value: 0 },
    drops: page.drops,
    designMode,
  };
  const origin = preview.origin(request);
  const extra = match.objects ?? {};
  const objects = platformGlobals({
    store,
    session,
    customer,
    language,
    path: page.path,
    query,
    pageType: match.pageType,
    template,
    // The merchant's setting matches the shop's accounts (the theme's merchant guide: Customer accounts).
    themeSettings: { ...themeSettings(preview.themeDir), customer_accounts: preview.accounts },
    settingsSchema: themeSettingsSource(preview.themeDir).schema,
    extra: { page_title: pageTitle(store, language, match.pageType, extra), ...extra },
    origin,
    drops: page.drops,
    designMode,
    shopFeatures: preview.shopFeatures,
  });
  // With today's accounts the platform adds its account component's script to every page.
  if (preview.accounts === 'current')
    objects['content_for_header'] = `${String(objects['content_for_header'] ?? '')}\n${accountComponentHead(store, customer, language)}`;
  // The theme's {% stylesheet %} / {% javascript %} bundles, loaded on every page (compiled-assets.ts).
  const compiled = compiledAssetTags(preview.themeDir);
  if (compiled) objects['content_for_header'] = `${String(objects['content_for_header'] ?? '')}\n${compiled}`;
  const render: PageRender = { template, objects, request: renderRequest };
  if (isSectionRequest) return renderSections(preview, reply, render, sectionId, sectionList);
  try {
    const renderInTurn = () => preview.renderTurns.take(() => renderPage(preview.liquid, render), renderPriority);
    const html = cacheKey ? await preview.pageCache.get(cacheKey, renderInTurn) : await renderInTurn();
    // A customer's own pages (and the customer endpoint) are not kept by browsers or proxies:
    // after signing out, Back must ask again rather than show them (a shared device).
    if (match.customersOnly || (isJson && customer)) reply.header('cache-control', 'private, no-store');
    const preloads = preloadHeader(render.request);
    if (preloads) reply.header('link', preloads);
    reply
      .status(page.status ?? match.status ?? 200)
      .header('content-language', language)
      .type(isJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
    return cacheKey ? sendKept(request, reply, preview.compressedBodies, cacheKey, html) : reply.send(html);
  } catch (error) {
    if (error instanceof TemplateNotFound && match.template !== '404') {
      return preview.renderNotFound(request, reply, language);
    }
    throw error;
  }
}

/** The Section Rendering API: ?section_id= answers raw HTML (404 if unknown), ?sections= JSON. */
async function renderSections(
  preview: PreviewContext,
  reply: FastifyReply,
  render: PageRender,
  sectionId: string | null,
  sectionList: string | null,
): Promise<FastifyReply> {
  if (sectionId !== null) {
    const html = await preview.renderTurns.take(() => renderSectionById(preview.liquid, render, sectionId));
    if (html === null)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(`Section not found: ${sectionId.slice(0, 100)}`);
    return reply.type('text/html; charset=utf-8').send(html);
  }
  const parsed = parseSectionList(sectionList);
  if ('error' in parsed) {
    return reply.status(400).type('application/json; charset=utf-8').send({ status: 400, message: 'Bad Request', description: parsed.error });
  }
  const result: Record<string, string | null> = {};
  for (const id of parsed.ids) result[id] = await preview.renderTurns.take(() => renderSectionById(preview.liquid, render, id));
  return reply.type('application/json; charset=utf-8').send(result);
}

/** `node preview/server.ts`-style entry used by `npm start` after the build. */
export async function startPreview(port = Number(process.env['PORT'] || 9292), host = '127.0.0.1'): Promise<FastifyInstance> {
  // PREVIEW_THEME serves another theme folder (any platform theme) against the same store.
  const app = await createPreview({
    themeDir: process.env['PREVIEW_THEME'] || undefined,
    logger: process.env['PREVIEW_LOG'] === '1',
    // PREVIEW_HTTPS=1: HTTPS and HTTP/2 with the loopback certificate, as a shop is served.
    ...(process.env['PREVIEW_HTTPS'] === '1' ? { tls: loopbackCertificate() } : {}),
  });
  await app.listen({ port, host });
  return app;
}
