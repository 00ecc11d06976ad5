import { Context, Drop, type Liquid } from 'liquidjs';
import { createLiquid } from './liquid/engine.js';
import { REQUEST_KEY, type RenderRequest } from './liquid/context.js';
import { platformDocs, type DocObject } from './liquid/platform-docs.js';
import { loadStore } from './store/load-store.js';
import { dropContext, platformGlobals, type Session } from './platform/globals.js';
import { addItems, newCart } from './platform/cart.js';
import { CollectionDrop, PageDrop, ProductDrop } from './platform/drops.js';
import { SearchDrop } from './platform/search.js';
import { PredictiveSearchDrop, predictiveQuery } from './platform/predictive-search.js';
import { recommendationsObject, recommendedProducts } from './platform/recommendations.js';
import { themeSettings, themeSettingsSource, themeTranslations } from './theme-files.js';
import { ColorScheme } from './platform/settings.js';
import { giftCardObject } from './platform/gift-cards.js';
import { colorSetting } from './liquid/colors.js';

// How much of the platform's Liquid the preview implements, measured against the platform's own
// documentation data: each documented filter and tag is looked up in the engine; each object's
// properties are read from a real instance made the way a storefront page makes it (a product
// page of the fixture store, signed in, with a bag), or reported missing with the reason.

export interface Coverage {
  filters: { implemented: number; total: number; missing: string[] };
  tags: { implemented: number; total: number; missing: string[] };
  globals: { implemented: number; total: number; missing: string[] };
  properties: { implemented: number; total: number; missing: { object: string; property: string; reason: string }[] };
}

