// Reads the optional files of a store folder that describe how it sells rather than what:
// discounts.json, selling-plans.json, locations.json and gift-cards.json. A store without one
// has none of those (no discounts, no selling plans, no pickup locations, no issued gift cards),
// as a new shop has. Bad data fails with the file and field at fault, as the other files do.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FieldReader, HANDLE_RE, readJsonFile, UniqueSet, type Json } from './field-reader.js';
import type {
  FixtureDiscount,
  FixtureGiftCard,
  FixtureLocation,
  FixtureOrderDiscount,
  FixturePriceAdjustment,
  FixtureProduct,
  FixtureSellingPlan,
  FixtureSellingPlanGroup,
  FixtureUnitPriceMeasurement,
  FixtureVariant,
  MoneyByCurrency,
} from './types.js';

/** What the readers check references against. */
export interface CommerceContext {
  currencies: string[];
  productsByHandle: Map<string, FixtureProduct>;
  variantsById: Map<number, FixtureVariant>;
  /** Lower-cased emails of the store's customers. */
  customersByEmail: Set<string>;
}

const MEASURED_TYPES = ['volume', 'weight', 'length', 'area', 'count'] as const;

export function readUnitPriceMeasurement(r: FieldReader, v: Json, path: string): FixtureUnitPriceMeasurement {
  const o = r.object(v, path);
  return {
    measured_type: r.oneOf(o['measured_type'], `${path}.measured_type`, MEASURED_TYPES),
    quantity_value: r.number(o['quantity_value'], `${path}.quantity_value`, { min: Number.MIN_VALUE }),
    quantity_unit: r.string(o['quantity_unit'], `${path}.quantity_unit`, { nonEmpty: true }),
    reference_value: r.number(o['reference_value'], `${path}.reference_value`, { min: Number.MIN_VALUE }),
    reference_unit: r.string(o['reference_unit'], `${path}.reference_unit`, { nonEmpty: true }),
  };
}

/** An order's discount_applications (customers.json). */
export function readOrderDiscounts(r: FieldReader, v: Json, path: string): FixtureOrderDiscount[] {
  return r.array(v, path).map((item, i) => {
    const at = `${path}[${i}]`;
    const o = r.object(item, at);
    const type = r.oneOf(o['type'], `${at}.type`, ['discount_code', 'automatic', 'manual', 'script'] as const);
    return {
      type,
      code: type === 'discount_code' ? r.string(o['code'], `${at}.code`, { nonEmpty: true }) : null,
      title: r.string(o['title'], `${at}.title`, { nonEmpty: true }),
      value_type: r.oneOf(o['value_type'], `${at}.value_type`, ['percentage', 'fixed_amount'] as const),
      value: r.number(o['value'], `${at}.value`, { min: 0 }),
      target_selection: r.oneOf(o['target_selection'], `${at}.target_selection`, ['all', 'entitled', 'explicit'] as const),
      allocation_method: r.oneOf(o['allocation_method'], `${at}.allocation_method`, ['each', 'across'] as const),
      total_allocated_amount: r.int(o['total_allocated_amount'], `${at}.total_allocated_amount`, { min: 0 }),
    };
  });
}

/** An order line's discount_allocations: an index into the order's applications and an amount. */
export function readOrderAllocations(r: FieldReader, v: Json, path: string): { application: number; amount: number }[] {
  return r.array(v, path).map((item, i) => {
    const o = r.object(item, `${path}[${i}]`);
    return { application: r.int(o['application'], `${path}[${i}].application`, { min: 0 }), amount: r.int(o['amount'], `${path}[${i}].amount`, { min: 0 }) };
  });
}

function money(r: FieldReader, v: Json, path: string, ctx: CommerceContext): MoneyByCurrency {
  const o = r.object(v, path);
  const out: MoneyByCurrency = {};
  for (const code of ctx.currencies) out[code] = r.int(o[code], `${path}.${code}`, { min: 0 });
  for (const key of Object.keys(o)) if (!ctx.currencies.includes(key)) r.fail(`${path}.${key}`, `${JSON.stringify(key)} is not a shop currency`);
  return out;
}

function handles(r: FieldReader, v: Json, path: string, ctx: CommerceContext): string[] {
  const list = r.stringList(v, path, { nonEmptyItems: true });
  list.forEach((h, i) => {
    if (!ctx.productsByHandle.has(h)) r.fail(`${path}[${i}]`, `no product has the handle ${JSON.stringify(h)}`);
  });
  return list;
}

