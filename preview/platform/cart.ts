import type { FixtureProduct, FixtureVariant, Store } from '../store/types.js';
import { localize } from '../store/load-store.js';
import { variantAvailable } from './drops.js';
import { notice } from './notices.js';

/** One line of a session's cart; the platform merges adds of the same variant and properties. */
export interface CartLine {
  variantId: number;
  quantity: number;
  properties: Record<string, string>;
}

export interface CartState {
  token: string;
  note: string;
  attributes: Record<string, string>;
  lines: CartLine[];
  currency: string;
}

export class CartError extends Error {
  constructor(readonly statusCode: number, readonly body: Record<string, unknown>) {
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
  return { token, note: '', attributes: {}, lines: [], currency };
}

function lineKey(line: CartLine): string {
  const props = JSON.stringify(Object.entries(line.properties).sort());
  let hash = 0;
  for (const c of props) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `${line.variantId}:${hash.toString(16).padStart(8, '0')}`;
}

interface Located { product: FixtureProduct; variant: FixtureVariant }

function locate(store: Store, variantId: number): Located | null {
  for (const product of store.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant) return { product, variant };
  }
  return null;
}

/** Quantities arrive as numbers or strings; the platform accepts only whole numbers. */
export function parseQuantity(raw: unknown, fallback: number | null): number {
  if (raw === undefined || raw === null || raw === '') {
    if (fallback === null) throw badRequest('expected String to be a Integer: quantity');
    return fallback;
  }
  const text = String(raw).trim();
  if (!/^-?\d{1,9}$/.test(text)) throw badRequest('expected String to be a Integer: quantity');
  const value = Number(text);
  if (value < 0) throw cartError(422, 'Quantity must be positive', 'Cart Error');
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

/** POST /cart/add(.js): returns the lines that were added or raised. */
export function addItems(store: Store, cart: CartState, language: string, items: { id: unknown; quantity?: unknown; properties?: unknown }[]): CartLine[] {
  if (!items.length) throw badRequest(notice(language, 'missing_parameters'));
  const planned = cart.lines.map((l) => ({ ...l }));
  const touched: CartLine[] = [];
  for (const item of items) {
    const variantId = parseVariantId(item.id);
    const quantity = parseQuantity(item.quantity, 1);
    if (quantity === 0) continue;
    const found = locate(store, variantId);
    if (!found) throw new CartError(404, { status: 404, message: 'Cart Error', description: notice(language, 'variant_not_found') });
    const name = localize(found.product.title, language, store.shop.primary_locale);
    if (!variantAvailable(found.variant, found.product.inventory_policy)) {
      throw cartError(422, notice(language, 'product_sold_out', { name }));
    }
    const properties = sanitiseProperties(item.properties);
    const candidate: CartLine = { variantId, quantity: 0, properties };
    let line = planned.find((l) => lineKey(l) === lineKey(candidate));
    const inCart = planned.filter((l) => l.variantId === variantId).reduce((sum, l) => sum + l.quantity, 0);
    if (inCart + quantity > stockLimit(found.product, found.variant)) {
      throw cartError(422, notice(language, 'too_many_items_in_cart', { name }));
    }
    if (!line) {
      if (planned.length >= MAX_CART_LINES) throw cartError(422, notice(language, 'too_many_line_items_error', { max: MAX_CART_LINES }));
      line = candidate;
      planned.push(line);
    }
    line.quantity += quantity;
    touched.push(line);
  }
  cart.lines = planned;
  return touched;
}

function sanitiseProperties(raw: unknown): Record<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw as Record<string, unknown>).slice(0, 50).map(([k, v]) => [k.slice(0, 255), String(v).slice(0, 1000)]));
}

/** POST /cart/change(.js): one line by 1-based `line` or by variant id / line key `id`. */
export function changeLine(store: Store, cart: CartState, language: string, input: { line?: unknown; id?: unknown; quantity?: unknown }): void {
  const quantity = parseQuantity(input.quantity, null);
  let index = -1;
  if (input.line !== undefined && input.line !== null && input.line !== '') {
    const text = String(input.line).trim();
    if (!/^\d{1,9}$/.test(text)) {
      throw new CartError(400, { status: 'unprocessable_entity', message: notice(language, 'invalid_input', { parameter: 'line' }), description: notice(language, 'invalid_input', { parameter: 'line' }) });
    }
    index = Number(text) - 1;
  } else if (input.id !== undefined && input.id !== null && input.id !== '') {
    const id = String(input.id);
    index = cart.lines.findIndex((l) => lineKey(l) === id || String(l.variantId) === id);
  }
  const line = index >= 0 ? cart.lines[index] : undefined;
  if (!line) throw badRequest(notice(language, 'missing_parameters'));
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
    const name = localize(found.product.title, language, store.shop.primary_locale);
    throw cartError(422, notice(language, 'only_n_items_available', { count: Math.max(0, limit), name }));
  }
  line.quantity = quantity;
}

