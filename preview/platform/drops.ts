import { Drop } from 'liquidjs';
import type { FixtureCollection, FixtureCustomer, FixtureOrder, FixturePage, FixtureProduct, FixtureVariant } from '../store/types.js';
import type { Paginatable } from '../liquid/tags.js';
import { ownerMetafields, referenceDrops, type MetafieldDrop } from './metafields.js';
import { MoneyDrop } from '../liquid/money.js';
import { join } from 'node:path';
import { imageSize } from '../store/image-size.js';
import { Filtering, type FilterDrop } from './filtering.js';
import {
  allocationsJson,
  findPlan,
  groupsJson,
  groupsOf,
  requiresSellingPlan,
  sellingPlanAllocation,
  sellingPlanGroupObject,
  sellingPlanObject,
  variantAllocations,
} from './selling-plans.js';
import { measurementObject, unitPrice } from './unit-prices.js';
import { storeAvailabilities } from './store-availability.js';
import { mediaOrder, otherMedia, productImage, type MediaObject } from './media.js';
import { optionValueSwatch, type SwatchObject } from './swatches.js';

export {
  ALL_PRODUCTS_LIMIT,
  FILTERED_COLLECTION_LIMIT,
  UNPAGINATED_LIMIT,
  imageObject,
  priceIn,
  storefrontUrl,
  text,
  variantAvailable,
  type DropContext,
  type ImageObject,
} from './drop-context.js';
import {
  imageObject,
  priceIn,
  storefrontUrl,
  text,
  variantAvailable,
  FILTERED_COLLECTION_LIMIT,
  UNPAGINATED_LIMIT,
  type DropContext,
  type ImageObject,
} from './drop-context.js';