/** Liquid that assigns `sample` to an instance of each documented object, on a product page. */
const SAMPLES: Record<string, string> = {
  product: '{% assign sample = product %}',
  variant: '{% assign sample = product.selected_or_first_available_variant %}',
  media: '{% assign sample = product.media.first %}',
  image: '{% assign sample = product.featured_image %}',
  collection: '{% assign sample = collection %}',
  page: '{% assign sample = page %}',
  customer: '{% assign sample = customer %}',
  order: '{% assign sample = customer.orders.first %}',
  address: '{% assign sample = customer.default_address %}',
  line_item: '{% assign sample = cart.items.first %}',
  instructions: '{% assign sample = cart.items.first.instructions %}',
  quantity_rule: '{% assign sample = product.selected_or_first_available_variant.quantity_rule %}',
  shipping_method:
    '{% for order in customer.orders %}{% if order.shipping_methods.size > 0 %}{% assign sample = order.shipping_methods.first %}{% break %}{% endif %}{% endfor %}',
  image_presentation: '{% assign sample = product.featured_image.presentation %}',
  focal_point: '{% assign sample = product.featured_image.presentation.focal_point %}',
  video: "{% for m in all_products['linen-shirt-dress'].media %}{% if m.media_type == 'video' %}{% assign sample = m %}{% endif %}{% endfor %}",
  video_source:
    "{% for m in all_products['linen-shirt-dress'].media %}{% if m.media_type == 'video' %}{% assign sample = m.sources.first %}{% endif %}{% endfor %}",
  external_video: "{% for m in all_products['silk-slip-dress'].media %}{% if m.media_type == 'external_video' %}{% assign sample = m %}{% endif %}{% endfor %}",
  model: "{% for m in all_products['bow-blouse'].media %}{% if m.media_type == 'model' %}{% assign sample = m %}{% endif %}{% endfor %}",
  model_source: "{% for m in all_products['bow-blouse'].media %}{% if m.media_type == 'model' %}{% assign sample = m.sources.first %}{% endif %}{% endfor %}",
  cart: '{% assign sample = cart %}',
  shop: '{% assign sample = shop %}',
  request: '{% assign sample = request %}',
  routes: '{% assign sample = routes %}',
  localization: '{% assign sample = localization %}',
  country: '{% assign sample = localization.country %}',
  currency: '{% assign sample = localization.country.currency %}',
  shop_locale: '{% assign sample = localization.language %}',
  market: '{% assign sample = localization.market %}',
  linklist: "{% assign sample = linklists['header-menu'] %}",
  link: "{% assign sample = linklists['header-menu'].links.first %}",
  template: '{% assign sample = template %}',
  forloop: '{% for x in (1..2) %}{% assign sample = forloop %}{% endfor %}',
  tablerowloop: '{% tablerow x in (1..2) %}{% assign sample = tablerowloop %}{% endtablerow %}',
  paginate: '{% paginate collection.products by 5 %}{% assign sample = paginate %}{% endpaginate %}',
  part: '{% paginate collection.products by 5 %}{% assign sample = paginate.parts.first %}{% endpaginate %}',
  form: "{% form 'product', product %}{% assign sample = form %}{% endform %}",
  form_errors: "{% form 'customer_login' %}{% assign sample = form.errors %}{% endform %}",
  product_option: '{% assign sample = product.options_with_values.first %}',
  option_with_value: '{% assign sample = product.options_with_values.first %}',
  product_option_value: '{% assign sample = product.options_with_values.first.values.first %}',
  metafield: '{% assign sample = product.metafields.custom.style_number %}',
  metaobject: '{% assign sample = metaobjects.look.values.first %}',
  metaobject_definition: '{% assign sample = metaobjects.look %}',
  metaobject_system: '{% assign sample = metaobjects.look.values.first.system %}',
  search: '{% assign sample = search %}',
  predictive_search: '{% assign sample = predictive_search %}',
  predictive_search_resources: '{% assign sample = predictive_search.resources %}',
  recommendations: '{% assign sample = recommendations %}',
  color: '{% assign sample = "#ea5ab9" | color_lighten: 0 %}',
  font: "{% assign sample = 'assistant_n4' | font_modify: 'weight', '400' %}",
  color_scheme: '{% assign sample = __color_scheme %}',
  sort_option: '{% assign sample = collection.sort_options.first %}',
  blog: '{% for b in blogs %}{% assign sample = b %}{% break %}{% endfor %}',
  article: '{% for a in articles %}{% assign sample = a %}{% break %}{% endfor %}',
  comment: '{% for a in articles %}{% if a.comments_count > 0 %}{% assign sample = a.comments.first %}{% break %}{% endif %}{% endfor %}',
  filter: '{% assign sample = collection.filters.first %}',
  filter_value: '{% assign sample = collection.filters.first.values.first %}',
  filter_value_display:
    '{% for f in collection.filters %}{% for v in f.values %}{% if v.display %}{% assign sample = v.display %}{% break %}{% endif %}{% endfor %}{% endfor %}',
  swatch:
    '{% for f in collection.filters %}{% for v in f.values %}{% if v.swatch %}{% assign sample = v.swatch %}{% break %}{% endif %}{% endfor %}{% endfor %}',
  settings: '{% assign sample = settings %}',
  section: '{% assign sample = section %}',
  block: '{% assign sample = block %}',
  discount_application: '{% assign sample = cart.discount_applications.first %}',
  discount_allocation:
    '{% for item in cart.items %}{% if item.discount_allocations.size > 0 %}{% assign sample = item.discount_allocations.first %}{% break %}{% endif %}{% endfor %}',
  selling_plan_group: "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first %}",
  selling_plan_group_option: "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first.options.first %}",
  selling_plan: "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first.selling_plans.first %}",
  selling_plan_option: "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first.selling_plans.first.options.first %}",
  selling_plan_price_adjustment:
    "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first.selling_plans.first.price_adjustments.first %}",
  selling_plan_checkout_charge: "{% assign sample = all_products['cashmere-blend-coat'].selling_plan_groups.first.selling_plans.first.checkout_charge %}",
  selling_plan_allocation: "{% assign sample = all_products['cashmere-blend-coat'].variants.first.selling_plan_allocations.first %}",
  selling_plan_allocation_price_adjustment:
    "{% assign sample = all_products['cashmere-blend-coat'].variants.first.selling_plan_allocations.first.price_adjustments.first %}",
  unit_price_measurement: "{% assign sample = all_products['long-sleeve-bodysuit'].variants.first.unit_price_measurement %}",
  store_availability: '{% assign sample = product.selected_or_first_available_variant.store_availabilities.first %}',
  location: '{% assign sample = product.selected_or_first_available_variant.store_availabilities.first.location %}',
  gift_card: '{% assign sample = __gift_card %}',
  recipient: '{% assign sample = __gift_card.recipient %}',
};

