import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { COLLECTION_SORTS, CollectionDrop, PageDrop, ProductDrop, type DropContext } from '../platform/drops.js';
import { SearchDrop } from '../platform/search.js';
import { ArticleDrop, BlogDrop, CommentDrop } from '../platform/blogs.js';
import { PredictiveSearchDrop, predictiveQuery } from '../platform/predictive-search.js';
import { requestedOptionValues } from '../platform/option-values.js';
import { cachedFromTheme } from '../liquid/theme-cache.js';
import type { FixtureCollection } from '../store/types.js';
import { findPlan } from '../platform/selling-plans.js';
import { giftCardByToken, giftCardObject } from '../platform/gift-cards.js';

/** What a storefront path renders: a template (before ?view=), its page type and objects. */
export interface PageMatch {
  template: string;
  pageType: string;
  objects?: Record<string, unknown>;
  status?: number;
  /** Account pages refuse guests, as the platform does, with a redirect to sign in. */
  customersOnly?: boolean;
  /** Sign-in and sign-up pages send a signed-in customer to /account, as the platform does. */
  guestsOnly?: boolean;
  /** The resource's own template_suffix, used when no ?view= names an alternate. */
  suffix?: string | null;
  /** The spec's /pages/api/<view> paths name the alternate in the path itself. */
  forcedView?: boolean;
  /** Where the platform sends this request instead (a path of the same language). */
  redirect?: string;
}

type Resolver = (params: Record<string, string>, app: PreviewContext, drops: DropContext, query: URLSearchParams) => PageMatch | null;

function allProductsCollection(app: PreviewContext): FixtureCollection {
  const store = app.store();
  return (
    store.collectionsByHandle.get('all') ??
    ({
      id: 1,
      handle: 'all',
      title: { uk: 'Усі товари', en: 'All products' },
      description: '',
      image: null,
      sort_order: 'manual',
      products: store.products.map((p) => p.handle),
      metafields: {},
    } as unknown as FixtureCollection)
  );
}

