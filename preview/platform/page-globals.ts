import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestFacts } from './globals.js';
import { LookupDrop, imageObject, type ImageObject } from './drops.js';
import { MetaobjectsDrop } from './metafields.js';
import { allArticles, BlogDrop } from './blogs.js';
import { imageSize } from '../store/image-size.js';
import { escapeHtml } from '../liquid/escape.js';

// Global objects of the platform that the core globals (shop, request, cart…) do not cover:
// what a page knows about itself (handle, current_page, page_image, closest), the store's
// content lists (blogs, articles, images, metaobjects) and the checkout stand-ins.

/** Countries the preview offers in address forms: the shop ships to these. */
const SHIPPING_COUNTRIES = ['UA', 'PL', 'DE', 'CZ', 'SK', 'RO', 'MD', 'LT', 'LV', 'EE', 'GB', 'US', 'CA', 'FR', 'IT', 'ES', 'NL', 'AT'];
const ALL_COUNTRIES = [...SHIPPING_COUNTRIES, 'AU', 'BE', 'BG', 'CH', 'DK', 'FI', 'GE', 'GR', 'HR', 'HU', 'IE', 'IL', 'JP', 'KZ', 'NO', 'PT', 'SE', 'SI', 'TR'];

/** The first-level divisions the address form lists for a country (the platform's data-provinces). */
const PROVINCES: Record<string, string[]> = {
  UA: [
    'Kyiv',
    'Kyiv Oblast',
    'Lviv Oblast',
    'Odesa Oblast',
    'Kharkiv Oblast',
    'Dnipropetrovsk Oblast',
    'Zakarpattia Oblast',
    'Ivano-Frankivsk Oblast',
    'Vinnytsia Oblast',
    'Poltava Oblast',
  ],
  US: ['California', 'New York', 'Texas', 'Washington'],
  CA: ['Ontario', 'Quebec', 'British Columbia'],
};

/** Region names in Ukrainian: the platform labels a country's regions in the page's language. */
const PROVINCE_LABELS_UK: Record<string, string> = {
  Kyiv: 'Київ',
  'Kyiv Oblast': 'Київська область',
  'Lviv Oblast': 'Львівська область',
  'Odesa Oblast': 'Одеська область',
  'Kharkiv Oblast': 'Харківська область',
  'Dnipropetrovsk Oblast': 'Дніпропетровська область',
  'Zakarpattia Oblast': 'Закарпатська область',
  'Ivano-Frankivsk Oblast': 'Івано-Франківська область',
  'Vinnytsia Oblast': 'Вінницька область',
  'Poltava Oblast': 'Полтавська область',
};

const optionCache = new Map<string, string>();

/** The <option> list for a country select, per language (made once: it never changes). */
function countryOptions(codes: string[], language: string): string {
  const key = `${language}:${codes.join(',')}`;
  let options = optionCache.get(key);
  if (options === undefined) {
    options = makeCountryOptions(codes, language);
    optionCache.set(key, options);
  }
  return options;
}

function makeCountryOptions(codes: string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code, value: english.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, language))
    .map(({ code, name, value }) => {
      // [the name the platform stores, the name the shopper reads]
      const provinces = (PROVINCES[code] ?? []).map((p) => [p, (language === 'uk' && PROVINCE_LABELS_UK[p]) || p]);
      return `<option value="${escapeHtml(value)}" data-provinces="${escapeHtml(JSON.stringify(provinces))}">${escapeHtml(name)}</option>`;
    })
    .join('\n');
}

/** Every image file of the store (`images['name.jpg']`), as the platform's `images` global. */
function storeImages(facts: RequestFacts): LookupDrop<ImageObject> {
  const ctx = facts.drops;
  const dir = ctx.store.imagesDir;
  const image = (name: string): ImageObject | undefined => {
    if (name.includes('/') || name.includes('..')) return undefined;
    const size = imageSize(join(dir, name));
    return size ? imageObject(ctx, name, size.width, size.height, null) : undefined;
  };
  return new LookupDrop(image, () => {
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => /\.(jpe?g|png|gif|webp)$/i.test(f))
        .sort();
    } catch {
      files = [];
    }
    return files.map((f) => image(f)).filter((i): i is ImageObject => !!i);
  });
}