/** POST /cart/update(.js): `updates` by variant id / key, or an array in line order. No stock check. */
export function updateCart(store: Store, cart: CartState, language: string, input: { updates?: unknown; note?: unknown; attributes?: unknown }): void {
  const updates = input.updates;
  if (Array.isArray(updates)) {
    if (updates.length !== cart.lines.length) throw badRequest(notice(language, 'invalid_input', { parameter: 'updates' }));
    const quantities = updates.map((q) => parseQuantity(q, null));
    cart.lines = cart.lines.map((l, i) => ({ ...l, quantity: quantities[i] ?? l.quantity })).filter((l) => l.quantity > 0);
  } else if (updates && typeof updates === 'object') {
    for (const [key, raw] of Object.entries(updates as Record<string, unknown>)) {
      const quantity = parseQuantity(raw, null);
      const index = cart.lines.findIndex((l) => lineKey(l) === key || String(l.variantId) === key);
      if (index >= 0) {
        if (quantity === 0) cart.lines.splice(index, 1);
        else cart.lines[index]!.quantity = quantity;
      } else if (quantity > 0) {
        const variantId = parseVariantId(key);
        if (!locate(store, variantId)) throw new CartError(404, { status: 404, message: 'Cart Error', description: notice(language, 'variant_not_found') });
        cart.lines.push({ variantId, quantity, properties: {} });
      }
    }
  }
  if (typeof input.note === 'string') cart.note = input.note.slice(0, 5000);
  if (input.attributes && typeof input.attributes === 'object') {
    for (const [k, v] of Object.entries(input.attributes as Record<string, unknown>)) cart.attributes[k.slice(0, 255)] = String(v).slice(0, 1000);
  }
}

export interface CartContext {
  store: Store;
  language: string;
  localePrefix: string;
}

function priceOf(variant: FixtureVariant, currency: string): number {
  return variant.price[currency] ?? Object.values(variant.price)[0] ?? 0;
}

/** The platform's line JSON (AJAX API shape). */
export function lineJson(ctx: CartContext, cart: CartState, line: CartLine): Record<string, unknown> | null {
  const found = locate(ctx.store, line.variantId);
  if (!found) return null;
  const { product, variant } = found;
  const title = localize(product.title, ctx.language, ctx.store.shop.primary_locale);
  const price = priceOf(variant, cart.currency);
  const image = product.images[0];
  const imageUrl = image ? `/cdn/shop/files/${encodeURIComponent(image.file)}` : null;
  const optionNames = product.options.map((o) => localize(o.name, ctx.language, ctx.store.shop.primary_locale));
  const variantTitle = variant.options.join(' / ');
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: lineKey(line),
    title: `${title} - ${variantTitle}`,
    price,
    original_price: price,
    discounted_price: price,
    line_price: price * line.quantity,
    original_line_price: price * line.quantity,
    total_discount: 0,
    discounts: [],
    sku: variant.sku,
    grams: 0,
    vendor: product.vendor ?? ctx.store.shop.name,
    taxable: true,
    product_id: product.id,
    product_has_only_default_variant: false,
    gift_card: false,
    final_price: price,
    final_line_price: price * line.quantity,
    url: `${ctx.localePrefix}/products/${product.handle}?variant=${variant.id}`,
    featured_image: image ? { aspect_ratio: image.width / image.height, alt: title, height: image.height, url: imageUrl, width: image.width } : null,
    image: imageUrl,
    handle: product.handle,
    requires_shipping: true,
    product_type: product.type,
    product_title: title,
    product_description: localize(product.description ?? '', ctx.language, ctx.store.shop.primary_locale),
    variant_title: variantTitle,
    variant_options: variant.options,
    options_with_values: optionNames.map((name, i) => ({ name, value: variant.options[i] ?? '' })),
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
  };
}

/** GET /cart.js */
export function cartJson(ctx: CartContext, cart: CartState): Record<string, unknown> {
  const items = cart.lines.map((l) => lineJson(ctx, cart, l)).filter((l): l is Record<string, unknown> => !!l);
  const total = items.reduce((sum, i) => sum + Number(i['final_line_price']), 0);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: 0,
    item_count: items.reduce((sum, i) => sum + Number(i['quantity']), 0),
    items,
    requires_shipping: items.length > 0,
    currency: cart.currency,
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}
