import type { FixtureProduct, FixtureVariant, Store } from '../store/types.js';
import { Drop } from 'liquidjs';
import { localize } from '../store/load-store.js';
import { imageObject, ProductDrop, VariantDrop, variantAvailable, type DropContext } from './drops.js';
import { notice } from './notices.js';
import { applicationJson, applicationLiquid, cartDiscounts, parseDiscountCodes, type CartDiscounts, type DiscountAllocation } from './discounts.js';
import { findPlan, requiresSellingPlan, sellingPlanAllocation } from './selling-plans.js';
import { measurementObject, unitPrice } from './unit-prices.js';
import { recipientErrors, shopperToday } from './gift-cards.js';

/** One line of a session's cart; the platform merges adds of the same variant and properties. */
export interface CartLine {
  variantId: number;
  quantity: number;
  properties: Record<string, string>;
  /** The selling plan the line is bought with (a subscription, a pre-order), if any. */
  sellingPlanId?: number | null;
}

export interface CartState {
  token: string;
  note: string;
  attributes: Record<string, string>;
  lines: CartLine[];
  currency: string;
  /** Discount codes the shopper entered, as entered (the platform keeps ones that do not apply too). */
  discountCodes: string[];
}

export class CartError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body['description'] ?? body['message']));
  }
}

function cartError(statusCode: number, description: string, message = 'Cart Error'): CartError {
  return new CartError(statusCode, { status: statusCode, message, description });
}

function badRequest(description: string): CartError {
  return new CartError(400, { status: 'bad_request', message: description, description });
}

export function newCart(token: string, currency: string): CartState {
  return { token, note: '', attributes: {}, lines: [], currency, discountCodes: [] };
}

function lineKey(line: CartLine): string {
  // Lines with other properties or another selling plan are other lines.
  const props = JSON.stringify([...Object.entries(line.properties).sort(), ...(line.sellingPlanId ? [['selling_plan', line.sellingPlanId]] : [])]);
  let hash = 0;
  for (const c of props) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `${line.variantId}:${hash.toString(16).padStart(8, '0')}`;
}

interface Located {
  product: FixtureProduct;
  variant: FixtureVariant;
}

function locate(store: Store, variantId: number): Located | null {
  const variant = store.variantsById.get(variantId);
  const product = store.productByVariantId.get(variantId);
  return variant && product ? { product, variant } : null;
}

/** The platform's answer to a quantity that is not a whole number (observed body). */
function notAnInteger(): CartError {
  return badRequest('expected String to be a Integer: quantity');
}

// Larger quantities are not a cart, they are a typo or an attack; the platform's integers are 32-bit.
const MAX_QUANTITY = 2_147_483_647;

/** Quantities arrive as numbers or strings; the platform accepts only whole numbers ≥ 0. */
export function parseQuantity(raw: unknown, fallback: number | null, language = 'en'): number {
  if (raw === undefined || raw === null || raw === '') {
    if (fallback === null) throw notAnInteger();
    return fallback;
  }
  if (typeof raw !== 'number' && typeof raw !== 'string') throw notAnInteger();
  const text = String(raw).trim();
  if (!/^-?\d+$/.test(text)) throw notAnInteger();
  const value = Number(text);
  if (value < 0 || value > MAX_QUANTITY) throw cartError(422, notice(language, 'invalid_input', { parameter: 'quantity' }));
  return value;
}

export function parseVariantId(raw: unknown): number {
  const text = String(raw ?? '').trim();
  if (!/^\d{1,18}$/.test(text)) throw new CartError(404, { status: 404, message: 'Cart Error', description: 'Cannot find variant' });
  return Number(text);
}

function stockLimit(product: FixtureProduct, variant: FixtureVariant): number {
  const policy = variant.inventory_policy ?? product.inventory_policy ?? 'deny';
  return policy === 'continue' ? Number.POSITIVE_INFINITY : Math.max(0, variant.inventory_quantity);
}

export const MAX_CART_LINES = 500;

/**
 * POST /cart/add(.js): returns the lines that were added or raised. A new line goes to the top of
 * the cart, as on the platform (what was just added is what the bag shows first, with or without
 * JavaScript); a line that only grows keeps its place.
 */