interface Resource {
  handle?: string;
  featured_image?: ImageObject | null;
  image?: ImageObject | null;
}

function blogByHandle(facts: RequestFacts, handle: string): BlogDrop | undefined {
  const raw = facts.store.blogsByHandle.get(handle);
  return raw ? new BlogDrop(facts.drops, raw) : undefined;
}

/** The shop's social sharing image (Online Store → Preferences), or null. */
function socialSharingImage(facts: RequestFacts): ImageObject | null {
  const name = facts.store.shop.social_sharing_image;
  if (!name) return null;
  const size = imageSize(join(facts.drops.store.imagesDir, name));
  return size ? imageObject(facts.drops, name, size.width, size.height, null) : null;
}

export function pageGlobals(facts: RequestFacts): Record<string, unknown> {
  const extra = facts.extra ?? {};
  const resource = (extra['product'] ?? extra['collection'] ?? extra['page'] ?? extra['article'] ?? extra['blog']) as Resource | undefined;
  const pageNumber = Number.parseInt(facts.query?.get('page') ?? '1', 10);
  return {
    handle: resource?.handle ?? null,
    current_page: Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1,
    // nil unless the address names tags (an empty list would be true in Liquid).
    current_tags: null,
    // The resource's featured image, else the shop's social sharing image (shopify.dev: page_image).
    page_image: resource?.featured_image ?? resource?.image ?? socialSharingImage(facts),
    // The objects a dynamic source's `closest.*` reaches from a template of that resource.
    closest: {
      product: extra['product'] ?? null,
      collection: extra['collection'] ?? null,
      page: extra['page'] ?? null,
      article: extra['article'] ?? null,
      blog: extra['blog'] ?? null,
      metaobject: extra['metaobject'] ?? null,
    },
    // blogs['news'] and articles['news/<handle>'], as the platform looks them up.
    blogs: new LookupDrop(
      (handle) => blogByHandle(facts, handle),
      () => facts.store.blogs.map((b) => new BlogDrop(facts.drops, b)),
    ),
    articles: new LookupDrop(
      (key) => allArticles(facts.drops).find((a) => `${a.blog.handle}/${a.handle}` === key),
      () => allArticles(facts.drops),
    ),
    images: storeImages(facts),
    metaobjects: new MetaobjectsDrop(facts.drops),
    // Shopify Scripts (Plus checkouts) do not run offline; the list is empty as on most shops.
    scripts: { cart_calculate_line_items: null },
    // The shop offers wallets (Shop Pay, PayPal…), as the fixture shop's product pages do with
    // payment_button: a theme shows its wallet area. The buttons themselves are drawn by the
    // platform's script from its servers, so offline the area holds the element that script
    // fills in, and no button.
    additional_checkout_buttons: true,
    content_for_additional_checkout_buttons:
      '<div class="dynamic-checkout__content" id="dynamic-checkout-cart" data-shopify="dynamic-checkout-cart"><shopify-accelerated-checkout-cart></shopify-accelerated-checkout-cart></div>',
    all_country_option_tags: countryOptions(ALL_COUNTRIES, facts.language),
    country_option_tags: countryOptions(SHIPPING_COUNTRIES, facts.language),
    // Only an index.liquid template prints it; its sections come from settings_data, which the
    // preview's themes (JSON templates) leave empty.
    content_for_index: '',
    self: null,
    // Outside the Predictive Search API the object is there, not performed.
    predictive_search: { performed: false, terms: '', types: [], resources: { products: [], collections: [], pages: [], articles: [] } },
    // Deprecated (themes read it before `theme` left the docs) but still answered by the platform.
    theme: { id: 1, name: 'Storefront', role: 'main' },
  };
}
