import type { FixtureProduct, FixtureSellingPlan, FixtureSellingPlanGroup, FixtureVariant, MoneyByCurrency, Store } from '../store/types.js';
import { localize } from '../store/load-store.js';
import { unitPrice } from './unit-prices.js';

// Selling plans (subscriptions, pre-orders, try-before-you-buy) as the platform prices them: a
// plan's price adjustments change the variant's price (the first adjustment is the price of the
// first order), a checkout charge takes part of it now (a pre-order's deposit). The objects here
// are the Liquid ones (selling_plan_group, selling_plan, selling_plan_allocation); the cart's
// JSON prints the same allocation.

interface Where {
  store: Store;
  language: string;
  currency: string;
}

const amountIn = (value: number | MoneyByCurrency, currency: string): number =>
  typeof value === 'number' ? value : (value[currency] ?? Object.values(value)[0] ?? 0);

/** The groups that sell this product. */
export function groupsOf(store: Store, product: FixtureProduct): FixtureSellingPlanGroup[] {
  return store.sellingPlanGroups.filter((g) => g.products.includes(product.handle));
}

export function requiresSellingPlan(store: Store, product: FixtureProduct): boolean {
  return groupsOf(store, product).some((g) => g.requires_selling_plan);
}

/** The plan with this id among the product's groups, with its group. */
export function findPlan(store: Store, product: FixtureProduct, planId: number): { group: FixtureSellingPlanGroup; plan: FixtureSellingPlan } | null {
  for (const group of groupsOf(store, product)) {
    const plan = group.selling_plans.find((p) => p.id === planId);
    if (plan) return { group, plan };
  }
  return null;
}

function adjusted(price: number, adjustment: FixtureSellingPlan['price_adjustments'][number], currency: string): number {
  const value = amountIn(adjustment.value, currency);
  switch (adjustment.value_type) {
    case 'percentage':
      return Math.round(price * (1 - value / 100));
    case 'fixed_amount':
      return Math.max(0, price - value);
    default:
      return value;
  }
}

/** The price of the variant under the plan (its first order's price). */
export function planPrice(plan: FixtureSellingPlan, variantPrice: number, currency: string): number {
  const first = plan.price_adjustments[0];
  return first ? adjusted(variantPrice, first, currency) : variantPrice;
}

function variantPrice(variant: FixtureVariant, currency: string): number {
  return variant.price[currency] ?? Object.values(variant.price)[0] ?? 0;
}

function planOptions(where: Where, group: FixtureSellingPlanGroup, plan: FixtureSellingPlan): { name: string; position: number; value: string }[] {
  return plan.options.map((value, i) => ({
    name: localize(group.options[i]?.name ?? '', where.language, where.store.shop.primary_locale),
    position: i + 1,
    value: localize(value, where.language, where.store.shop.primary_locale),
  }));
}

/** The Liquid selling_plan object; `selected` when it is the plan the address names. */
export function sellingPlanObject(where: Where, group: FixtureSellingPlanGroup, plan: FixtureSellingPlan, selectedId: number | null): Record<string, unknown> {
  const text = (value: FixtureSellingPlan['name']): string => localize(value, where.language, where.store.shop.primary_locale);
  return {
    id: plan.id,
    name: text(plan.name),
    description: text(plan.description) || null,
    group_id: String(group.id),
    recurring_deliveries: plan.recurring_deliveries,
    options: planOptions(where, group, plan),
    price_adjustments: plan.price_adjustments.map((a, i) => ({
      order_count: a.order_count,
      position: i + 1,
      value_type: a.value_type,
      value: amountIn(a.value, where.currency),
    })),
    selected: plan.id === selectedId,
    checkout_charge: plan.checkout_charge
      ? { value_type: plan.checkout_charge.value_type, value: amountIn(plan.checkout_charge.value, where.currency) }
      : { value_type: 'percentage', value: 100 },
  };
}