export function addItems(store: Store, cart: CartState, language: string, items: unknown[]): CartLine[] {
  if (!items.length) throw badRequest(notice(language, 'missing_parameters'));
  if (items.length > MAX_CART_LINES) throw cartError(422, notice(language, 'too_many_line_items_error', { max: MAX_CART_LINES }));
  const planned = cart.lines.map((l) => ({ ...l }));
  let propertiesInCart = planned.reduce((sum, l) => sum + propertiesSize(l.properties), 0);
  const touched: CartLine[] = [];
  const created: CartLine[] = [];
  const newestFirst = (): CartLine[] => [...created, ...planned.filter((l) => !created.includes(l))].filter((l) => l.quantity > 0);
  for (const raw of items) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(notice(language, 'invalid_input', { parameter: 'items' }));
    const item = raw as { id?: unknown; quantity?: unknown; properties?: unknown; selling_plan?: unknown };
    const variantId = parseVariantId(item.id);
    const quantity = parseQuantity(item.quantity, 1, language);
    // Adding nothing is not an add: the platform answers with the quantity rule.
    if (quantity < 1) throw cartError(422, notice(language, 'less_than_minimum', { min: 1 }));
    const found = locate(store, variantId);
    if (!found) throw new CartError(404, { status: 404, message: 'Cart Error', description: notice(language, 'variant_not_found') });
    const name = localize(found.product.title, language, store.shop.primary_locale);
    if (!variantAvailable(found.variant, found.product.inventory_policy)) {
      throw cartError(422, notice(language, 'product_sold_out', { name }));
    }
    const properties = sanitiseProperties(item.properties, language);
    const sellingPlanId = checkedSellingPlan(store, found.product, item.selling_plan, language);
    if (found.product.gift_card) {
      const errors = recipientErrors(properties, shopperToday(properties, new Date()));
      if (errors) throw giftCardError(language, errors);
    }
    const candidate: CartLine = { variantId, quantity: 0, properties, ...(sellingPlanId ? { sellingPlanId } : {}) };
    const key = lineKey(candidate);
    let line = planned.find((l) => lineKey(l) === key);
    if (!line) {
      if (planned.length >= MAX_CART_LINES) throw cartError(422, notice(language, 'too_many_line_items_error', { max: MAX_CART_LINES }));
      propertiesInCart += propertiesSize(properties);
      if (propertiesInCart > MAX_CART_PROPERTIES_SIZE) throw cartError(422, notice(language, 'cart_too_large'));
      line = candidate;
      planned.push(line);
      created.push(line);
    }
    const inCart = planned.filter((l) => l.variantId === variantId).reduce((sum, l) => sum + l.quantity, 0);
    const limit = stockLimit(found.product, found.variant);
    if (inCart + quantity > limit) {
      // The platform's current stock messages [CHG]: all stock already in the bag, or only part
      // of the request available. In the second case the available units are added (as the
      // platform documents) and the answer is still 422.
      if (inCart >= limit) throw cartError(422, notice(language, 'maximum_available_quantity_reached'));
      const added = limit - inCart;
      line.quantity += added;
      cart.lines = newestFirst();
      if (inCart === 0) {
        const message = added === 1 ? notice(language, 'only_one_added_to_cart') : notice(language, 'only_n_added_to_cart', { quantity: added });
        throw new CartError(422, { status: 422, message, description: message });
      }
      throw cartError(422, notice(language, 'too_many_items_in_cart', { name }));
    }
    line.quantity += quantity;
    touched.push(line);
  }
  cart.lines = newestFirst();
  return touched;
}

/**
 * The selling plan an add asks for, checked against the product: a plan of another product, or
 * none for a product that can only be bought with one, is refused as the platform refuses it.
 */
function checkedSellingPlan(store: Store, product: FixtureProduct, raw: unknown, language: string): number | null {
  if (raw === undefined || raw === null || raw === '') {
    if (requiresSellingPlan(store, product)) throw cartError(422, notice(language, 'variant_requires_selling_plan'));
    return null;
  }
  const text = String(raw).trim();
  const id = /^\d{1,18}$/.test(text) ? Number(text) : Number.NaN;
  if (!findPlan(store, product, id)) throw cartError(422, notice(language, 'selling_plan_not_applicable'));
  return id;
}

/** A gift card's recipient form with mistakes: 422 with the fields' errors, as the platform answers. */
function giftCardError(language: string, errors: Record<string, string[]>): CartError {
  const description = notice(language, 'gift_card_recipient_validation_error');
  return new CartError(422, { status: 422, message: 'Cart Error', description, errors });
}

