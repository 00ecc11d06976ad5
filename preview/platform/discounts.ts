import type { FixtureDiscount, Store } from '../store/types.js';
import { localize } from '../store/load-store.js';

// The platform's discounts on a cart: automatic discounts, and the codes the shopper entered
// (through /discount/<code> or the cart's `discount` parameter). A discount on named products
// is allocated to their lines (a line-level discount: `line_level_discount_allocations`,
// `final_price`); one on the whole order is split over the lines after those
// (`cart_level_discount_applications`). Gift cards are never discounted. Amounts are in the
// cart's (presentment) currency. What the preview does not model: the merchant's combination
// settings beyond "one order discount at a time", usage limits, customer eligibility and
// shipping discounts (the preview has no shipping).

/** A line as the discounts see it: its price before any discount, in the cart's currency. */
export interface PricedLine {
  productHandle: string;
  quantity: number;
  /** The unit price before discounts (a selling plan's price if the line has one). */
  unitPrice: number;
  giftCard: boolean;
}

/** One applied discount (the platform's discount_application). */
export interface AppliedDiscount {
  source: FixtureDiscount;
  type: 'discount_code' | 'automatic';
  /** The code for a code discount, else `automatic-<id>`. */
  key: string;
  title: string;
  /** Percent for `percentage`, minor units of the cart's currency for `fixed_amount`. */
  value: number;
  value_type: 'percentage' | 'fixed_amount';
  allocation_method: 'each' | 'across';
  target_selection: 'all' | 'entitled';
  target_type: 'line_item';
  level: 'line' | 'cart';
  total_allocated_amount: number;
}

export interface DiscountAllocation {
  amount: number;
  application: AppliedDiscount;
}

export interface CartDiscounts {
  /** Line-level applications first, then cart-level, as the platform lists them. */
  applications: AppliedDiscount[];
  /** Per line (same order as the input): its line-level allocations. */
  lineLevel: DiscountAllocation[][];
  /** Per line: its share of the cart-level discounts. */
  cartLevel: DiscountAllocation[][];
  /** The codes the cart holds, each with whether it applies to the cart as it is. */
  codes: { code: string; applicable: boolean }[];
}

/** The most codes a cart keeps, as the Storefront API's cartDiscountCodesUpdate allows. */
export const MAX_DISCOUNT_CODES = 250;

/** The `discount` parameter ("A,B"; "" clears): codes trimmed, without repeats (case-insensitive). */
export function parseDiscountCodes(raw: unknown): string[] {
  const seen = new Set<string>();
  const codes: string[] = [];
  for (const part of String(raw ?? '').split(',')) {
    const code = part.trim().slice(0, 255);
    // A code is what a shopper can type: no control characters.
    // eslint-disable-next-line no-control-regex
    if (!code || /[\u0000-\u001f\u007f]/.test(code) || seen.has(code.toUpperCase())) continue;
    seen.add(code.toUpperCase());
    codes.push(code);
  }
  return codes.slice(0, MAX_DISCOUNT_CODES);
}

function valueIn(discount: FixtureDiscount, currency: string): number {
  if (typeof discount.value === 'number') return discount.value;
  return discount.value[currency] ?? Object.values(discount.value)[0] ?? 0;
}

/** Splits `total` over `weights` in proportion, in whole minor units, the last taking the rest. */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  let given = 0;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return total - given;
    const share = Math.floor((total * w) / sum);
    given += share;
    return share;
  });
}

function applied(discount: FixtureDiscount, currency: string, language: string, primary: string, code: string | null): AppliedDiscount {
  return {
    source: discount,
    type: discount.type,
    key: code ?? `automatic-${discount.id}`,
    // A code discount's title is the code, as the shopper typed it.
    title: code ?? localize(discount.title ?? '', language, primary),
    value: valueIn(discount, currency),
    value_type: discount.value_type,
    allocation_method: discount.allocation_method,
    target_selection: discount.products ? 'entitled' : 'all',
    target_type: 'line_item',
    level: discount.products ? 'line' : 'cart',
    total_allocated_amount: 0,
  };
}