function optionalFile(storeDir: string, file: string, key: string): { r: FieldReader; items: Json[] } | null {
  if (!existsSync(join(storeDir, file))) return null;
  const r = new FieldReader(file);
  const root = r.object(readJsonFile(storeDir, file), '');
  return { r, items: r.array(root[key], key) };
}

function readDiscounts(storeDir: string, ctx: CommerceContext): FixtureDiscount[] {
  const file = optionalFile(storeDir, 'discounts.json', 'discounts');
  if (!file) return [];
  const { r, items } = file;
  const codes = new UniqueSet<string>(r, 'discount code');
  const ids = new UniqueSet<number>(r, 'discount id');
  return items.map((item, i) => {
    const at = `discounts[${i}]`;
    const o = r.object(item, at);
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    const type = r.oneOf(o['type'], `${at}.type`, ['discount_code', 'automatic'] as const);
    const valueType = r.oneOf(o['value_type'], `${at}.value_type`, ['percentage', 'fixed_amount'] as const);
    const discount: FixtureDiscount = {
      id,
      type,
      value_type: valueType,
      value: valueType === 'percentage' ? r.number(o['value'], `${at}.value`, { min: 0, max: 100 }) : money(r, o['value'], `${at}.value`, ctx),
      allocation_method:
        o['allocation_method'] === undefined ? 'across' : r.oneOf(o['allocation_method'], `${at}.allocation_method`, ['each', 'across'] as const),
      products: o['products'] === undefined || o['products'] === null ? null : handles(r, o['products'], `${at}.products`, ctx),
      minimum_subtotal:
        o['minimum_subtotal'] === undefined || o['minimum_subtotal'] === null ? null : money(r, o['minimum_subtotal'], `${at}.minimum_subtotal`, ctx),
      created_at: r.isoDate(o['created_at'], `${at}.created_at`),
    };
    if (type === 'discount_code') {
      discount.code = r.string(o['code'], `${at}.code`, { pattern: /^[^\s,]{1,255}$/, what: 'a discount code (no spaces or commas)' });
      codes.add(discount.code.toUpperCase(), `${at}.code`);
    } else discount.title = r.localized(o['title'], `${at}.title`, { nonEmpty: true });
    return discount;
  });
}

function priceAdjustment(r: FieldReader, v: Json, at: string, ctx: CommerceContext): FixturePriceAdjustment {
  const o = r.object(v, at);
  const valueType = r.oneOf(o['value_type'], `${at}.value_type`, ['percentage', 'fixed_amount', 'price'] as const);
  return {
    order_count: o['order_count'] === undefined || o['order_count'] === null ? null : r.int(o['order_count'], `${at}.order_count`, { min: 1 }),
    value_type: valueType,
    value: valueType === 'percentage' ? r.number(o['value'], `${at}.value`, { min: 0, max: 100 }) : money(r, o['value'], `${at}.value`, ctx),
  };
}