/** The platform takes at most 250 properties on a line (CartLineInput attributes, Storefront API). */
export const MAX_LINE_PROPERTIES = 250;
/**
 * The preview's bound on the line properties of one cart in all (as the JSON /cart.js carries
 * them); past it an add answers as the platform does a cart too large to save (CART_TOO_LARGE).
 */
export const MAX_CART_PROPERTIES_SIZE = 256 * 1024;

function sanitiseProperties(raw: unknown, language: string): Record<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_LINE_PROPERTIES) throw cartError(422, notice(language, 'too_many_properties', { max: MAX_LINE_PROPERTIES }));
  return Object.fromEntries(entries.map(([k, v]) => [k.slice(0, 255), String(v).slice(0, 1000)]));
}

/** What a line's properties add to the cart's JSON, in bytes. */
function propertiesSize(properties: Record<string, string>): number {
  return Object.keys(properties).length ? Buffer.byteLength(JSON.stringify(properties)) : 0;
}

/** POST /cart/change(.js): one line by 1-based `line` or by variant id / line key `id`. */
export function changeLine(
  store: Store,
  cart: CartState,
  language: string,
  input: { line?: unknown; id?: unknown; quantity?: unknown; selling_plan?: unknown },
): void {
  // `selling_plan` adds, swaps or (null or '') removes the line's plan; then the quantity may be left out.
  const changesPlan = input.selling_plan !== undefined;
  const requested =
    changesPlan && (input.quantity === undefined || input.quantity === null || input.quantity === '') ? null : parseQuantity(input.quantity, null, language);
  let index = -1;
  if (input.line !== undefined && input.line !== null && input.line !== '') {
    const text = String(input.line).trim();
    if (!/^\d{1,9}$/.test(text)) {
      const message = notice(language, 'invalid_input', { parameter: 'line' });
      throw new CartError(422, { status: 'unprocessable_entity', message, description: message });
    }
    index = Number(text) - 1;
  } else if (input.id !== undefined && input.id !== null && input.id !== '') {
    const id = String(input.id);
    index = cart.lines.findIndex((l) => lineKey(l) === id || String(l.variantId) === id);
  }
  const line = index >= 0 ? cart.lines[index] : undefined;
  if (!line) throw badRequest(notice(language, 'missing_parameters'));
  const quantity = requested ?? line.quantity;
  if (quantity === 0) {
    cart.lines.splice(index, 1);
    return;
  }
  const found = locate(store, line.variantId);
  if (!found) {
    cart.lines.splice(index, 1);
    return;
  }
  const others = cart.lines.filter((l, i) => i !== index && l.variantId === line.variantId).reduce((s, l) => s + l.quantity, 0);
  const limit = stockLimit(found.product, found.variant) - others;
  if (quantity > line.quantity && quantity > limit) {
    if (line.quantity >= limit) throw cartError(422, notice(language, 'maximum_available_quantity_reached'));
    const name = localize(found.product.title, language, store.shop.primary_locale);
    throw cartError(422, notice(language, 'only_n_items_available', { count: Math.max(0, limit), name }));
  }
  if (changesPlan) line.sellingPlanId = checkedSellingPlan(store, found.product, input.selling_plan, language);
  line.quantity = quantity;
}

/** The platform takes at most 250 cart attributes (AttributeInput lists, Storefront API). */
export const MAX_CART_ATTRIBUTES = 250;
/** The preview's bound on what the attributes of one cart may hold in all (keys and values). */
export const MAX_CART_ATTRIBUTES_SIZE = 64 * 1024;

/**
 * POST /cart/update(.js): `updates` by variant id / key, or an array in line order. No stock
 * check. Bounded as add is: a request that would leave more than MAX_CART_LINES lines, or more
 * attributes than the platform keeps, changes nothing and answers 422.
 */