export class VariantDrop {
  constructor(
    private ctx: DropContext,
    private fixtureProduct: FixtureProduct,
    private variant: FixtureVariant,
    private owner: ProductDrop | null = null,
  ) {}
  /** The id of the image attached to the variant, for the product it belongs to. */
  attachedImageId(): number | undefined {
    return this.variant.image_id;
  }
  get selected(): boolean {
    return this.owner?.selectedVariantId === this.variant.id;
  }
  /** The variant's product (the one it was reached through, or its own). */
  get product(): ProductDrop {
    return this.owner ?? new ProductDrop(this.ctx, this.fixtureProduct);
  }
  get matched(): boolean {
    return true;
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return {};
  }
  get barcode(): string | null {
    return null;
  }
  get taxable(): boolean {
    return true;
  }
  get weight(): number {
    return 0;
  }
  get weight_unit(): string {
    return 'kg';
  }
  get weight_in_unit(): number {
    return 0;
  }
  /** The product image attached to the variant (its featured media), or nil when none is. */
  get image(): ImageObject | null {
    return this.featured_image;
  }
  get featured_media(): MediaObject | null {
    const id = this.variant.image_id;
    if (id === undefined) return null;
    const product = this.owner ?? new ProductDrop(this.ctx, this.fixtureProduct);
    return product.mediaImage(id);
  }
  get incoming(): boolean {
    return false;
  }
  get next_incoming_date(): string | null {
    return null;
  }
  /** Defined only for the selected variant and the first available one, as on the platform. */
  get store_availabilities(): unknown[] {
    const owner = this.owner;
    if (owner && !this.selected && owner.first_available_variant?.id !== this.variant.id) return [];
    return storeAvailabilities(this.ctx, this.fixtureProduct);
  }
  get unit_price(): number | null {
    const measurement = this.variant.unit_price_measurement;
    return measurement ? unitPrice(this.price, measurement) : null;
  }
  get unit_price_measurement(): Record<string, unknown> | null {
    const measurement = this.variant.unit_price_measurement;
    return measurement ? measurementObject(measurement) : null;
  }
  get quantity_rule(): { min: number; max: number | null; increment: number } {
    return { min: 1, max: null, increment: 1 };
  }
  get quantity_price_breaks(): unknown[] {
    return [];
  }
  get ['quantity_price_breaks_configured?'](): boolean {
    return false;
  }
  get requires_selling_plan(): boolean {
    return requiresSellingPlan(this.ctx.store, this.fixtureProduct);
  }
  get selling_plan_allocations(): unknown[] {
    return variantAllocations(this.ctx, this.fixtureProduct, this.variant, this.owner?.selectedSellingPlanId ?? null);
  }
  /** The allocation of the plan the address names (`?selling_plan=`), or nil. */
  get selected_selling_plan_allocation(): Record<string, unknown> | null {
    const planId = this.owner?.selectedSellingPlanId ?? null;
    const found = planId === null ? null : findPlan(this.ctx.store, this.fixtureProduct, planId);
    return found ? sellingPlanAllocation(this.ctx, this.variant, found.group, found.plan, planId) : null;
  }
  get options_with_values(): { name: string; value: string }[] {
    return this.fixtureProduct.options.map((o, i) => ({ name: text(this.ctx, o.name), value: this.variant.options[i] ?? '' }));
  }
  get id(): number {
    return this.variant.id;
  }
  get title(): string {
    return this.variant.options.join(' / ');
  }
  get options(): string[] {
    return this.variant.options;
  }
  get option1(): string | null {
    return this.variant.options[0] ?? null;
  }
  get option2(): string | null {
    return this.variant.options[1] ?? null;
  }
  get option3(): string | null {
    return this.variant.options[2] ?? null;
  }
  get available(): boolean {
    return variantAvailable(this.variant);
  }
  get price(): number {
    return priceIn(this.ctx, this.variant.price) ?? 0;
  }
  get compare_at_price(): number | null {
    return priceIn(this.ctx, this.variant.compare_at_price);
  }
  get sku(): string {
    return this.variant.sku;
  }
  get inventory_quantity(): number {
    return this.variant.inventory_quantity;
  }
  get inventory_policy(): string {
    return this.variant.inventory_policy ?? this.fixtureProduct.inventory_policy ?? 'deny';
  }
  get inventory_management(): string {
    return 'shopify';
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/products/${this.fixtureProduct.handle}?variant=${this.variant.id}`);
  }
  get featured_image(): ImageObject | null {
    return this.featured_media;
  }
  get requires_shipping(): boolean {
    return true;
  }
  toLiquidJSON(): unknown {
    return {
      id: this.id,
      title: this.title,
      option1: this.option1,
      option2: this.option2,
      option3: this.option3,
      sku: this.sku,
      requires_shipping: true,
      taxable: true,
      featured_image: this.featuredImageJson(),
      available: this.available,
      name: `${text(this.ctx, this.fixtureProduct.title)} - ${this.title}`,
      public_title: this.title,
      options: this.options,
      price: this.price,
      weight: 0,
      compare_at_price: this.compare_at_price,
      inventory_management: 'shopify',
      barcode: null,
      requires_selling_plan: this.requires_selling_plan,
      selling_plan_allocations: allocationsJson(this.ctx, this.fixtureProduct, this.variant),
      ...(this.variant.unit_price_measurement ? { unit_price: this.unit_price, unit_price_measurement: this.unit_price_measurement } : {}),
      featured_media: this.featuredMediaJson(),
    };
  }
  /** The variant's image in the product JSON's short form (the platform's `featured_image`). */
  private featuredImageJson(): Record<string, unknown> | null {
    const image = this.featured_media;
    if (!image) return null;
    const variantIds = this.fixtureProduct.variants.filter((v) => v.image_id === image.id).map((v) => v.id);
    return {
      id: image.id,
      product_id: this.fixtureProduct.id,
      position: image.position,
      created_at: this.fixtureProduct.created_at,
      updated_at: this.fixtureProduct.created_at,
      alt: image.alt,
      width: image.width,
      height: image.height,
      src: image.src,
      variant_ids: variantIds,
    };
  }
  private featuredMediaJson(): Record<string, unknown> | null {
    const image = this.featured_media;
    if (!image) return null;
    return {
      alt: image.alt,
      id: image.id,
      position: image.position,
      preview_image: { aspect_ratio: Number(image.aspect_ratio), height: image.height, width: image.width, src: image.src },
    };
  }
}

function firstImage(ctx: DropContext, product: FixtureProduct): ImageObject | null {
  const image = product.images[0];
  return image
    ? imageObject(ctx, image.file, image.width, image.height, image.alt ?? product.title, image.id, image.focal_point ? { focalPoint: image.focal_point } : {})
    : null;
}

interface ProductOption {
  name: string;
  position: number;
  values: ProductOptionValueDrop[];
  selected_value: string | null;
  value: string | null;
}

/**
 * One value of a product option (product_option_value): prints and compares as its name; knows
 * whether it is selected, whether it is available with the other selected values, and which
 * variant choosing it leads to.
 */
export class ProductOptionValueDrop extends Drop {
  constructor(
    private product: ProductDrop,
    private optionIndex: number,
    private valueIndex: number,
    readonly name: string,
  ) {
    super();
  }
  get id(): number {
    return optionValueId(this.product.id, this.optionIndex, this.valueIndex);
  }
  private selectedOptions(): string[] {
    return this.product.selectedOptionNames();
  }
  get selected(): boolean {
    return this.selectedOptions()[this.optionIndex] === this.name;
  }
  /** The variant with this value and the other options as currently selected. */
  get variant(): VariantDrop | null {
    const wanted = [...this.selectedOptions()];
    wanted[this.optionIndex] = this.name;
    return this.product.variants.find((v) => v.options.every((o, i) => o === wanted[i])) ?? null;
  }
  /**
   * As documented for product_option_value: with the values selected for the options before
   * this one, does this value lead to any purchasable variant (whatever the later options)?
   */
  get available(): boolean {
    const before = this.selectedOptions().slice(0, this.optionIndex);
    return this.product.variants.some((v) => v.available && v.options[this.optionIndex] === this.name && before.every((value, i) => v.options[i] === value));
  }
  /** Set only for combined listings, whose values lead to other products. */
  get product_url(): string | null {
    return null;
  }
  /** From the category metaobject the value is linked to (its colour, its pattern image); nil when not linked. */
  get swatch(): SwatchObject | null {
    return optionValueSwatch(this.product.ctxOf(), this.product.raw.options[this.optionIndex], this.name);
  }
  override valueOf(): string {
    return this.name;
  }
  override toString(): string {
    return this.name;
  }
  toLiquidJSON(): string {
    return this.name;
  }
}

/** product.variants returns at most this many in Liquid (shopify.dev, "Support high-variant products"). */
export const LIQUID_VARIANTS_LIMIT = 250;

/**
 * product_option_value.id: unique per product, option and value (an option has at most 2,048
 * values, a product at most 3 options, as on the platform), and the same on every render, so a
 * theme can send it back in `option_values`.
 */
export function optionValueId(productId: number, optionIndex: number, valueIndex: number): number {
  return productId * 10_000 + optionIndex * 3_000 + valueIndex;
}

export class ProductDrop {
  selectedVariantId: number | null = null;
  /** The selling plan the address names (`?selling_plan=`), if it is one of the product's. */
  selectedSellingPlanId: number | null = null;
  /**
   * The option values a request chose (`option_values`), one name per option; set, they are the
   * selection even when no variant has them (then selected_variant is nil).
   */
  selectedValues: string[] | null = null;
  // A drop lives for one render: its derived lists are made once, not on every access in a loop.
  private memo = new Map<string, unknown>();
  constructor(
    private ctx: DropContext,
    readonly raw: FixtureProduct,
  ) {}
  private once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }
  get id(): number {
    return this.raw.id;
  }
  get handle(): string {
    return this.raw.handle;
  }
  get title(): string {
    return text(this.ctx, this.raw.title);
  }
  get object_type(): string {
    return 'product';
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/products/${this.raw.handle}`);
  }
  get type(): string {
    return this.raw.type;
  }
  get vendor(): string {
    return this.raw.vendor ?? this.ctx.store.shop.name;
  }
  get tags(): string[] {
    return this.raw.tags ?? [];
  }
  get created_at(): string {
    return this.raw.created_at;
  }
  get description(): string {
    return text(this.ctx, this.raw.description ?? null);
  }
  get content(): string {
    return this.description;
  }
  get template_suffix(): string | null {
    return this.raw.template_suffix ?? null;
  }
  // Every variant, for what the platform answers over all of them (selected, first available,
  // price range); Liquid's product.variants shows the first LIQUID_VARIANTS_LIMIT only.
  private get allVariants(): VariantDrop[] {
    return this.once('allVariants', () => this.raw.variants.map((v) => new VariantDrop(this.ctx, this.raw, v, this)));
  }
  get variants(): VariantDrop[] {
    return this.once('variants', () => this.allVariants.slice(0, LIQUID_VARIANTS_LIMIT));
  }
  get available(): boolean {
    return this.raw.variants.some((v) => variantAvailable(v, this.raw.inventory_policy));
  }
  get price(): number {
    return this.price_min;
  }
  get price_min(): number {
    return this.once('price_min', () => this.allVariants.reduce((min, v) => Math.min(min, v.price), Number.POSITIVE_INFINITY));
  }
  get price_max(): number {
    return this.once('price_max', () => this.allVariants.reduce((max, v) => Math.max(max, v.price), Number.NEGATIVE_INFINITY));
  }
  get price_varies(): boolean {
    return this.price_min !== this.price_max;
  }
  // The platform's docs: the lowest compare-at price of any variant, the same as
  // compare_at_price_min; variants without one do not count, and none at all is nil.
  get compare_at_price(): number | null {
    return this.compare_at_price_min;
  }
  get images(): ImageObject[] {
    return this.once('images', () => this.raw.images.map((i, n) => productImage(this.ctx, this.raw, i, n + 1, (id) => this.variantsShowing(id))));
  }
  /** The render's context, for the option values' swatches. */
  ctxOf(): DropContext {
    return this.ctx;
  }
  /** The variants whose featured media is the image. */
  private variantsShowing(imageId: number): VariantDrop[] {
    return this.variants.filter((v) => v.attachedImageId() === imageId);
  }
  /** One image of the product as an entry of its media (its position there), or nil. */
  mediaImage(imageId: number): MediaObject | null {
    return (this.media.find((m) => m.media_type === 'image' && m.id === imageId) as MediaObject | undefined) ?? null;
  }
  get variants_count(): number {
    return this.raw.variants.length;
  }
  get compare_at_price_min(): number | null {
    const prices = this.compareAtPrices;
    return prices.length ? Math.min(...prices) : null;
  }
  get compare_at_price_max(): number | null {
    const prices = this.compareAtPrices;
    return prices.length ? Math.max(...prices) : null;
  }
  private get compareAtPrices(): number[] {
    return this.once('compareAtPrices', () => this.allVariants.flatMap((v) => (v.compare_at_price === null ? [] : [v.compare_at_price])));
  }
  get compare_at_price_varies(): boolean {
    return this.compare_at_price_min !== this.compare_at_price_max;
  }
  get published_at(): string {
    return this.raw.created_at;
  }
  get category(): null {
    return null;
  }
  get selling_plan_groups(): unknown[] {
    return groupsOf(this.ctx.store, this.raw).map((g) => sellingPlanGroupObject(this.ctx, g, this.selectedSellingPlanId));
  }
  get requires_selling_plan(): boolean {
    return requiresSellingPlan(this.ctx.store, this.raw);
  }
  get selected_selling_plan(): Record<string, unknown> | null {
    const found = this.selectedSellingPlanId === null ? null : findPlan(this.ctx.store, this.raw, this.selectedSellingPlanId);
    return found ? sellingPlanObject(this.ctx, found.group, found.plan, this.selectedSellingPlanId) : null;
  }
  /** Needs both a selected variant (`?variant=`) and a selected plan (`?selling_plan=`). */
  get selected_selling_plan_allocation(): Record<string, unknown> | null {
    return this.selected_variant?.selected_selling_plan_allocation ?? null;
  }
  /** The selected allocation, else the first allocation of the first available (or first) variant. */
  get selected_or_first_available_selling_plan_allocation(): unknown {
    if (this.selected_selling_plan_allocation) return this.selected_selling_plan_allocation;
    const variant = this.first_available_variant ?? this.allVariants[0] ?? null;
    return variant?.selling_plan_allocations[0] ?? null;
  }
  get ['quantity_price_breaks_configured?'](): boolean {
    return false;
  }
  get ['gift_card?'](): boolean {
    return !!this.raw.gift_card;
  }
  /** Images, videos, external videos and 3D models, in the merchant's order (media.ts). */
  get media(): (MediaObject | Record<string, unknown>)[] {
    return this.once('media', () =>
      mediaOrder(this.raw).map((entry, n) =>
        entry.kind === 'image'
          ? productImage(this.ctx, this.raw, entry.image, n + 1, (id) => this.variantsShowing(id))
          : otherMedia(this.ctx, this.raw, entry.media, n + 1),
      ),
    );
  }
  get featured_image(): ImageObject | null {
    return firstImage(this.ctx, this.raw);
  }
  get featured_media(): MediaObject | Record<string, unknown> | null {
    return this.media[0] ?? null;
  }
  get options(): string[] {
    return this.raw.options.map((o) => text(this.ctx, o.name));
  }
  /** product_option objects: values are product_option_value objects that print as their name. */
  get options_with_values(): ProductOption[] {
    return this.once('options_with_values', () => {
      const selected = this.selectedOptionNames();
      return this.raw.options.map((o, i) => {
        const values = o.values.map((value, v) => new ProductOptionValueDrop(this, i, v, value));
        const selectedValue = selected[i] ?? null;
        return { name: text(this.ctx, o.name), position: i + 1, values, selected_value: selectedValue, value: selectedValue };
      });
    });
  }
  get options_by_name(): Record<string, ProductOption> {
    return Object.fromEntries(
      this.options_with_values.flatMap((o) => [
        [o.name, o],
        [o.name.toLowerCase(), o],
      ]),
    );
  }
  get has_only_default_variant(): boolean {
    return this.raw.variants.length === 1 && this.raw.options.length === 0;
  }
  get selected_variant(): VariantDrop | null {
    const values = this.selectedValues;
    if (values) return this.allVariants.find((v) => v.options.every((o, i) => o === values[i])) ?? null;
    return this.selectedVariantId === null ? null : (this.allVariants.find((v) => v.id === this.selectedVariantId) ?? null);
  }
  get first_available_variant(): VariantDrop | null {
    return this.allVariants.find((v) => v.available) ?? null;
  }
  /** Chosen option values no variant has: nil, as the platform answers (the theme shows "unavailable"). */
  get selected_or_first_available_variant(): VariantDrop | null {
    if (this.selectedValues) return this.selected_variant;
    return this.selected_variant ?? this.first_available_variant ?? this.allVariants[0] ?? null;
  }
  /** The selected value of each option: the request's option values, else the selected or first available variant's. */
  selectedOptionNames(): string[] {
    return this.selectedValues ?? this.selected_or_first_available_variant?.options ?? [];
  }
  get collections(): CollectionDrop[] {
    return this.once('collections', () => (this.ctx.store.collectionsByProductHandle.get(this.raw.handle) ?? []).map((c) => new CollectionDrop(this.ctx, c)));
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return this.once('metafields', () => ownerMetafields(this.ctx, 'product', this.raw.metafields));
  }
  toLiquidJSON(): unknown {
    return {
      id: this.id,
      title: this.title,
      handle: this.handle,
      description: this.description,
      published_at: this.created_at,
      created_at: this.created_at,
      vendor: this.vendor,
      type: this.type,
      tags: this.tags,
      price: this.price,
      price_min: this.price_min,
      price_max: this.price_max,
      available: this.available,
      price_varies: this.price_varies,
      compare_at_price: this.compare_at_price,
      variants: this.variants.map((v) => v.toLiquidJSON()),
      images: this.images.map((i) => i.src),
      featured_image: this.featured_image?.src ?? null,
      options: this.options,
      url: this.url,
      requires_selling_plan: this.requires_selling_plan,
      selling_plan_groups: groupsJson(this.ctx, this.raw),
    };
  }
  /** What the structured_data filter prints: schema.org Product with an offer per variant. */
  toStructuredData(): unknown {
    return {
      '@context': 'http://schema.org/',
      '@type': 'Product',
      name: this.title,
      url: this.url,
      sku: this.raw.metafields?.custom?.['style_number'] ?? undefined,
      image: this.featured_image ? [`${this.featured_image.src}?width=1000`] : [],
      description:
        this.description
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim() || undefined,
      brand: { '@type': 'Brand', name: this.vendor },
      offers: this.variants.map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        price: (v.price / 100).toFixed(2),
        priceCurrency: this.ctx.currency,
        availability: v.available ? 'http://schema.org/InStock' : 'http://schema.org/OutOfStock',
        url: v.url,
      })),
    };
  }
}