const ROUTES: [string, Resolver][] = [
  ['/', () => ({ template: 'index', pageType: 'index' })],
  ['/collections', () => ({ template: 'list-collections', pageType: 'list-collections' })],
  [
    '/collections/:handle',
    ({ handle = '' }, app, drops, query) => {
      const store = app.store();
      const raw = handle === 'all' ? allProductsCollection(app) : store.collectionsByHandle.get(handle);
      if (!raw) return null;
      const collection = new CollectionDrop(drops, raw);
      collection.query = query;
      // ?sort_by= reorders the products before the page window, as on the platform.
      const sortBy = query.get('sort_by');
      if (sortBy && (COLLECTION_SORTS as readonly string[]).includes(sortBy)) collection.sortBy = sortBy;
      return { template: 'collection', pageType: 'collection', objects: { collection }, suffix: raw.template_suffix };
    },
  ],
  ['/collections/:collection/products/:handle', (params, app, drops, query) => productMatch(params['handle'] ?? '', app, drops, query)],
  ['/products/:handle', ({ handle = '' }, app, drops, query) => productMatch(handle, app, drops, query)],
  // Spec §2: /pages/our-story has the alias /en/pages/story (registered under both prefixes;
  // a static path wins over /pages/:handle).
  ['/pages/story', (_params, app, drops) => pageMatch('our-story', app, drops)],
  ['/pages/:handle', ({ handle = '' }, app, drops) => pageMatch(handle, app, drops)],
  // Spec §7's /pages/api/<name> is the page `api` with its alternate template page.api-<name>
  // (on a live shop: /pages/api?view=api-<name>; pages have no sub-paths there).
  [
    '/pages/api/:view',
    ({ view = '' }, app, drops) => {
      const match = pageMatch('api', app, drops);
      if (!match || !/^[a-z0-9-]{1,64}$/.test(view)) return null;
      return { ...match, template: `page.api-${view}`, forcedView: true };
    },
  ],
  // Blogs: the blog's articles (newest first), those with a tag, and one article.
  ['/blogs/:blog', ({ blog = '' }, app, drops) => blogMatch(blog, null, app, drops)],
  ['/blogs/:blog/tagged/:tag', ({ blog = '', tag = '' }, app, drops) => blogMatch(blog, tag, app, drops)],
  [
    '/blogs/:blog/:article',
    ({ blog: blogHandle = '', article: handle = '' }, app, drops, query) => {
      const raw = app.store().blogsByHandle.get(blogHandle);
      const article = raw?.articles.find((a) => a.handle === handle);
      if (!raw || !article) return null;
      const blog = new BlogDrop(drops, raw);
      blog.current = article;
      const drop = new ArticleDrop(drops, raw, article);
      // After a comment is posted the address names it (?comment=<id>): the page's `comment` is it.
      const posted = article.comments.find((c) => String(c.id) === query.get('comment') && (c.status === 'unapproved' || c.status === 'published'));
      const objects: Record<string, unknown> = { blog, article: drop };
      if (posted) objects['comment'] = new CommentDrop(drops, posted, drop.url);
      return { template: 'article', pageType: 'article', objects, suffix: article.template_suffix };
    },
  ],
  ['/search', (_params, _app, drops, query) => ({ template: 'search', pageType: 'search', objects: { search: new SearchDrop(drops, query) } })],
  // The Predictive Search API's HTML: with ?section_id=, the section with `predictive_search`.
  [
    '/search/suggest',
    (_params, _app, drops, query) => ({
      template: 'search',
      pageType: 'search',
      objects: { search: new SearchDrop(drops, query), predictive_search: new PredictiveSearchDrop(drops, predictiveQuery(query)) },
    }),
  ],
  ['/cart', () => ({ template: 'cart', pageType: 'cart' })],
  // /variants/<id> leads to the variant on its product's page; with ?section_id= (pickup
  // availability in Dawn) or ?sections= it renders that product with the variant selected.
  [
    '/variants/:id',
    ({ id = '' }, app, drops, query) => {
      const variantId = /^\d{1,18}$/.test(id) ? Number(id) : Number.NaN;
      const raw = app.store().productByVariantId.get(variantId);
      if (!raw) return null;
      if (!query.has('section_id') && !query.has('sections')) {
        return { template: 'product', pageType: 'product', redirect: `/products/${raw.handle}?variant=${variantId}` };
      }
      const product = new ProductDrop(drops, raw);
      product.selectedVariantId = variantId;
      // The section reads the variant as `product_variant` (Dawn's pickup-availability does).
      return { template: 'product', pageType: 'product', objects: { product, product_variant: product.selected_variant }, suffix: raw.template_suffix };
    },
  ],
  // An issued gift card's page (on the platform under checkout.shopify.com/gift_cards/<shop>/<token>).
  [
    '/gift_cards/:token',
    ({ token = '' }, app, drops) => {
      const card = giftCardByToken(app.store(), token);
      if (!card) return null;
      const gift_card = giftCardObject(drops, card, new Date().toISOString().slice(0, 10), `${drops.localePrefix}/gift_cards/${card.token}`);
      return { template: 'gift_card', pageType: 'gift_card', objects: { gift_card }, suffix: card.template_suffix };
    },
  ],
  ['/account', () => ({ template: 'customers/account', pageType: 'customers/account', customersOnly: true })],
  ['/account/orders', () => ({ template: 'customers/account', pageType: 'customers/account', customersOnly: true })],
  ['/account/wishlist', () => ({ template: 'customers/account.wishlist', pageType: 'customers/account', customersOnly: true })],
  ['/account/personal-details', () => ({ template: 'customers/account.personal-details', pageType: 'customers/account', customersOnly: true })],
  ['/account/addresses', () => ({ template: 'customers/addresses', pageType: 'customers/addresses', customersOnly: true })],
  ['/account/login', () => ({ template: 'customers/login', pageType: 'customers/login', guestsOnly: true })],
  ['/account/register', () => ({ template: 'customers/register', pageType: 'customers/register', guestsOnly: true })],
  // Customer ids are numbers on the platform: any other id is an unknown page.
  // A used, expired or wrong link goes where the platform sends it, not to a form that cannot work.
  [
    '/account/reset/:id/:token',
    ({ id = '', token = '' }, app, _drops, query) => {
      if (!/^\d{1,18}$/.test(id)) return null;
      const successView = query.get('recovered') === 'true' && app.customers.wasResetTokenUsed(id, token);
      if (!successView && !app.customers.checkResetToken(id, token))
        return { template: 'customers/reset_password', pageType: 'customers/reset_password', redirect: '/account/invalid_token' };
      return { template: 'customers/reset_password', pageType: 'customers/reset_password' };
    },
  ],
  [
    '/account/activate/:id/:token',
    ({ id = '' }) => (/^\d{1,18}$/.test(id) ? { template: 'customers/activate_account', pageType: 'customers/activate_account' } : null),
  ],
];

