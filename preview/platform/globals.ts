import type { FixtureCustomer, Store } from '../store/types.js';
import type { ShopFeatures } from './shop-features.js';
import { localize } from '../store/load-store.js';
import { escapeHtml, platformJson } from '../liquid/escape.js';
import { CollectionDrop, CustomerDrop, LookupDrop, PageDrop, ProductDrop, storefrontUrl, text, type DropContext } from './drops.js';
import { liquidCart, type CartState } from './cart.js';
import type { FormResult } from '../liquid/context.js';
import { emptyRecommendations } from './recommendations.js';
import { resolveSettings, type SettingSchema } from './settings.js';
import { allProductsCollection } from './all-products.js';
import { pageGlobals } from './page-globals.js';
import { MetaobjectsDrop } from './metafields.js';
import { countryObject, marketOfCurrency, markets } from './markets.js';
import { notice } from './notices.js';

export interface Session {
  id: string;
  cart: CartState;
  customerId: number | null;
  currency: string;
  /** What a form post left for the next page this browser renders (errors, echoed values). */
  flash?: { formType: string; result: FormResult } | null;
}

export interface RequestFacts {
  store: Store;
  session: Session;
  /** The signed-in customer (from the preview's accounts), or null for a guest. */
  customer: FixtureCustomer | null;
  language: string;
  path: string; // without the locale prefix
  /** The request's query (page number…). */
  query?: URLSearchParams;
  pageType: string;
  template: string;
  themeSettings: Record<string, unknown>;
  /** The theme settings' schema: with it, `settings` holds typed objects (colours, fonts, resources). */
  settingsSchema?: SettingSchema[];
  /** Objects the route adds: product, collection, page, search, recommendations… */
  extra?: Record<string, unknown>;
  origin: string;
  drops: DropContext;
  /** The page renders as inside the theme editor (request.design_mode, Shopify.designMode). */
  designMode?: boolean;
  /** `shop.features` (platform/shop-features.ts); all off when not given. */
  shopFeatures?: ShopFeatures;
}

const LANGUAGE_NAMES: Record<string, { name: string; endonym: string }> = {
  uk: { name: 'Ukrainian', endonym: 'Українська' },
  en: { name: 'English', endonym: 'English' },
};

export function localePrefix(store: Store, language: string): string {
  return language === store.shop.primary_locale ? '' : `/${language}`;
}

export function dropContext(store: Store, language: string, currency: string): DropContext {
  return { store, language, currency, localePrefix: localePrefix(store, language), allProductsSeen: new Set() };
}

function shopLocale(store: Store, iso: string) {
  const names = LANGUAGE_NAMES[iso] ?? { name: iso, endonym: iso };
  const primary = iso === store.shop.primary_locale;
  return { iso_code: iso, name: names.name, endonym_name: names.endonym, primary, root_url: primary ? '/' : `/${iso}` };
}

function routes(prefix: string): Record<string, string> {
  const r = (path: string): string => `${prefix}${path}`;
  return {
    root_url: prefix || '/',
    account_url: r('/account'),
    account_login_url: r('/account/login'),
    account_logout_url: r('/account/logout'),
    account_recover_url: r('/account/recover'),
    account_register_url: r('/account/register'),
    account_addresses_url: r('/account/addresses'),
    collections_url: r('/collections'),
    all_products_collection_url: r('/collections/all'),
    search_url: r('/search'),
    predictive_search_url: r('/search/suggest'),
    cart_url: r('/cart'),
    cart_add_url: r('/cart/add'),
    cart_change_url: r('/cart/change'),
    cart_clear_url: r('/cart/clear'),
    cart_update_url: r('/cart/update'),
    product_recommendations_url: r('/recommendations/products'),
    account_profile_url: r('/account/profile'),
    storefront_login_url: r('/password'),
  };
}

interface LinkFixture {
  title: unknown;
  url: string;
  links?: LinkFixture[];
}