/** Why an object has no instance on the preview's pages. */
const NO_INSTANCE: [RegExp, string][] = [
  [
    /^(checkout|transaction|transaction_payment_details|tax_line|shipping_method|fulfillment|pending_payment_instruction_input|customer_payment_method|instructions|store_credit_account|discount)$/,
    'checkout, payment and order-processing data: the preview has no checkout',
  ],
  [/^(company|company_address|company_location)$/, 'B2B: the fixture store has no companies'],
  [/^(quantity_price_break|quantity_rule|measurement)$/, 'volume pricing and product measurements: the fixture store sells none'],
  [/^(remote_.*|app|user|user_agent|robots|group|rule|sitemap)$/, 'app, robots.txt and platform-internal objects no storefront template renders'],
  [/^(generic_file)$/, 'the fixture store has no files other than images, videos and 3D models'],
  [
    /^(brand|brand_color|brand_colors|taxonomy_category|rating|parent_relationship|money|script|policy|metafield_namespace|self)$/,
    'the fixture store holds none of these',
  ],
];

function noInstanceReason(name: string): string {
  return NO_INSTANCE.find(([pattern]) => pattern.test(name))?.[1] ?? 'no instance on the preview’s pages';
}

/** Properties the engine itself lacks, with why (none left: parentloop.ts adds forloop.parentloop). */
const ENGINE_GAPS: Record<string, string> = {};

function hasProperty(value: unknown, property: string): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'object' && typeof value !== 'function') return false;
  if (property in (value as object)) return true;
  if (value instanceof Drop) return value.liquidMethodMissing(property, undefined as never) !== undefined;
  return false;
}

export async function measureCoverage({ themeDir, storeDir }: { themeDir: string; storeDir: string }): Promise<Coverage> {
  const docs = platformDocs();
  const liquid = createLiquid(themeDir);
  const filters = docs.filters.filter((f) => !f.deprecated);
  const missingFilters = filters.filter((f) => !(f.name in liquid.filters)).map((f) => f.name);
  const tags = docs.tags.filter((t) => !t.deprecated);
  // `else` belongs to if, unless, case and for; liquidjs parses it inside them.
  const missingTags = tags.filter((t) => !(t.name in liquid.tags) && !(t.name === 'else' && 'if' in liquid.tags)).map((t) => t.name);

  const globals = await productPageGlobals(liquid, themeDir, storeDir);
  // Objects and properties the docs mark deprecated still work on a shop, so they count too.
  const objects = docs.objects;
  const globalObjects = objects.filter((o) => o.access?.global);
  const missingGlobals = globalObjects.filter((o) => !(o.name in globals)).map((o) => o.name);

  const missingProperties: Coverage['properties']['missing'] = [];
  let totalProperties = 0;
  for (const object of objects) {
    const properties = object.properties ?? [];
    if (!properties.length) continue;
    totalProperties += properties.length;
    const sample = await sampleOf(liquid, globals, object);
    for (const property of properties) {
      if (sample !== undefined && sample !== null && hasProperty(sample, property.name)) continue;
      const reason =
        sample === undefined || sample === null ? noInstanceReason(object.name) : (ENGINE_GAPS[`${object.name}.${property.name}`] ?? 'not implemented');
      missingProperties.push({ object: object.name, property: property.name, reason });
    }
  }
  return {
    filters: { implemented: filters.length - missingFilters.length, total: filters.length, missing: missingFilters },
    tags: { implemented: tags.length - missingTags.length, total: tags.length, missing: missingTags },
    globals: { implemented: globalObjects.length - missingGlobals.length, total: globalObjects.length, missing: missingGlobals },
    properties: { implemented: totalProperties - missingProperties.length, total: totalProperties, missing: missingProperties },
  };
}