/**
 * A collection's products in each order, language and currency, sorted once: a preview's store
 * is loaded when it starts and nothing changes it while it runs (a store change is a new
 * preview). Sorting a 5,000-product list by title in the language's collation cost every one of
 * its 250-product pages about 30 ms (its 20 index pages rendered twice: 3.6–3.8 s sorted each
 * time, 2.5–2.8 s sorted once).
 */
const sortedOrders = new WeakMap<readonly string[], Map<string, FixtureProduct[]>>();

export class CollectionDrop implements Paginatable {
  private window: { offset: number; size: number } | null = null;
  /** The sort a query asked for (`?sort_by=`), applied before the page window. */
  sortBy: string | null = null;
  constructor(
    private ctx: DropContext,
    readonly raw: FixtureCollection,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get handle(): string {
    return this.raw.handle;
  }
  get title(): string {
    return text(this.ctx, this.raw.title);
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/collections/${this.raw.handle}`);
  }
  get description(): string {
    return text(this.ctx, this.raw.description ?? null);
  }
  get template_suffix(): string | null {
    return this.raw.template_suffix ?? null;
  }
  get image(): ImageObject | null {
    if (!this.raw.image) return null;
    // The file's own size, as the platform reports it (a cover may be portrait or wide).
    const size = imageSize(join(this.ctx.store.imagesDir, this.raw.image)) ?? { width: 2000, height: 1200 };
    return imageObject(this.ctx, this.raw.image, size.width, size.height, this.raw.title);
  }
  get featured_image(): ImageObject | null {
    return this.image ?? this.allProducts()[0]?.featured_image ?? null;
  }
  private metafieldsMemo: Record<string, Record<string, MetafieldDrop>> | null = null;
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return (this.metafieldsMemo ??= ownerMetafields(this.ctx, 'collection', this.raw.metafields));
  }
  /** Products after the storefront filters of the query (all of them without any). */
  get products_count(): number {
    return this.filteredProducts().length;
  }
  get published_at(): string | null {
    return this.allProducts()[0]?.created_at ?? null;
  }
  get all_tags(): string[] {
    return [...new Set(this.allProducts().flatMap((p) => p.tags))].sort();
  }
  get tags(): string[] {
    return [...new Set(this.products.flatMap((p) => p.tags))].sort();
  }
  get all_types(): string[] {
    return [
      ...new Set(
        this.allProducts()
          .map((p) => p.type)
          .filter(Boolean),
      ),
    ].sort();
  }
  get all_vendors(): string[] {
    return [
      ...new Set(
        this.allProducts()
          .map((p) => p.vendor)
          .filter(Boolean),
      ),
    ].sort();
  }
  get current_type(): string | null {
    return null;
  }
  get current_vendor(): string | null {
    return null;
  }
  /**
   * The shop's storefront filters (filters.json), with this page's query applied; none on a
   * collection of more than 5,000 products, which the platform does not filter.
   */
  get filters(): FilterDrop[] {
    if (this.raw.products.length > FILTERED_COLLECTION_LIMIT) return [];
    return this.filtering().filters();
  }
  /** The query's `filter.*` parameters, read once the route hands the query over. */
  query: URLSearchParams = new URLSearchParams();
  private filteringMemo: Filtering | null = null;
  private filtering(): Filtering {
    return (this.filteringMemo ??= new Filtering(this.ctx, this.rawProducts(), this.url, this.query, this.raw.products));
  }
  private rawProducts(): FixtureProduct[] {
    return this.raw.products.map((handle) => this.ctx.store.productsByHandle.get(handle)).filter((p): p is FixtureProduct => !!p);
  }
  /** Set on a product page reached through this collection; the preview's product pages are not. */
  get next_product(): null {
    return null;
  }
  get previous_product(): null {
    return null;
  }
  get all_products_count(): number {
    return this.raw.products.length;
  }
  get default_sort_by(): string {
    return this.raw.sort_order === 'manual' ? 'manual' : (this.raw.sort_order ?? 'manual');
  }
  /** The sort the address asked for; nil without one (themes write `sort_by | default: default_sort_by`). */
  get sort_by(): string | null {
    return this.sortBy;
  }
  /** The order the products are in: the address's sort, else the collection's own. */
  private get order(): string {
    return this.sortBy ?? this.default_sort_by;
  }
  get sort_options(): { name: string; value: string }[] {
    return COLLECTION_SORTS.map((value) => ({ name: sortOptionName(value, this.ctx.language), value }));
  }
  private productsMemo: { sortBy: string; products: ProductDrop[] } | null = null;
  /** Every product of the collection, unfiltered, in the page's sort order. */
  allProducts(): ProductDrop[] {
    if (this.productsMemo?.sortBy !== this.order) {
      const key = `${this.order}|${this.ctx.language}|${this.ctx.currency}`;
      let orders = sortedOrders.get(this.raw.products);
      if (!orders) sortedOrders.set(this.raw.products, (orders = new Map<string, FixtureProduct[]>()));
      const kept = orders.get(key);
      let products: ProductDrop[];
      if (kept) products = kept.map((p) => new ProductDrop(this.ctx, p));
      else {
        products = sortProducts(
          this.rawProducts().map((p) => new ProductDrop(this.ctx, p)),
          this.order,
          this.ctx.language,
        );
        orders.set(
          key,
          products.map((p) => p.raw),
        );
      }
      this.productsMemo = { sortBy: this.order, products };
    }
    return this.productsMemo.products;
  }
  /** The products the query's filters let through, sorted. */
  private filteredProducts(): ProductDrop[] {
    // Most pages ask for no filter: their list is the collection's, without reading the filters.
    if (![...this.query.keys()].some((name) => name.startsWith('filter.'))) return this.allProducts();
    const filtering = this.filtering();
    if (!filtering.active) return this.allProducts();
    const kept = new Set(filtering.results());
    return this.allProducts().filter((p) => kept.has(p.raw));
  }
  get products(): ProductDrop[] {
    const all = this.filteredProducts();
    return this.window ? all.slice(this.window.offset, this.window.offset + this.window.size) : all.slice(0, UNPAGINATED_LIMIT);
  }
  paginationTotal(): number {
    return this.filteredProducts().length;
  }
  setPageWindow(_property: string, window: { offset: number; size: number } | null): void {
    this.window = window;
  }
  toLiquidJSON(): unknown {
    return { id: this.id, handle: this.handle, title: this.title, description: this.description, published_at: null, image: this.image };
  }
}

/** The platform's collection sort orders (`?sort_by=`); 'manual' is the collection's own order. */
export const COLLECTION_SORTS = [
  'manual',
  'best-selling',
  'title-ascending',
  'title-descending',
  'price-ascending',
  'price-descending',
  'created-ascending',
  'created-descending',
] as const;

// The names the platform gives its sort orders in the storefront's language (the English ones are
// the platform's; the Ukrainian ones are the preview's wording of them).
const SORT_OPTION_NAMES: Record<string, { en: string; uk: string }> = {
  manual: { en: 'Featured', uk: 'Рекомендовані' },
  'best-selling': { en: 'Best selling', uk: 'Найпопулярніші' },
  'title-ascending': { en: 'Alphabetically, A-Z', uk: 'За алфавітом, А–Я' },
  'title-descending': { en: 'Alphabetically, Z-A', uk: 'За алфавітом, Я–А' },
  'price-ascending': { en: 'Price, low to high', uk: 'Ціна: від низької до високої' },
  'price-descending': { en: 'Price, high to low', uk: 'Ціна: від високої до низької' },
  'created-ascending': { en: 'Date, old to new', uk: 'Дата: від старих до нових' },
  'created-descending': { en: 'Date, new to old', uk: 'Дата: від нових до старих' },
  relevance: { en: 'Relevance', uk: 'За відповідністю' },
};

export function sortOptionName(value: string, language: string): string {
  const names = SORT_OPTION_NAMES[value];
  if (!names) return value;
  return language === 'uk' ? names.uk : names.en;
}

function sortProducts(products: ProductDrop[], sortBy: string, language: string): ProductDrop[] {
  const sorted = [...products];
  switch (sortBy) {
    case 'title-ascending':
    case 'title-descending': {
      // localeCompare's order, with one collator and each title read once: 50,000 titles sorted
      // by localeCompare took seconds.
      const collator = new Intl.Collator(language);
      const keyed = sorted.map((product) => ({ product, title: product.title }));
      const direction = sortBy === 'title-ascending' ? 1 : -1;
      keyed.sort((a, b) => direction * collator.compare(a.title, b.title));
      return keyed.map((k) => k.product);
    }
    case 'price-ascending':
      return sorted.sort((a, b) => a.price - b.price);
    case 'price-descending':
      return sorted.sort((a, b) => b.price - a.price);
    case 'created-ascending':
      return sorted.sort((a, b) => a.created_at.localeCompare(b.created_at));
    case 'created-descending':
      return sorted.sort((a, b) => b.created_at.localeCompare(a.created_at));
    default:
      return sorted; // manual, best-selling (the fixtures hold no sales figures)
  }
}

/**
 * A handle-keyed global (`collections`, `pages`, `all_products`, `linklists`). Looping over one
 * stops at 50 unless it is paginated (`{% paginate collections by 20 %}`).
 */
export class LookupDrop<T> extends Drop implements Paginatable {
  private window: { offset: number; size: number } | null = null;
  constructor(
    private lookup: (key: string) => T | undefined,
    private list: () => T[],
    private limit = UNPAGINATED_LIMIT,
  ) {
    super();
  }
  // One object per handle for the whole render: `{% paginate collections.all.products by 50 %}`
  // sets its page window on the object the loop inside then reads.
  private cache = new Map<string, T | undefined>();
  override liquidMethodMissing(key: string): T | undefined {
    if (!this.cache.has(key)) this.cache.set(key, this.lookup(key));
    return this.cache.get(key);
  }
  get size(): number {
    return this.list().length;
  }
  private visible(): T[] {
    return this.window ? this.list().slice(this.window.offset, this.window.offset + this.window.size) : this.list().slice(0, this.limit);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.visible()[Symbol.iterator]();
  }
  paginationTotal(): number {
    return this.list().length;
  }
  setPageWindow(_property: string, window: { offset: number; size: number } | null): void {
    this.window = window;
  }
  toLiquidJSON(): unknown {
    return this.visible();
  }
}

export class PageDrop {
  constructor(
    private ctx: DropContext,
    readonly raw: FixturePage,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get handle(): string {
    return this.raw.handle;
  }
  get title(): string {
    return text(this.ctx, this.raw.title);
  }
  get object_type(): string {
    return 'page';
  }
  get content(): string {
    return text(this.ctx, this.raw.body_html);
  }
  get author(): string | null {
    return null;
  }
  get published_at(): string | null {
    return null;
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/pages/${this.raw.handle}`);
  }
  get template_suffix(): string | null {
    return this.raw.template_suffix ?? null;
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return ownerMetafields(this.ctx, 'page', this.raw.metafields);
  }
  toLiquidJSON(): unknown {
    return { id: this.id, handle: this.handle, title: this.title, content: this.content, url: this.url };
  }
}