export function linkObject(ctx: DropContext, link: LinkFixture, currentPath: string, level: number): Record<string, unknown> {
  const url = storefrontUrl(ctx, link.url);
  const links = (link.links ?? []).map((child) => linkObject(ctx, child, currentPath, level + 1));
  const current = link.url === currentPath;
  return {
    title: text(ctx, link.title as never),
    url,
    links,
    levels: links.length ? 1 + Math.max(0, ...links.map((l) => Number(l['levels']) || 0)) : 0,
    current,
    active: current,
    child_current: links.some((l) => l['current']),
    child_active: links.some((l) => l['active'] || l['child_active']),
    handle: String(text(ctx, link.title as never))
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-'),
    type: link.url.startsWith('/collections')
      ? 'collection_link'
      : link.url.startsWith('/pages')
        ? 'page_link'
        : link.url.startsWith('/products')
          ? 'product_link'
          : 'http_link',
    object: linkedObject(ctx, link.url),
    data_sharing_opt_out_icon: '',
  };
}

/** The resource a menu link points at (link.object): a collection, product or page, else nil. */
function linkedObject(ctx: DropContext, url: string): unknown {
  const [, kind, handle] = /^\/(collections|products|pages)\/([^/?#]+)$/.exec(url) ?? [];
  if (!kind || !handle) return null;
  if (kind === 'collections') {
    const raw = ctx.store.collectionsByHandle.get(handle) ?? (handle === 'all' ? allProductsCollection(ctx.store) : undefined);
    return raw ? new CollectionDrop(ctx, raw) : null;
  }
  if (kind === 'products') {
    const raw = ctx.store.productsByHandle.get(handle);
    return raw ? new ProductDrop(ctx, raw) : null;
  }
  const raw = ctx.store.pagesByHandle.get(handle);
  return raw ? new PageDrop(ctx, raw) : null;
}

/** Every global object a platform template sees, for one request. */
export function platformGlobals(facts: RequestFacts): Record<string, unknown> {
  const { store, session, language } = facts;
  const ctx = facts.drops;
  const prefix = ctx.localePrefix;
  const currencies = store.shop.currencies;
  const customer = facts.customer ? new CustomerDrop(ctx, facts.customer) : null;
  const cart = liquidCart(ctx, session.cart);
  const languages = store.shop.locales.map((iso) => shopLocale(store, iso));
  const currentLanguage = shopLocale(store, language);
  const countries = markets(store).map((market) => countryObject(store, market, language, languages));
  const market = marketOfCurrency(store, session.currency);
  const country = countries.find((c) => c['iso_code'] === market?.country) ?? countries[0] ?? null;
  const [directory, name] = facts.template.includes('/') ? facts.template.split('/') : [null, facts.template];
  const [templateName, suffix] = String(name).split('.');

  function menuObject(handle: string): Record<string, unknown> | undefined {
    const menu = store.menus[handle];
    if (!menu) return undefined;
    const links = menu.links.map((l) => linkObject(ctx, l as LinkFixture, facts.path, 1));
    return { handle, title: text(ctx, menu.title), links, levels: links.length ? 1 + Math.max(0, ...links.map((l) => Number(l['levels']) || 0)) : 0 };
  }

  return {
    ...pageGlobals(facts),
    shop: {
      name: store.shop.name,
      email: store.shop.email,
      domain: store.shop.domain,
      url: facts.origin,
      secure_url: facts.origin,
      permanent_domain: store.shop.domain,
      locale: store.shop.primary_locale,
      currency: currencies[0]?.iso_code,
      money_format: store.shop.money_format[session.currency],
      money_with_currency_format: store.shop.money_with_currency_format[session.currency],
      enabled_currencies: currencies.map((c) => ({ iso_code: c.iso_code, symbol: c.symbol, name: c.iso_code })),
      published_locales: languages,
      types: [...new Set(store.products.map((p) => p.type).filter(Boolean))].sort(),
      vendors: [...new Set(store.products.map((p) => p.vendor).filter(Boolean))].sort(),
      products_count: store.products.length,
      collections_count: store.collections.length,
      description: '',
      metafields: {},
      id: 1,
      phone: '',
      password_message: '',
      address: { address1: '', city: 'Kyiv', country: 'Ukraine', country_code: 'UA', zip: '', summary: 'Kyiv, Ukraine' },
      customer_accounts_enabled: true,
      customer_accounts_optional: true,
      // What the payment icons of a shop in Ukraine show; the preview takes no payments.
      enabled_payment_types: ['visa', 'master', 'apple_pay', 'google_pay'],
      policies: [],
      refund_policy: null,
      shipping_policy: null,
      privacy_policy: null,
      terms_of_service: null,
      subscription_policy: null,
      search_types: ['product', 'page', 'article'],
      accepts_gift_cards: false,
      brand: null,
      // Deprecated properties the platform still answers.
      enabled_locales: languages,
      taxes_included: false,
      metaobjects: new MetaobjectsDrop(ctx),
      features: facts.shopFeatures ?? { 'follow_on_shop?': false },
    },
    request: {
      locale: currentLanguage,
      path: `${prefix}${facts.path}` || '/',
      page_type: facts.pageType,
      host: store.shop.domain,
      origin: facts.origin,
      design_mode: facts.designMode === true,
      visual_preview_mode: false,
    },
    routes: routes(prefix),
    localization: {
      available_languages: languages,
      language: currentLanguage,
      available_countries: countries,
      country,
      market: country?.['market'] ?? null,
    },
    settings: facts.settingsSchema ? resolveSettings(facts.settingsSchema, facts.themeSettings, { drops: ctx, linklist: menuObject }) : facts.themeSettings,
    linklists: new LookupDrop(menuObject, () => Object.keys(store.menus).map((handle) => menuObject(handle)!)),
    pages: new LookupDrop(
      (handle) => {
        const page = store.pagesByHandle.get(handle);
        return page ? new PageDrop(ctx, page) : undefined;
      },
      () => store.pages.map((p) => new PageDrop(ctx, p)),
    ),
    collections: new LookupDrop(
      (handle) => {
        const collection = store.collectionsByHandle.get(handle) ?? (handle === 'all' ? allProductsCollection(store) : undefined);
        return collection ? new CollectionDrop(ctx, collection) : undefined;
      },
      () => store.collections.map((c) => new CollectionDrop(ctx, c)),
    ),
    all_products: new LookupDrop(
      (handle) => {
        const product = store.productsByHandle.get(handle);
        if (!product) return undefined;
        ctx.allProductsSeen.add(handle);
        if (ctx.allProductsSeen.size > 20) return undefined;
        return new ProductDrop(ctx, product);
      },
      () => store.products.map((p) => new ProductDrop(ctx, p)),
    ),
    cart,
    customer,
    recommendations: emptyRecommendations(),
    template: { name: templateName, suffix: suffix ?? null, directory },
    content_for_header: contentForHeader(
      store,
      language,
      prefix,
      session.currency,
      String(country?.['iso_code'] ?? ''),
      facts.template,
      facts.designMode === true,
    ),
    canonical_url: `${facts.origin}${prefix}${facts.path}`,
    page_title: store.shop.name,
    page_description: '',
    // The platform's link, in the shop's language (a theme prints it in its footer).
    powered_by_link: `<a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">${escapeHtml(notice(language, 'powered_by'))}</a>`,
    ...facts.extra,
  };
}

/** What content_for_header defines on a live shop that theme scripts rely on (window.Shopify). */
function contentForHeader(store: Store, language: string, prefix: string, currency: string, country: string, template: string, designMode: boolean): string {
  const shopify = {
    shop: store.shop.domain,
    locale: language,
    // The rate converts an amount in the shop's currency into the active one (a theme converts a
    // threshold set in the shop's currency with it); the platform writes it as a decimal string.
    currency: { active: currency, rate: String(store.shop.currencies.find((c) => c.iso_code === currency)?.rate ?? 1) },
    country,
    theme: { name: 'Storefront', id: 1, role: 'main' },
    routes: { root: `${prefix}/` },
    preview: true,
    template,
    // Inside the theme editor the platform says so to theme scripts.
    ...(designMode ? { designMode: true } : {}),
  };
  return `<script id="shopify-features" type="application/json">{"preview":true}</script>\n<script>window.Shopify = ${platformJson(shopify)};</script>`;
}

export { ProductDrop, CollectionDrop, PageDrop, localize };