async function sampleOf(liquid: Liquid, globals: Record<string, unknown>, object: DocObject): Promise<unknown> {
  const source = SAMPLES[object.name];
  if (!source) return object.access?.global ? globals[object.name] : undefined;
  const ctx = new Context({}, liquid.options, { globals });
  await liquid.parseAndRender(source, ctx);
  return ctx.getSync(['sample']);
}

/** The objects of a product page of the fixture store: signed in as the demo customer, one item in the bag. */
async function productPageGlobals(liquid: Liquid, themeDir: string, storeDir: string): Promise<Record<string, unknown>> {
  const store = loadStore(storeDir);
  const language = store.shop.primary_locale;
  const currency = store.shop.currencies[0]?.iso_code ?? 'UAH';
  const drops = dropContext(store, language, currency);
  const raw = store.products[0]!;
  const session: Session = { id: 'coverage', cart: newCart('coverage', currency), customerId: store.customers[0]?.id ?? null, currency };
  addItems(store, session.cart, language, [{ id: raw.variants[0]!.id, quantity: 1 }]);
  // A line with the automatic discount and a code on the order, for the discount objects.
  const discounted = store.discounts.find((d) => d.type === 'automatic' && d.products)?.products?.[0];
  const discountedVariant = discounted ? store.productsByHandle.get(discounted)?.variants.find((v) => v.inventory_quantity > 0) : undefined;
  if (discountedVariant) addItems(store, session.cart, language, [{ id: discountedVariant.id, quantity: 1 }]);
  session.cart.discountCodes = store.discounts.filter((d) => d.code && !d.minimum_subtotal).map((d) => d.code!);
  const collection = new CollectionDrop(
    drops,
    store.collections.find((c) => c.products.length)!,
  );
  const query = new URLSearchParams({ q: 'coat' });
  const { translations, fallback, defaultLanguage } = themeTranslations(themeDir, language);
  const request: RenderRequest = {
    language,
    primaryLanguage: defaultLanguage,
    rootUrl: '/',
    currency,
    moneyFormat: store.shop.money_format[currency] ?? '{{amount}}',
    moneyWithCurrencyFormat: store.shop.money_with_currency_format[currency] ?? '{{amount}}',
    query,
    path: `/products/${raw.handle}`,
    translations,
    fallbackTranslations: fallback,
    assetVersion: () => '0',
    allProductsSeen: drops.allProductsSeen,
    sectionCounter: { value: 0 },
    drops,
    formResults: {
      customer_login: { errors: [{ field: 'form', message: 'Incorrect email or password.', translatedField: '' }], postedSuccessfully: false, values: {} },
    },
  };
  const globals = platformGlobals({
    store,
    session,
    customer: store.customers[0] ?? null,
    language,
    path: `/products/${raw.handle}`,
    query,
    pageType: 'product',
    template: 'product',
    themeSettings: themeSettings(themeDir),
    settingsSchema: themeSettingsSource(themeDir).schema,
    origin: 'http://127.0.0.1',
    drops,
    extra: {
      product: new ProductDrop(drops, raw),
      collection,
      page: new PageDrop(drops, store.pages[0]!),
      search: new SearchDrop(drops, query),
      predictive_search: new PredictiveSearchDrop(drops, predictiveQuery(query)),
      recommendations: recommendationsObject(drops, recommendedProducts(store, raw, 'related', 4), 'related'),
      section: { id: 'coverage', settings: {}, blocks: [], index: 1, index0: 0, location: 'template' },
      block: { id: 'coverage-block', type: 'text', settings: {}, shopify_attributes: '' },
      content_for_layout: '',
    },
  });
  // A theme without colour schemes still has the object's shape to measure.
  const scheme = new ColorScheme('scheme-1', { background: colorSetting('#ffffff') });
  // An issued gift card, as its page (/gift_cards/<token>) has it.
  const card = store.giftCards[0];
  const giftCard = card ? giftCardObject(drops, card, new Date().toISOString().slice(0, 10), `/gift_cards/${card.token}`) : null;
  return { ...globals, __color_scheme: scheme, __gift_card: giftCard, [REQUEST_KEY]: request };
}