function readSellingPlanGroups(storeDir: string, ctx: CommerceContext): FixtureSellingPlanGroup[] {
  const file = optionalFile(storeDir, 'selling-plans.json', 'selling_plan_groups');
  if (!file) return [];
  const { r, items } = file;
  const ids = new UniqueSet<number>(r, 'selling plan or group id');
  return items.map((item, i) => {
    const at = `selling_plan_groups[${i}]`;
    const o = r.object(item, at);
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    const options = r.array(o['options'], `${at}.options`).map((opt, oi) => {
      const oo = r.object(opt, `${at}.options[${oi}]`);
      return {
        name: r.localized(oo['name'], `${at}.options[${oi}].name`, { nonEmpty: true }),
        values: r.array(oo['values'], `${at}.options[${oi}].values`).map((v, vi) => r.localized(v, `${at}.options[${oi}].values[${vi}]`, { nonEmpty: true })),
      };
    });
    const plans = r.array(o['selling_plans'], `${at}.selling_plans`).map((p, pi): FixtureSellingPlan => {
      const pat = `${at}.selling_plans[${pi}]`;
      const po = r.object(p, pat);
      const planId = r.id(po['id'], `${pat}.id`);
      ids.add(planId, `${pat}.id`);
      const adjustments = r
        .array(po['price_adjustments'] ?? [], `${pat}.price_adjustments`)
        .map((a, ai) => priceAdjustment(r, a, `${pat}.price_adjustments[${ai}]`, ctx));
      if (adjustments.length > 2) r.fail(`${pat}.price_adjustments`, 'the platform allows at most two price adjustments');
      const planOptions = r.array(po['options'], `${pat}.options`).map((v, vi) => r.localized(v, `${pat}.options[${vi}]`, { nonEmpty: true }));
      if (planOptions.length !== options.length) r.fail(`${pat}.options`, `has ${planOptions.length} values but the group has ${options.length} options`);
      let charge: FixtureSellingPlan['checkout_charge'] = null;
      if (po['checkout_charge'] !== undefined && po['checkout_charge'] !== null) {
        const co = r.object(po['checkout_charge'], `${pat}.checkout_charge`);
        const valueType = r.oneOf(co['value_type'], `${pat}.checkout_charge.value_type`, ['percentage', 'price'] as const);
        charge = {
          value_type: valueType,
          value:
            valueType === 'percentage'
              ? r.number(co['value'], `${pat}.checkout_charge.value`, { min: 0, max: 100 })
              : money(r, co['value'], `${pat}.checkout_charge.value`, ctx),
        };
      }
      return {
        id: planId,
        name: r.localized(po['name'], `${pat}.name`, { nonEmpty: true }),
        description: r.optLocalized(po['description'], `${pat}.description`),
        options: planOptions,
        recurring_deliveries: r.boolean(po['recurring_deliveries'], `${pat}.recurring_deliveries`),
        price_adjustments: adjustments,
        checkout_charge: charge,
      };
    });
    if (plans.length === 0) r.fail(`${at}.selling_plans`, 'a group needs at least one selling plan');
    return {
      id,
      name: r.localized(o['name'], `${at}.name`, { nonEmpty: true }),
      app_id: o['app_id'] === undefined || o['app_id'] === null ? null : r.string(o['app_id'], `${at}.app_id`),
      options,
      products: handles(r, o['products'], `${at}.products`, ctx),
      requires_selling_plan: o['requires_selling_plan'] === undefined ? false : r.boolean(o['requires_selling_plan'], `${at}.requires_selling_plan`),
      selling_plans: plans,
    };
  });
}

function readLocations(storeDir: string, ctx: CommerceContext): FixtureLocation[] {
  const file = optionalFile(storeDir, 'locations.json', 'locations');
  if (!file) return [];
  const { r, items } = file;
  const ids = new UniqueSet<number>(r, 'location id');
  return items.map((item, i) => {
    const at = `locations[${i}]`;
    const o = r.object(item, at);
    const id = r.id(o['id'], `${at}.id`);
    ids.add(id, `${at}.id`);
    const a = r.object(o['address'], `${at}.address`);
    const field = (k: string): string => r.optString(a[k], `${at}.address.${k}`);
    const stockObject = r.object(o['stock'] ?? {}, `${at}.stock`);
    const stock: Record<string, number> = {};
    for (const [handle, units] of Object.entries(stockObject)) {
      if (!ctx.productsByHandle.has(handle)) r.fail(`${at}.stock.${handle}`, `no product has the handle ${JSON.stringify(handle)}`);
      stock[handle] = r.int(units, `${at}.stock.${handle}`, { min: 0 });
    }
    const coordinate = (k: string, limit: number): number | null =>
      o[k] === undefined || o[k] === null ? null : r.number(o[k], `${at}.${k}`, { min: -limit, max: limit });
    return {
      id,
      name: r.localized(o['name'], `${at}.name`, { nonEmpty: true }),
      address: {
        address1: field('address1'),
        address2: field('address2'),
        city: r.optLocalized(a['city'], `${at}.address.city`),
        province: field('province'),
        province_code: field('province_code'),
        zip: field('zip'),
        country: field('country'),
        country_code: r.string(a['country_code'], `${at}.address.country_code`, { pattern: /^[A-Z]{2}$/, what: 'an ISO country code' }),
        phone: field('phone'),
      },
      latitude: coordinate('latitude', 90),
      longitude: coordinate('longitude', 180),
      pick_up_enabled: r.boolean(o['pick_up_enabled'], `${at}.pick_up_enabled`),
      pick_up_time: r.optLocalized(o['pick_up_time'], `${at}.pick_up_time`),
      stock,
    };
  });
}