function blogMatch(handle: string, tag: string | null, app: PreviewContext, drops: DropContext): PageMatch | null {
  const raw = app.store().blogsByHandle.get(handle);
  if (!raw) return null;
  const blog = new BlogDrop(drops, raw);
  blog.tag = tag;
  return { template: 'blog', pageType: 'blog', objects: tag ? { blog, current_tags: [tag] } : { blog }, suffix: raw.template_suffix };
}

function productMatch(handle: string, app: PreviewContext, drops: DropContext, query: URLSearchParams): PageMatch | null {
  const raw = app.store().productsByHandle.get(handle);
  if (!raw) return null;
  const product = new ProductDrop(drops, raw);
  const variant = Number(query.get('variant'));
  if (Number.isInteger(variant)) product.selectedVariantId = variant;
  // ?selling_plan= selects one of the product's plans; another id selects nothing.
  const plan = Number(query.get('selling_plan'));
  if (Number.isInteger(plan) && findPlan(app.store(), raw, plan)) product.selectedSellingPlanId = plan;
  product.selectedValues = requestedOptionValues(raw, query.get('option_values'));
  return { template: 'product', pageType: 'product', objects: { product }, suffix: raw.template_suffix };
}

function productJson(reply: FastifyReply, app: PreviewContext, drops: DropContext, handle: string): FastifyReply {
  const raw = app.store().productsByHandle.get(handle);
  if (!raw) return reply.status(404).type('application/json; charset=utf-8').send({ status: 404, message: 'Not Found', description: 'Not Found' });
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(new ProductDrop(drops, raw).toLiquidJSON()));
}

function pageMatch(handle: string, app: PreviewContext, drops: DropContext): PageMatch | null {
  const raw = app.store().pagesByHandle.get(handle);
  if (!raw) return null;
  return { template: 'page', pageType: 'page', objects: { page: new PageDrop(drops, raw) }, suffix: raw.template_suffix };
}

/** The template a request renders: ?view= picks an alternate when it exists, else a resource's suffix. */
export function chooseTemplate(themeDir: string, base: string, suffix: string | null | undefined, view: string | null): string {
  const exists = (name: string): boolean =>
    cachedFromTheme(
      themeDir,
      `template-exists:${name}`,
      () => existsSync(join(themeDir, 'templates', `${name}.json`)) || existsSync(join(themeDir, 'templates', `${name}.liquid`)),
    );
  if (view && /^[\w-]{1,64}$/.test(view) && exists(`${base}.${view}`)) return `${base}.${view}`;
  if (suffix && exists(`${base}.${suffix}`)) return `${base}.${suffix}`;
  return base;
}

export function registerPageRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  for (const [path, resolve] of ROUTES) {
    // With today's accounts /account… are the platform's hosted pages (routes/hosted-accounts.ts).
    if (preview.accounts === 'current' && path.startsWith('/account')) continue;
    app.get(`${prefix}${path === '/' && prefix ? '' : path}`, async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Record<string, string>;
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const drops = preview.drops(language, preview.session(request, reply).currency);
      // The AJAX Product API: /products/<handle>.js answers the product's JSON, prices in the
      // shopper's currency.
      if (path === '/products/:handle' && params['handle']?.endsWith('.js')) return productJson(reply, preview, drops, params['handle'].slice(0, -3));
      const match = resolve(params, preview, drops, query);
      if (!match) return preview.renderNotFound(request, reply, language);
      if (match.redirect) return reply.redirect(`${prefix}${match.redirect}`, 302);
      const concretePath = path.replace(/:(\w+)/g, (_m, k: string) => params[k] ?? '');
      return preview.renderMatch(request, reply, { language, match, path: concretePath, drops });
    });
  }
}