/** The discounts on `lines` with the entered `codes`, for a cart in `currency`. */
export function cartDiscounts(store: Store, lines: PricedLine[], codes: string[], currency: string, language: string): CartDiscounts {
  const primary = store.shop.primary_locale;
  const original = lines.map((l) => l.unitPrice * l.quantity);
  const eligible = lines.map((l) => !l.giftCard);
  const subtotal = original.reduce((sum, amount, i) => sum + (eligible[i] ? amount : 0), 0);
  const lineLevel: DiscountAllocation[][] = lines.map(() => []);
  const cartLevel: DiscountAllocation[][] = lines.map(() => []);
  const applications: AppliedDiscount[] = [];

  const byCode = new Map(store.discounts.filter((d) => d.type === 'discount_code').map((d) => [d.code!.toUpperCase(), d]));
  const candidates: { discount: FixtureDiscount; code: string | null }[] = [
    ...store.discounts.filter((d) => d.type === 'automatic').map((discount) => ({ discount, code: null })),
    ...codes.flatMap((code) => {
      const discount = byCode.get(code.toUpperCase());
      return discount ? [{ discount, code }] : [];
    }),
  ];
  const meetsMinimum = (d: FixtureDiscount): boolean => !d.minimum_subtotal || subtotal >= (d.minimum_subtotal[currency] ?? Number.POSITIVE_INFINITY);
  const applies = new Set<string>();

  // Line level: each discount on named products, over the eligible lines of those products.
  for (const { discount, code } of candidates) {
    if (!discount.products || !meetsMinimum(discount)) continue;
    const targets = lines.map((l, i) => eligible[i] && discount.products!.includes(l.productHandle));
    if (!targets.some(Boolean)) continue;
    const application = applied(discount, currency, language, primary, code);
    const remaining = original.map((amount, i) => amount - lineLevel[i]!.reduce((s, a) => s + a.amount, 0));
    let amounts: number[];
    if (discount.value_type === 'percentage') amounts = remaining.map((r, i) => (targets[i] ? Math.round((r * application.value) / 100) : 0));
    else if (discount.allocation_method === 'each') amounts = remaining.map((r, i) => (targets[i] ? Math.min(r, application.value * lines[i]!.quantity) : 0));
    else {
      const pool = Math.min(
        application.value,
        remaining.reduce((s, r, i) => s + (targets[i] ? r : 0), 0),
      );
      amounts = split(
        pool,
        remaining.map((r, i) => (targets[i] ? r : 0)),
      );
    }
    amounts.forEach((amount, i) => {
      if (amount > 0) lineLevel[i]!.push({ amount, application });
    });
    application.total_allocated_amount = amounts.reduce((a, b) => a + b, 0);
    applications.push(application);
    if (code) applies.add(code.toUpperCase());
  }

  // Cart level: one discount on the whole order (order discounts do not combine by default),
  // on what the lines cost after their own discounts.
  const afterLines = original.map((amount, i) => (eligible[i] ? amount - lineLevel[i]!.reduce((s, a) => s + a.amount, 0) : 0));
  const base = afterLines.reduce((a, b) => a + b, 0);
  const order = candidates.find(({ discount }) => !discount.products && meetsMinimum(discount) && base > 0);
  if (order) {
    const application = applied(order.discount, currency, language, primary, order.code);
    const total = order.discount.value_type === 'percentage' ? Math.round((base * application.value) / 100) : Math.min(application.value, base);
    split(total, afterLines).forEach((amount, i) => {
      if (amount > 0) cartLevel[i]!.push({ amount, application });
    });
    application.total_allocated_amount = total;
    applications.push(application);
    if (order.code) applies.add(order.code.toUpperCase());
  }

  return {
    applications: [...applications.filter((a) => a.level === 'line'), ...applications.filter((a) => a.level === 'cart')],
    lineLevel,
    cartLevel,
    codes: codes.map((code) => ({ code, applicable: applies.has(code.toUpperCase()) })),
  };
}

/** A discount application as the AJAX API prints it (value as a decimal string, in major units for amounts). */
export function applicationJson(application: AppliedDiscount): Record<string, unknown> {
  const value = application.value_type === 'percentage' ? application.value : application.value / 100;
  return {
    type: application.type,
    key: application.key,
    title: application.title,
    description: application.type === 'discount_code' ? application.title : null,
    value: value.toFixed(1),
    created_at: application.source.created_at,
    value_type: application.value_type,
    allocation_method: application.allocation_method,
    target_selection: application.target_selection,
    target_type: application.target_type,
    total_allocated_amount: application.total_allocated_amount,
  };
}

/** The Liquid discount_application object. */
export function applicationLiquid(application: AppliedDiscount): Record<string, unknown> {
  return {
    title: application.title,
    type: application.type,
    value: application.value,
    value_type: application.value_type,
    target_type: application.target_type,
    target_selection: application.target_selection,
    total_allocated_amount: application.total_allocated_amount,
  };
}