export function updateCart(
  store: Store,
  cart: CartState,
  language: string,
  input: { updates?: unknown; note?: unknown; attributes?: unknown; discount?: unknown },
): void {
  const updates = input.updates;
  let lines = cart.lines.map((l) => ({ ...l }));
  if (Array.isArray(updates)) {
    if (updates.length !== lines.length) throw badRequest(notice(language, 'invalid_input', { parameter: 'updates' }));
    const quantities = updates.map((q) => parseQuantity(q, null, language));
    lines = lines.map((l, i) => ({ ...l, quantity: quantities[i] ?? l.quantity })).filter((l) => l.quantity > 0);
  } else if (updates && typeof updates === 'object') {
    const entries = Object.entries(updates as Record<string, unknown>);
    if (entries.length > MAX_CART_LINES) throw cartError(422, notice(language, 'too_many_line_items_error', { max: MAX_CART_LINES }));
    for (const [key, raw] of entries) {
      const quantity = parseQuantity(raw, null, language);
      const index = lines.findIndex((l) => lineKey(l) === key || String(l.variantId) === key);
      if (index >= 0) {
        if (quantity === 0) lines.splice(index, 1);
        else lines[index]!.quantity = quantity;
      } else if (quantity > 0) {
        const variantId = parseVariantId(key);
        if (!locate(store, variantId)) throw new CartError(404, { status: 404, message: 'Cart Error', description: notice(language, 'variant_not_found') });
        if (lines.length >= MAX_CART_LINES) throw cartError(422, notice(language, 'too_many_line_items_error', { max: MAX_CART_LINES }));
        lines.push({ variantId, quantity, properties: {} });
      }
    }
  }
  const attributes =
    input.attributes && typeof input.attributes === 'object'
      ? mergedAttributes(cart.attributes, input.attributes as Record<string, unknown>, language)
      : cart.attributes;
  cart.lines = lines;
  cart.attributes = attributes;
  if (typeof input.note === 'string') cart.note = input.note.slice(0, 5000);
  // `discount` replaces the cart's codes ("A,B"; "" removes them all), as the platform's update does.
  if (input.discount !== undefined && input.discount !== null) cart.discountCodes = parseDiscountCodes(input.discount);
}

/** The cart's attributes with `changes` applied (a blank value removes one), within the bounds. */
function mergedAttributes(current: Record<string, string>, changes: Record<string, unknown>, language: string): Record<string, string> {
  // No prototype: a key named __proto__ is an attribute like any other.
  const merged: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, current);
  for (const [k, v] of Object.entries(changes)) {
    const key = k.slice(0, 255);
    const value = v === null || v === undefined ? '' : String(v).slice(0, 1000);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  const keys = Object.keys(merged);
  if (keys.length > MAX_CART_ATTRIBUTES) throw cartError(422, notice(language, 'too_many_attributes', { max: MAX_CART_ATTRIBUTES }));
  const size = keys.reduce((sum, key) => sum + key.length + merged[key]!.length, 0);
  if (size > MAX_CART_ATTRIBUTES_SIZE) throw cartError(422, notice(language, 'attributes_too_large', { max: MAX_CART_ATTRIBUTES_SIZE / 1024 }));
  return merged;
}

export interface CartContext {
  store: Store;
  language: string;
  localePrefix: string;
}

function priceOf(variant: FixtureVariant, currency: string): number {
  return variant.price[currency] ?? Object.values(variant.price)[0] ?? 0;
}

/** A line's unit price before discounts, and its selling plan allocation if it has a plan. */
function linePricing(ctx: CartContext, cart: CartState, line: CartLine, found: Located): { price: number; allocation: Record<string, unknown> | null } {
  const plan = line.sellingPlanId ? findPlan(ctx.store, found.product, line.sellingPlanId) : null;
  if (!plan) return { price: priceOf(found.variant, cart.currency), allocation: null };
  const allocation = sellingPlanAllocation({ store: ctx.store, language: ctx.language, currency: cart.currency }, found.variant, plan.group, plan.plan);
  return { price: Number(allocation['price']), allocation };
}

/** The discounts on the cart as it is: automatic ones and its codes, line by line. */
export function discountsOf(ctx: CartContext, cart: CartState): CartDiscounts {
  const priced = cart.lines.flatMap((line) => {
    const found = locate(ctx.store, line.variantId);
    if (!found) return [];
    return [
      {
        productHandle: found.product.handle,
        quantity: line.quantity,
        unitPrice: linePricing(ctx, cart, line, found).price,
        giftCard: !!found.product.gift_card,
      },
    ];
  });
  return cartDiscounts(ctx.store, priced, cart.discountCodes, cart.currency, ctx.language);
}

const allocationJson = (a: DiscountAllocation): Record<string, unknown> => ({ amount: a.amount, discount_application: applicationJson(a.application) });
const sum = (allocations: DiscountAllocation[]): number => allocations.reduce((total, a) => total + a.amount, 0);