/** The Liquid selling_plan_group object. */
export function sellingPlanGroupObject(where: Where, group: FixtureSellingPlanGroup, selectedId: number | null): Record<string, unknown> {
  const text = (value: FixtureSellingPlanGroup['name']): string => localize(value, where.language, where.store.shop.primary_locale);
  const selected = group.selling_plans.find((p) => p.id === selectedId) ?? null;
  return {
    id: group.id,
    name: text(group.name),
    app_id: group.app_id,
    selling_plan_selected: !!selected,
    options: group.options.map((o, i) => ({
      name: text(o.name),
      position: i + 1,
      values: o.values.map(text),
      selected_value: selected ? text(selected.options[i] ?? '') : null,
    })),
    selling_plans: group.selling_plans.map((p) => sellingPlanObject(where, group, p, selectedId)),
  };
}

/** The selling_plan_allocation of a variant under a plan (Liquid and the cart's JSON share it). */
export function sellingPlanAllocation(
  where: Where,
  variant: FixtureVariant,
  group: FixtureSellingPlanGroup,
  plan: FixtureSellingPlan,
  selectedId: number | null = null,
): Record<string, unknown> {
  const base = variantPrice(variant, where.currency);
  const price = planPrice(plan, base, where.currency);
  let charge = price;
  if (plan.checkout_charge) {
    const value = amountIn(plan.checkout_charge.value, where.currency);
    charge = plan.checkout_charge.value_type === 'percentage' ? Math.round((price * value) / 100) : Math.min(price, value);
  }
  const measurement = variant.unit_price_measurement;
  return {
    price,
    compare_at_price: base,
    // One delivery unless the plan delivers again and again; the fixtures' plans say how often.
    per_delivery_price: price,
    price_adjustments: plan.price_adjustments.map((a, i) => ({ position: i + 1, price: adjusted(base, a, where.currency) })),
    unit_price: measurement ? unitPrice(price, measurement) : null,
    selling_plan: sellingPlanObject(where, group, plan, selectedId),
    selling_plan_group_id: String(group.id),
    checkout_charge_amount: charge,
    remaining_balance_charge_amount: price - charge,
  };
}

/** Every allocation of a variant: one per plan of the product's groups. */
export function variantAllocations(where: Where, product: FixtureProduct, variant: FixtureVariant, selectedId: number | null): Record<string, unknown>[] {
  return groupsOf(where.store, product).flatMap((group) => group.selling_plans.map((plan) => sellingPlanAllocation(where, variant, group, plan, selectedId)));
}

/** A product's selling_plan_groups as its JSON prints them (the AJAX Product API, `| json`). */
export function groupsJson(where: Where, product: FixtureProduct): Record<string, unknown>[] {
  return groupsOf(where.store, product).map((group) => {
    const liquid = sellingPlanGroupObject(where, group, null);
    return {
      id: liquid['id'],
      name: liquid['name'],
      options: (liquid['options'] as Record<string, unknown>[]).map(({ name, position, values }) => ({ name, position, values })),
      selling_plans: (liquid['selling_plans'] as Record<string, unknown>[]).map(
        ({ id, name, description, options, recurring_deliveries, price_adjustments }) => ({
          id,
          name,
          description,
          options,
          recurring_deliveries,
          price_adjustments,
        }),
      ),
      app_id: liquid['app_id'],
    };
  });
}

/** A variant's selling_plan_allocations as its JSON prints them. */
export function allocationsJson(where: Where, product: FixtureProduct, variant: FixtureVariant): Record<string, unknown>[] {
  return groupsOf(where.store, product).flatMap((group) =>
    group.selling_plans.map((plan) => {
      const allocation = sellingPlanAllocation(where, variant, group, plan);
      return {
        price_adjustments: allocation['price_adjustments'],
        price: allocation['price'],
        compare_at_price: allocation['compare_at_price'],
        per_delivery_price: allocation['per_delivery_price'],
        selling_plan_id: plan.id,
        selling_plan_group_id: allocation['selling_plan_group_id'],
      };
    }),
  );
}