export function addressObject(address: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!address) return null;
  const field = (k: string): string => String(address[k] ?? '');
  const name = [field('first_name'), field('last_name')].filter(Boolean).join(' ');
  const street = [field('address1'), field('address2')].filter(Boolean).join(', ');
  return {
    ...address,
    name,
    street,
    url: `/account/addresses/${field('id')}`,
    summary: [street, field('city'), field('province'), field('zip'), field('country')].filter(Boolean).join(', '),
  };
}

export class OrderDrop {
  constructor(
    private ctx: DropContext,
    readonly raw: FixtureOrder,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get name(): string {
    return this.raw.name;
  }
  get order_number(): number {
    return this.raw.order_number;
  }
  get created_at(): string {
    return this.raw.created_at;
  }
  get financial_status(): string {
    return this.raw.financial_status;
  }
  get fulfillment_status(): string {
    return this.raw.fulfillment_status ?? 'unfulfilled';
  }
  get currency(): string {
    return this.raw.currency;
  }
  // Amounts are in the currency the order was placed in (the money filters write them so).
  private money(cents: number): MoneyDrop {
    const { money_format: formats, money_with_currency_format: withCurrency } = this.ctx.store.shop;
    const code = this.raw.currency;
    return new MoneyDrop(cents, formats[code] ?? `{{amount}} ${code}`, withCurrency[code] ?? `{{amount}} ${code}`);
  }
  get total_price(): MoneyDrop {
    return this.money(this.raw.total_price);
  }
  get subtotal_price(): MoneyDrop {
    return this.money(this.raw.subtotal_price ?? this.raw.total_price);
  }
  get shipping_price(): MoneyDrop {
    return this.money(this.raw.shipping_price ?? 0);
  }
  get email(): string {
    return this.raw.email;
  }
  get shipping_address(): Record<string, unknown> | null {
    return addressObject(this.raw.shipping_address as Record<string, unknown> | null);
  }
  /** shipping_method objects: the order's shipping price is its one method's. */
  get shipping_methods(): Record<string, unknown>[] {
    return (this.raw.shipping_methods ?? []).map((method, index) => ({
      ...method,
      id: `${this.raw.id}-${index + 1}`,
      handle: method.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-'),
      price: this.shipping_price,
      original_price: this.shipping_price,
      price_with_discounts: this.shipping_price,
      tax_lines: [],
      discount_allocations: [],
    }));
  }
  get customer_url(): string {
    return storefrontUrl(this.ctx, `/account/orders/${this.raw.id}`);
  }
  get customer_order_url(): string {
    return this.customer_url;
  }
  get order_status_url(): string {
    return this.customer_url;
  }
  get confirmation_number(): string {
    return this.raw.name.replace(/\W/g, '');
  }
  get financial_status_label(): string {
    return this.raw.financial_status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  }
  get fulfillment_status_label(): string {
    return this.fulfillment_status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  }
  get item_count(): number {
    return this.raw.line_items.reduce((sum, i) => sum + i.quantity, 0);
  }
  get subtotal_line_items(): Record<string, unknown>[] {
    return this.line_items;
  }
  /** After line-level discounts only (the order's own discounts come off subtotal_price). */
  get line_items_subtotal_price(): MoneyDrop {
    const lines = this.raw.line_items.reduce((sum, item) => sum + item.price * item.quantity - this.lineLevelAmount(item), 0);
    return this.money(lines);
  }
  get total_discounts(): MoneyDrop {
    return this.money((this.raw.discount_applications ?? []).reduce((sum, a) => sum + a.total_allocated_amount, 0));
  }
  // One object per application, so a line's allocation and the order's list hold the same one.
  private applicationsMemo: Record<string, unknown>[] | null = null;
  private get applications(): Record<string, unknown>[] {
    return (this.applicationsMemo ??= (this.raw.discount_applications ?? []).map((a) => ({
      title: a.title,
      type: a.type,
      value: a.value_type === 'fixed_amount' ? this.money(a.value) : a.value,
      value_type: a.value_type,
      target_type: 'line_item',
      target_selection: a.target_selection,
      total_allocated_amount: this.money(a.total_allocated_amount),
    })));
  }
  private isLineLevel(index: number): boolean {
    return (this.raw.discount_applications ?? [])[index]?.target_selection !== 'all';
  }
  private lineLevelAmount(item: FixtureOrder['line_items'][number]): number {
    return (item.discount_allocations ?? []).filter((d) => this.isLineLevel(d.application)).reduce((sum, d) => sum + d.amount, 0);
  }
  get discounts(): unknown[] {
    return [];
  }
  get total_net_amount(): MoneyDrop {
    return this.total_price;
  }
  get total_refunded_amount(): number {
    return 0;
  }
  get total_duties(): number | null {
    return null;
  }
  get tax_price(): number {
    return 0;
  }
  get tax_lines(): unknown[] {
    return [];
  }
  get transactions(): unknown[] {
    return [];
  }
  get discount_applications(): unknown[] {
    return this.applications;
  }
  get cart_level_discount_applications(): unknown[] {
    return this.applications.filter((_a, i) => !this.isLineLevel(i));
  }
  get attributes(): Record<string, string> {
    return {};
  }
  get note(): string | null {
    return null;
  }
  get tags(): string[] {
    return [];
  }
  get phone(): string | null {
    return null;
  }
  get billing_address(): Record<string, unknown> | null {
    return this.shipping_address;
  }
  get cancelled(): boolean {
    return false;
  }
  get cancelled_at(): string | null {
    return null;
  }
  get cancel_reason(): string | null {
    return null;
  }
  get cancel_reason_label(): string | null {
    return null;
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return {};
  }
  get customer(): Record<string, unknown> | null {
    return null;
  }
  get ['pickup_in_store?'](): boolean {
    return false;
  }
  get line_items(): Record<string, unknown>[] {
    return this.raw.line_items.map((item) => {
      const product = this.ctx.store.productsByHandle.get(item.product_handle);
      // An order keeps only the file's name: its size is the file's own.
      const size = item.image ? (imageSize(join(this.ctx.store.imagesDir, item.image)) ?? { width: 1600, height: 2400 }) : null;
      const allocations = (item.discount_allocations ?? []).map((d) => ({
        amount: this.money(d.amount),
        discount_application: this.applications[d.application] ?? null,
        lineLevel: this.isLineLevel(d.application),
      }));
      const lineLevel = this.lineLevelAmount(item);
      const allocation = ({ amount, discount_application }: (typeof allocations)[number]) => ({ amount, discount_application });
      return {
        id: item.id,
        title: text(this.ctx, item.title),
        quantity: item.quantity,
        price: this.money(item.price),
        original_price: this.money(item.price),
        final_price: this.money(item.price - Math.floor(lineLevel / item.quantity)),
        line_price: this.money(item.price * item.quantity),
        original_line_price: this.money(item.price * item.quantity),
        final_line_price: this.money(item.price * item.quantity - lineLevel),
        line_level_total_discount: this.money(lineLevel),
        line_level_discount_allocations: allocations.filter((a) => a.lineLevel).map(allocation),
        discount_allocations: allocations.map(allocation),
        total_discount: 0,
        image: item.image && size ? imageObject(this.ctx, item.image, size.width, size.height, item.title) : null,
        product: product
          ? {
              title: text(this.ctx, product.title),
              name: text(this.ctx, product.title),
              url: storefrontUrl(this.ctx, `/products/${product.handle}`),
              handle: product.handle,
            }
          : null,
        variant: { id: item.variant_id, options: item.options, title: item.options.join(' / ') },
        options: item.options,
        url: product ? storefrontUrl(this.ctx, `/products/${product.handle}`) : null,
      };
    });
  }
}

export class CustomerDrop implements Paginatable {
  private windows: Record<string, { offset: number; size: number } | null> = {};
  constructor(
    private ctx: DropContext,
    readonly raw: FixtureCustomer,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get email(): string {
    return this.raw.email;
  }
  get first_name(): string {
    return this.raw.first_name ?? '';
  }
  get last_name(): string {
    return this.raw.last_name ?? '';
  }
  get name(): string {
    return [this.first_name, this.last_name].filter(Boolean).join(' ') || this.email;
  }
  get phone(): string | null {
    return this.raw.phone ?? null;
  }
  get tags(): string[] {
    return this.raw.tags ?? [];
  }
  get accepts_marketing(): boolean {
    return !!this.raw.accepts_marketing;
  }
  get has_account(): boolean {
    return true;
  }
  get addresses_count(): number {
    return this.raw.addresses.length;
  }
  get orders_count(): number {
    return this.raw.orders.length;
  }
  get default_address(): Record<string, unknown> | null {
    const address = this.raw.addresses.find((a) => a.id === this.raw.default_address_id) ?? this.raw.addresses[0];
    return addressObject(address as unknown as Record<string, unknown>);
  }
  private slice<T>(property: string, all: T[]): T[] {
    const window = this.windows[property];
    return window ? all.slice(window.offset, window.offset + window.size) : all.slice(0, UNPAGINATED_LIMIT);
  }
  get addresses(): Record<string, unknown>[] {
    return this.slice(
      'addresses',
      this.raw.addresses.map((a) => addressObject(a as unknown as Record<string, unknown>) as Record<string, unknown>),
    );
  }
  get orders(): OrderDrop[] {
    const sorted = [...this.raw.orders].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return this.slice(
      'orders',
      sorted.map((o) => new OrderDrop(this.ctx, o)),
    );
  }
  get last_order(): OrderDrop | null {
    return this.orders[0] ?? null;
  }
  get total_spent(): number {
    return this.raw.orders.reduce((sum, o) => sum + o.total_price, 0);
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return {};
  }
  get tax_exempt(): boolean {
    return false;
  }
  get payment_methods(): unknown[] {
    return [];
  }
  get ['b2b?'](): boolean {
    return false;
  }
  get ['has_avatar?'](): boolean {
    return false;
  }
  get company_available_locations(): unknown[] {
    return [];
  }
  get company_available_locations_count(): number {
    return 0;
  }
  get current_location(): null {
    return null;
  }
  get current_company(): null {
    return null;
  }
  get store_credit_account(): null {
    return null;
  }
  paginationTotal(property: string): number {
    return property === 'orders' ? this.raw.orders.length : this.raw.addresses.length;
  }
  setPageWindow(property: string, window: { offset: number; size: number } | null): void {
    this.windows[property] = window;
  }
}

export type { FixtureCollection, FixturePage };

// A metafield may name a product or a collection (metafields.ts), and every product and collection
// has metafields: the drops are handed over here rather than imported there.
referenceDrops.product = (ctx, product) => new ProductDrop(ctx, product);
referenceDrops.collection = (ctx, collection) => new CollectionDrop(ctx, collection);