/** The platform's line JSON (AJAX API shape). */
export function lineJson(ctx: CartContext, cart: CartState, line: CartLine, discounts: CartDiscounts = discountsOf(ctx, cart)): Record<string, unknown> | null {
  const found = locate(ctx.store, line.variantId);
  if (!found) return null;
  const { product, variant } = found;
  const title = localize(product.title, ctx.language, ctx.store.shop.primary_locale);
  const { price, allocation } = linePricing(ctx, cart, line, found);
  // The discounts' lines are the cart's lines that still exist, in order.
  const index = cart.lines.filter((l) => locate(ctx.store, l.variantId)).indexOf(line);
  const lineLevel = discounts.lineLevel[index] ?? [];
  const lineDiscount = sum(lineLevel);
  const originalLinePrice = price * line.quantity;
  const finalLinePrice = originalLinePrice - lineDiscount;
  const finalPrice = price - Math.floor(lineDiscount / line.quantity);
  const image = product.images[0];
  const imageUrl = image ? `/cdn/shop/files/${encodeURIComponent(image.file)}` : null;
  const optionNames = product.options.map((o) => localize(o.name, ctx.language, ctx.store.shop.primary_locale));
  const variantTitle = variant.options.join(' / ');
  const measurement = variant.unit_price_measurement;
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: lineKey(line),
    title: `${title} - ${variantTitle}`,
    price,
    original_price: price,
    discounted_price: finalPrice,
    line_price: finalLinePrice,
    original_line_price: originalLinePrice,
    total_discount: lineDiscount,
    discounts: lineLevel.map((a) => ({ amount: a.amount, title: a.application.title })),
    sku: variant.sku,
    grams: 0,
    vendor: product.vendor ?? ctx.store.shop.name,
    taxable: !product.gift_card,
    product_id: product.id,
    product_has_only_default_variant: false,
    gift_card: !!product.gift_card,
    final_price: finalPrice,
    final_line_price: finalLinePrice,
    url: `${ctx.localePrefix}/products/${product.handle}?variant=${variant.id}`,
    featured_image: image ? { aspect_ratio: image.width / image.height, alt: title, height: image.height, url: imageUrl, width: image.width } : null,
    image: imageUrl,
    handle: product.handle,
    requires_shipping: !product.gift_card,
    product_type: product.type,
    product_title: title,
    product_description: localize(product.description ?? '', ctx.language, ctx.store.shop.primary_locale),
    variant_title: variantTitle,
    variant_options: variant.options,
    options_with_values: optionNames.map((name, i) => ({ name, value: variant.options[i] ?? '' })),
    line_level_discount_allocations: lineLevel.map(allocationJson),
    line_level_total_discount: lineDiscount,
    ...(allocation ? { selling_plan_allocation: allocation } : {}),
    ...(measurement ? { unit_price: unitPrice(finalPrice, measurement), unit_price_measurement: measurementObject(measurement) } : {}),
  };
}

/** GET /cart.js */
export function cartJson(ctx: CartContext, cart: CartState): Record<string, unknown> {
  const discounts = discountsOf(ctx, cart);
  const items = cart.lines.map((l) => lineJson(ctx, cart, l, discounts)).filter((l): l is Record<string, unknown> => !!l);
  const original = items.reduce((total, i) => total + Number(i['original_line_price']), 0);
  const subtotal = items.reduce((total, i) => total + Number(i['final_line_price']), 0);
  const cartLevel = discounts.applications.filter((a) => a.level === 'cart');
  const total = subtotal - cartLevel.reduce((t, a) => t + a.total_allocated_amount, 0);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: original,
    total_price: total,
    total_discount: original - total,
    total_weight: 0,
    item_count: items.reduce((count, i) => count + Number(i['quantity']), 0),
    items,
    requires_shipping: items.some((i) => i['requires_shipping']),
    currency: cart.currency,
    items_subtotal_price: subtotal,
    cart_level_discount_applications: cartLevel.map(applicationJson),
    discount_codes: discounts.codes,
  };
}

/**
 * The Liquid `cart`: the same figures as /cart.js, but `items` are line_item objects (product and
 * variant objects, an image object, url_to_remove) and `currency` is an object, as on the
 * platform. `| json` on it, or on a line, prints the AJAX shape.
 */
/** The Liquid cart is `empty` (as in `{% if cart == empty %}`) when it has no items, as on the platform. */
class LiquidCart extends Drop {
  items: unknown[] = [];
  override valueOf(): unknown[] {
    return this.items;
  }
}

