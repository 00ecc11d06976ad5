// Types of the fixture store the offline preview renders the theme against.
// The JSON files under preview/fixtures/ (or the folder named by PREVIEW_STORE) have these
// shapes; preview/store/load-store.ts reads, validates and indexes them.

/** A language code of the shop, e.g. "uk" or "en". */
export type LanguageCode = string;

/** A merchant-translatable string: plain, or one text per language. */
export type LocalizedString = string | { [lang: LanguageCode]: string };

/** Amounts in minor units (kopiyky, cents), keyed by ISO currency code ("UAH", "USD"). */
export type MoneyByCurrency = { [isoCode: string]: number };

export type FixtureCurrency = {
  iso_code: string;
  symbol: string;
  /**
   * Units of this currency per unit of the shop's (first) currency: the exchange rate the
   * platform tells theme scripts as `Shopify.currency.rate`. Optional; the shop's currency is 1.
   */
  rate?: number;
};

export type FixtureShopSettings = {
  zoom_enabled: boolean;
  contact_manager_url: string;
  support_email: string;
  social_url: string;
  social_handle: string;
};

export type FixtureShop = {
  name: string;
  /** Support email. */
  email: string;
  domain: string;
  primary_locale: LanguageCode;
  locales: LanguageCode[];
  currencies: FixtureCurrency[];
  /** Liquid money format per currency, e.g. "{{amount_no_decimals_with_space_separator}} UAH". */
  money_format: { [isoCode: string]: string };
  money_with_currency_format: { [isoCode: string]: string };
  settings: FixtureShopSettings;
  /** Online Store → Preferences → Social sharing image: a file in images/, or null. */
  social_sharing_image: string | null;
};

export type FixtureProductOption = {
  /** Колір/Color or Розмір/Size. */
  name: LocalizedString;
  values: string[];
  /**
   * The category metafield the option is linked to, as the admin links a Color option to
   * `shopify.color-pattern`: each value is then the entry of that metafield's metaobject type
   * (`shopify--color-pattern`) whose handle is the value's handle, and its swatch comes from the
   * entry's `color` and `image` fields. Absent: the option is not linked (no swatches).
   */
  linked_metafield?: { namespace: string; key: string };
};

/** A metaobject entry (metaobjects.json): its handle and field values, keyed by field key. */
export type FixtureMetaobject = {
  handle: string;
  fields: {
    /** The entry's display name (the category colour's name). */
    label: LocalizedString;
    /** A #rrggbb colour, or null. */
    color: string | null;
    /** An image file in images/ (a pattern), or null. */
    image: string | null;
  };
};

/**
 * A product's media other than its images (products.json `media`): a video the merchant uploaded,
 * an embedded YouTube or Vimeo video, or a 3D model. Their files are in the store's images/
 * folder, the shop's files (on the platform, images, videos and models are all a shop's Files).
 */
export type FixtureMedia = {
  id: number;
  media_type: 'video' | 'external_video' | 'model';
  /** 1-based place in the product's media list (images fill the other places in their order). */
  position: number;
  alt: LocalizedString;
  /** The still shown before it plays (an image file in images/). */
  preview_image: { file: string; width: number; height: number };
  /** video and model: the files, each in images/, with its MIME type and format (mp4, webm, glb, usdz). */
  sources?: { file: string; mime_type: string; format: string; width?: number; height?: number }[];
  /** external_video: 'youtube' or 'vimeo' and the video's id there. */
  host?: 'youtube' | 'vimeo';
  external_id?: string;
  /** video: its length in milliseconds. */
  duration?: number;
};

export type InventoryPolicy = 'deny' | 'continue';

export type FixtureVariant = {
  id: number;
  /** One value per product option, in the product's option order: [colour, size]. */
  options: string[];
  price: MoneyByCurrency;
  compare_at_price: MoneyByCurrency | null;
  inventory_quantity: number;
  /** "continue" keeps a variant purchasable at zero stock (preorders). Defaults to "deny". */
  inventory_policy: InventoryPolicy;
  sku: string;
  /** How the variant is measured for its unit price (Settings → unit pricing), if it has one. */
  unit_price_measurement?: FixtureUnitPriceMeasurement;
  /** The id of the product image the variant shows (its featured media), if it has one. */
  image_id?: number;
};

/** The platform's unit_price_measurement: e.g. 3 items sold, the price shown per 1 item. */
export type FixtureUnitPriceMeasurement = {
  measured_type: 'volume' | 'weight' | 'length' | 'area' | 'count';
  quantity_value: number;
  quantity_unit: string;
  reference_value: number;
  reference_unit: string;
};