function readGiftCards(storeDir: string, ctx: CommerceContext): FixtureGiftCard[] {
  const file = optionalFile(storeDir, 'gift-cards.json', 'gift_cards');
  if (!file) return [];
  const { r, items } = file;
  const tokens = new UniqueSet<string>(r, 'gift card token');
  const codes = new UniqueSet<string>(r, 'gift card code');
  return items.map((item, i) => {
    const at = `gift_cards[${i}]`;
    const o = r.object(item, at);
    const token = r.string(o['token'], `${at}.token`, { pattern: /^[a-z0-9]{16,64}$/, what: 'a token of 16–64 lower-case letters and digits' });
    tokens.add(token, `${at}.token`);
    // The platform's codes: 8 to 20 letters and digits, not case-sensitive.
    const code = r.string(o['code'], `${at}.code`, { pattern: /^[A-Za-z0-9]{8,20}$/, what: 'a gift card code (8–20 letters and digits)' });
    codes.add(code.toLowerCase(), `${at}.code`);
    const currency = r.string(o['currency'], `${at}.currency`);
    if (!ctx.currencies.includes(currency)) r.fail(`${at}.currency`, `${JSON.stringify(currency)} is not a shop currency`);
    const initial = r.int(o['initial_value'], `${at}.initial_value`, { min: 1 });
    const balance = r.int(o['balance'], `${at}.balance`, { min: 0, max: initial });
    const email = o['customer_email'] === undefined || o['customer_email'] === null ? null : r.string(o['customer_email'], `${at}.customer_email`);
    if (email && !ctx.customersByEmail.has(email.toLowerCase())) r.fail(`${at}.customer_email`, `no customer has the email ${JSON.stringify(email)}`);
    const handle =
      o['product_handle'] === undefined || o['product_handle'] === null ? null : r.string(o['product_handle'], `${at}.product_handle`, { pattern: HANDLE_RE });
    if (handle && !ctx.productsByHandle.get(handle)?.gift_card) r.fail(`${at}.product_handle`, `${JSON.stringify(handle)} is not a gift card product`);
    const variantId = o['variant_id'] === undefined || o['variant_id'] === null ? null : r.id(o['variant_id'], `${at}.variant_id`);
    if (variantId !== null && !ctx.productsByHandle.get(handle ?? '')?.variants.some((v) => v.id === variantId))
      r.fail(`${at}.variant_id`, `is not a variant of ${JSON.stringify(handle)}`);
    const expires =
      o['expires_on'] === undefined || o['expires_on'] === null
        ? null
        : r.string(o['expires_on'], `${at}.expires_on`, { pattern: /^\d{4}-\d{2}-\d{2}$/, what: 'a date (YYYY-MM-DD)' });
    const properties = Object.fromEntries(
      Object.entries(r.object(o['properties'] ?? {}, `${at}.properties`)).map(([k, v]) => [k, r.string(v, `${at}.properties.${k}`)]),
    );
    return {
      id: r.id(o['id'], `${at}.id`),
      token,
      code,
      currency,
      initial_value: initial,
      balance,
      enabled: o['enabled'] === undefined ? true : r.boolean(o['enabled'], `${at}.enabled`),
      expires_on: expires,
      customer_email: email,
      product_handle: handle,
      variant_id: variantId,
      template_suffix:
        o['template_suffix'] === undefined || o['template_suffix'] === null
          ? null
          : r.string(o['template_suffix'], `${at}.template_suffix`, { pattern: /^[a-z0-9_-]+$/ }),
      properties,
    };
  });
}

/** The store's optional selling files, read and checked against its products and customers. */
export function readCommerce(
  storeDir: string,
  ctx: CommerceContext,
): { discounts: FixtureDiscount[]; sellingPlanGroups: FixtureSellingPlanGroup[]; locations: FixtureLocation[]; giftCards: FixtureGiftCard[] } {
  return {
    discounts: readDiscounts(storeDir, ctx),
    sellingPlanGroups: readSellingPlanGroups(storeDir, ctx),
    locations: readLocations(storeDir, ctx),
    giftCards: readGiftCards(storeDir, ctx),
  };
}