export function liquidCart(ctx: DropContext, cart: CartState): Record<string, unknown> {
  const cartContext = { store: ctx.store, language: ctx.language, localePrefix: ctx.localePrefix };
  const json = cartJson(cartContext, cart);
  const discounts = discountsOf(cartContext, cart);
  // One object per application, so a line's allocation and the cart's list hold the same one.
  const liquidApplications = new Map(discounts.applications.map((a) => [a, applicationLiquid(a)]));
  const allocationLiquid = (a: DiscountAllocation): Record<string, unknown> => ({
    amount: a.amount,
    discount_application: liquidApplications.get(a.application),
  });
  const lines = cart.lines.filter((l) => locate(ctx.store, l.variantId));
  const items = (json['items'] as Record<string, unknown>[]).map((item, index) => {
    const line = lines[index]!;
    const { product, variant } = locate(ctx.store, line.variantId)!;
    const image = product.images[0];
    return {
      ...item,
      product: new ProductDrop(ctx, product),
      variant: new VariantDrop(ctx, product, variant),
      image: image ? imageObject(ctx, image.file, image.width, image.height, image.alt ?? product.title, image.id) : null,
      url_to_remove: `${ctx.localePrefix}/cart/change?line=${index + 1}&quantity=0`,
      // The discounts' title with one, a count with several, nil with none (the platform's message).
      message: lineMessage(ctx.language, [...(discounts.lineLevel[index] ?? []), ...(discounts.cartLevel[index] ?? [])]),
      unit_price: item['unit_price'] ?? null,
      item_components: [],
      // Line level and the line's share of the order's discounts; the deprecated Scripts
      // fields (price, line_price, total_discount, discounts) know nothing of either.
      line_level_discount_allocations: (discounts.lineLevel[index] ?? []).map(allocationLiquid),
      discount_allocations: [...(discounts.lineLevel[index] ?? []), ...(discounts.cartLevel[index] ?? [])].map(allocationLiquid),
      price: item['original_price'],
      line_price: item['original_line_price'],
      total_discount: 0,
      discounts: [],
      // What the platform's line_item has beyond the AJAX shape; the preview has no taxes or
      // fulfilments, so these are their empty values.
      tax_lines: [],
      fulfillment: null,
      successfully_fulfilled_quantity: 0,
      fulfillment_service: 'manual',
      unit_price_measurement: item['unit_price_measurement'] ?? null,
      selling_plan_allocation: item['selling_plan_allocation'] ?? null,
      instructions: { can_remove: true, can_update_quantity: true },
      parent_relationship: null,
      error_message: null,
      toLiquidJSON: () => item,
    };
  });
  const currency = ctx.store.shop.currencies.find((c) => c.iso_code === cart.currency) ?? ctx.store.shop.currencies[0];
  return Object.assign(new LiquidCart(), {
    ...json,
    items,
    currency: currency ? { iso_code: currency.iso_code, symbol: currency.symbol, name: currency.iso_code } : null,
    discount_applications: discounts.applications.map((a) => liquidApplications.get(a)),
    cart_level_discount_applications: discounts.applications.filter((a) => a.level === 'cart').map((a) => liquidApplications.get(a)),
    discount_codes: discounts.codes,
    checkout_charge_amount: checkoutCharge(json['items'] as Record<string, unknown>[], Number(json['total_price'])),
    'empty?': items.length === 0,
    discounts: [],
    taxes_included: false,
    duties_included: false,
    toLiquidJSON: () => json,
  }) as unknown as Record<string, unknown>;
}

/** line_item.message: nil without discounts, the title with one, a count with more. */
function lineMessage(language: string, allocations: DiscountAllocation[]): string | null {
  const titles = [...new Set(allocations.map((a) => a.application.title))];
  if (titles.length === 0) return null;
  if (titles.length === 1) return titles[0]!;
  return notice(language, 'discounts_applied', { count: titles.length });
}

/** What is paid at checkout: the total, less what pre-order plans leave for later. */
function checkoutCharge(lines: Record<string, unknown>[], total: number): number {
  const later = lines.reduce((sum, l) => {
    const allocation = l['selling_plan_allocation'] as Record<string, unknown> | undefined;
    return sum + (allocation ? Number(allocation['remaining_balance_charge_amount']) * Number(l['quantity']) : 0);
  }, 0);
  return total - later;
}