export type FixtureImage = {
  id: number;
  /** File name inside the store's images/ folder. */
  file: string;
  width: number;
  height: number;
  alt: LocalizedString;
  /** The focal point the merchant set in the admin, in % of the width and height (default 50, 50). */
  focal_point?: { x: number; y: number };
};

export type FixtureProductMetafields = {
  custom: {
    style_number: string;
    /** HTML: composition and care. */
    materials: LocalizedString;
    /** A metafield string: "true" or "false". */
    preorder: 'true' | 'false';
    info: LocalizedString;
  };
  /**
   * What the Search & Discovery app stores for the product: `complementary_products` is a
   * list.product_reference metafield (product handles here), the products its "complementary"
   * recommendations answer. Absent when the merchant set none.
   */
  'shopify--discovery--product_recommendation'?: { complementary_products: string[] };
};

export type FixtureProduct = {
  id: number;
  handle: string;
  title: LocalizedString;
  /** HTML product description (the platform's body_html). Default "". */
  description: LocalizedString;
  /** Alternate template (product.<suffix>.json), or null. */
  template_suffix: string | null;
  /** Lower-case English product type: coats, jackets, pants, … */
  type: string;
  vendor: string;
  /** ISO 8601. */
  created_at: string;
  tags: string[];
  /** Optional product-wide default for variants that leave out inventory_policy. */
  inventory_policy?: InventoryPolicy;
  options: FixtureProductOption[];
  variants: FixtureVariant[];
  images: FixtureImage[];
  /** Videos, external videos and 3D models, placed among the images by their position. */
  media?: FixtureMedia[];
  metafields: FixtureProductMetafields;
  /** A gift card product (the platform issues a gift card for each one bought). Default false. */
  gift_card?: boolean;
};

export type FixtureLookDot = {
  /** Pixels on the look image at its full (2x) size. */
  x_coordinate: number;
  y_coordinate: number;
  /** Product handle. */
  product: string;
};

export type FixtureLook = {
  file: string;
  width: number;
  height: number;
  dots: FixtureLookDot[];
};

export type FixtureCollection = {
  id: number;
  handle: string;
  title: LocalizedString;
  /** HTML. */
  description: LocalizedString;
  /** Alternate template (collection.<suffix>.json), or null. */
  template_suffix: string | null;
  image: string | null;
  sort_order: string;
  /** Product handles in the collection's own (featured) order. */
  products: string[];
  metafields: {
    custom: {
      slogan: LocalizedString;
      background: string | null;
      looks: FixtureLook[];
    };
  };
};

export type FixtureLink = {
  title: LocalizedString;
  /** Unprefixed platform path (/collections/…) or an absolute external URL (https:, mailto:). */
  url: string;
  links: FixtureLink[];
};

export type FixtureMenu = {
  title: LocalizedString;
  links: FixtureLink[];
};

export type FixturePage = {
  id: number;
  handle: string;
  title: LocalizedString;
  /** HTML. */
  body_html: LocalizedString;
  template_suffix: string | null;
  metafields: {
    custom: {
      slogan: LocalizedString;
      intro: LocalizedString;
      /** Image files (the contacts page's strip). */
      images: string[];
    };
  };
};

export type FixtureAddress = {
  id: number;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  province_code: string;
  country: string;
  country_code: string;
  zip: string;
  phone: string;
};

export type FixtureShippingAddress = {
  first_name: string;
  last_name: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  country: string;
  zip: string;
  phone: string;
};

export type FixtureShippingMethod = {
  /** As recorded at checkout, in the language the order was placed in (not translated). */
  title: string;
};

export type FixtureLineItem = {
  id: number;
  product_handle: string;
  variant_id: number;
  title: LocalizedString;
  quantity: number;
  /** Unit price in minor units of the order's currency. */
  price: number;
  image: string | null;
  /** Variant option values, e.g. ["beige", "S"]. */
  options: string[];
  /** The line's discounts: which of the order's discount_applications, and how much of it. */
  discount_allocations?: { application: number; amount: number }[];
};

/** A discount as it was applied to an order (kept with the order, whatever happens to it since). */
export type FixtureOrderDiscount = {
  type: 'discount_code' | 'automatic' | 'manual' | 'script';
  /** The code for `discount_code`. */
  code: string | null;
  title: string;
  value_type: 'percentage' | 'fixed_amount';
  /** Percent, or minor units of the order's currency. */
  value: number;
  /** `all`: the order (a cart-level discount); `entitled`/`explicit`: certain lines. */
  target_selection: 'all' | 'entitled' | 'explicit';
  allocation_method: 'each' | 'across';
  total_allocated_amount: number;
};

export const FINANCIAL_STATUSES = ['authorized', 'expired', 'paid', 'partially_paid', 'partially_refunded', 'pending', 'refunded', 'unpaid', 'voided'] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

export type FixtureOrder = {
  id: number;
  /** "#1001". */
  name: string;
  order_number: number;
  created_at: string;
  financial_status: FinancialStatus;
  /** fulfilled, unfulfilled, partial, restocked, or null. */
  fulfillment_status: string | null;
  currency: string;
  /** Minor units of `currency`. */
  total_price: number;
  subtotal_price: number;
  shipping_price: number;
  email: string;
  shipping_address: FixtureShippingAddress;
  /** Empty: the theme shows 'Standard delivery'. */
  shipping_methods: FixtureShippingMethod[];
  line_items: FixtureLineItem[];
  /** The discounts applied at checkout (line items point at them by index). Default none. */
  discount_applications?: FixtureOrderDiscount[];
};

export type FixtureCustomer = {
  id: number;
  email: string;
  /** Plain text: fixtures only, for the preview's sign-in. */
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  accepts_marketing: boolean;
  tags: string[];
  addresses: FixtureAddress[];
  default_address_id: number | null;
  /** Newest first. */
  orders: FixtureOrder[];
};

export type FixtureMenus = { [handle: string]: FixtureMenu };

/** A loaded, validated store with its indexes. */
export type Store = {
  /** Absolute path of the store folder. */
  dir: string;
  /** Absolute path of its images/ folder. */
  imagesDir: string;
  shop: FixtureShop;
  products: FixtureProduct[];
  collections: FixtureCollection[];
  menus: FixtureMenus;
  pages: FixturePage[];
  customers: FixtureCustomer[];
  /** blogs.json (optional: a store without it has no blog). */
  blogs: FixtureBlog[];
  /** filters.json (optional: a store without it has no storefront filters). */
  filters: FixtureFilter[];
  /**
   * metaobjects.json (optional): metaobject entries by type, e.g. `shopify--color-pattern`.
   * Without the file, an option's linked values have no entries (no swatches).
   */
  metaobjects: { [type: string]: FixtureMetaobject[] };

  productsByHandle: Map<string, FixtureProduct>;
  productsById: Map<number, FixtureProduct>;
  variantsById: Map<number, FixtureVariant>;
  /** The product each variant belongs to. */
  productByVariantId: Map<number, FixtureProduct>;
  collectionsByHandle: Map<string, FixtureCollection>;
  collectionsById: Map<number, FixtureCollection>;
  /** Collections that contain a product, by product handle, in collections.json order. */
  collectionsByProductHandle: Map<string, FixtureCollection[]>;
  pagesByHandle: Map<string, FixturePage>;
  /** Keyed by lower-cased email. */
  customersByEmail: Map<string, FixtureCustomer>;
  customersById: Map<number, FixtureCustomer>;
  blogsByHandle: Map<string, FixtureBlog>;
  /** Types of the store's metafields and metaobject fields (metafield-definitions.json). */
  metafieldDefinitions: FixtureMetafieldDefinitions;
  /** discounts.json (optional): discount codes and automatic discounts. */
  discounts: FixtureDiscount[];
  /** selling-plans.json (optional): selling plan groups and the products they sell. */
  sellingPlanGroups: FixtureSellingPlanGroup[];
  /** locations.json (optional): the shop's locations, their pickup settings and stock. */
  locations: FixtureLocation[];
  /** gift-cards.json (optional): gift cards the shop has issued. */
  giftCards: FixtureGiftCard[];
};

/**
 * A discount the merchant set up (discounts.json): a code the shopper enters, or an automatic
 * one. `products` null means the whole order (target_selection `all`); a list of handles means
 * those products only (`entitled`, allocated to their lines).
 */
export type FixtureDiscount = {
  id: number;
  type: 'discount_code' | 'automatic';
  /** The code, for `discount_code` (matched without regard to case). */
  code?: string;
  /** The customer-facing title of an automatic discount (a code's title is the code). */
  title?: LocalizedString;
  value_type: 'percentage' | 'fixed_amount';
  /** Percent for `percentage`; minor units per currency for `fixed_amount`. */
  value: number | MoneyByCurrency;
  /** `each`: a fixed amount off every entitled item; `across`: split over the lines. */
  allocation_method: 'each' | 'across';
  products: string[] | null;
  /** The order subtotal the discount needs, per currency (minor units), or null. */
  minimum_subtotal: MoneyByCurrency | null;
  created_at: string;
};

/** A selling plan's change to the price (selling_plan_price_adjustment). */
export type FixturePriceAdjustment = {
  /** The number of orders it applies to, or null for every order. */
  order_count: number | null;
  value_type: 'percentage' | 'fixed_amount' | 'price';
  /** Percent, or minor units per currency for `fixed_amount` and `price`. */
  value: number | MoneyByCurrency;
};

export type FixtureSellingPlan = {
  id: number;
  name: LocalizedString;
  description: LocalizedString;
  /** One value per group option, in the group's option order. */
  options: LocalizedString[];
  recurring_deliveries: boolean;
  price_adjustments: FixturePriceAdjustment[];
  /** What is paid at checkout (a deposit for a pre-order): percent of the price, or null for all of it. */
  checkout_charge: { value_type: 'percentage' | 'price'; value: number | MoneyByCurrency } | null;
};

export type FixtureSellingPlanGroup = {
  id: number;
  name: LocalizedString;
  app_id: string | null;
  options: { name: LocalizedString; values: LocalizedString[] }[];
  /** Product handles the group sells. */
  products: string[];
  /** The products can only be bought with one of the group's plans. */
  requires_selling_plan: boolean;
  selling_plans: FixtureSellingPlan[];
};

/** A shop location (locations.json) with its local pickup settings and stock. */
export type FixtureLocation = {
  id: number;
  name: LocalizedString;
  address: {
    address1: string;
    address2: string;
    city: LocalizedString;
    province: string;
    province_code: string;
    zip: string;
    country: string;
    country_code: string;
    phone: string;
  };
  latitude: number | null;
  longitude: number | null;
  pick_up_enabled: boolean;
  /** "Usually ready in 2 hours", as set in the admin's pickup preferences. */
  pick_up_time: LocalizedString;
  /** Units of each variant of a product held here, by product handle; other products are not stocked. */
  stock: { [handle: string]: number };
};

/** A gift card the shop issued (gift-cards.json); its page is /gift_cards/<token>. */
export type FixtureGiftCard = {
  id: number;
  /** The secret in the gift card page's address. */
  token: string;
  code: string;
  currency: string;
  /** Minor units of `currency`. */
  initial_value: number;
  balance: number;
  enabled: boolean;
  /** YYYY-MM-DD, or null if it never expires. */
  expires_on: string | null;
  customer_email: string | null;
  product_handle: string | null;
  variant_id: number | null;
  template_suffix: string | null;
  /** The line item properties it was bought with (recipient, message, send on). */
  properties: { [name: string]: string };
};

/** Settings → Custom data: owner → "namespace.key" → type; metaobject type → field → type. */
export type FixtureMetafieldDefinitions = {
  owners: { [owner: string]: { [namespacedKey: string]: string } };
  metaobjects: { [type: string]: { [field: string]: string } };
};

/** A comment on an article. Only `published` ones are shown; the others wait or were refused. */
export type FixtureComment = {
  id: number;
  author: string;
  email: string;
  body: LocalizedString;
  created_at: string;
  status: 'published' | 'unapproved' | 'pending' | 'spam' | 'removed';
};

export type FixtureArticle = {
  id: number;
  handle: string;
  title: LocalizedString;
  author: string;
  published_at: string;
  updated_at: string;
  tags: string[];
  /** A file of images/, or null. */
  image: string | null;
  excerpt_html: LocalizedString;
  body_html: LocalizedString;
  template_suffix: string | null;
  comments: FixtureComment[];
};

/** A blog (blogs.json): its comment setting is the merchant's (disabled, moderated or open). */
export type FixtureBlog = {
  id: number;
  handle: string;
  title: LocalizedString;
  comments: 'disabled' | 'moderated' | 'enabled';
  template_suffix: string | null;
  /** Newest first, as the platform lists them. */
  articles: FixtureArticle[];
};

/** A storefront filter the merchant set up in the Search & Discovery app (filters.json). */
export type FixtureFilter = {
  source: 'availability' | 'price' | 'option' | 'product_type' | 'vendor' | 'tag' | 'metafield';
  label: LocalizedString;
  /** The option's name in the shop's primary language (source `option`). */
  option?: string;
  /** `namespace.key` of a product metafield (source `metafield`). */
  metafield?: string;
  presentation?: 'text' | 'swatch' | 'image';
  /** Labels of values, where the merchant translated them (otherwise the value itself). */
  labels?: { [value: string]: LocalizedString };
  /** Swatch colours of values (presentation `swatch`). */
  swatches?: { [value: string]: string };
};
