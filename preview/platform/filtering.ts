import type { FixtureFilter, FixtureProduct, FixtureVariant } from '../store/types.js';
import { localize } from '../store/load-store.js';
import { handleize } from '../liquid/handleize.js';
import { colorSetting, type ColorDrop } from '../liquid/colors.js';
import { priceIn, text, variantAvailable, type DropContext, type ImageObject } from './drop-context.js';
import { filterValueEntry, filterValueSwatch, type SwatchObject } from './swatches.js';

// Storefront filtering (the Search & Discovery app's filters) on collection and search pages:
// reads the `filter.*` URL parameters, narrows a product list, and makes the `filter`,
// `filter_value` and `filter_value_display` objects a theme's facets render. Filters combine
// with AND; a list filter's values with OR (with AND for tags and list metafields, as the docs
// give for the operator). Variant-level filters (availability, price, options) must hold on one
// variant together; product-level ones (type, vendor, tag, metafield) on the product. A value
// the list does not offer, a price that is not a number and a parameter of a filter the shop has
// not set up are ignored, so a hand-edited address never fails.

type Scope = 'p' | 'v';

/** A filter as configured, with its parameter and how a product or variant matches a value. */
interface FilterRule {
  config: FixtureFilter;
  paramName: string;
  scope: Scope;
  type: 'list' | 'price_range' | 'boolean';
  operator: 'AND' | 'OR' | null;
  /** The values a product (or one variant) has for this filter. */
  valuesOf(product: FixtureProduct, variant: FixtureVariant | null): string[];
}

/** What the query asks of one filter: values for a list, a price window for a price range. */
interface Selection {
  values: string[];
  gte: number | null;
  lte: number | null;
}

const NO_SELECTION: Selection = { values: [], gte: null, lte: null };
/** Parameters that do not carry over into the filters' own links. */
const DROPPED_PARAMS = ['page', 'section_id', 'sections'];

function metafieldValues(product: FixtureProduct, key: string, language: string): string[] {
  const [namespace = '', name = ''] = key.split('.');
  const value = (product.metafields as unknown as Record<string, Record<string, unknown> | undefined>)[namespace]?.[name];
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return [localize(value as Record<string, string>, language)];
  return [String(value)];
}

function ruleOf(ctx: DropContext, config: FixtureFilter): FilterRule {
  const primary = ctx.store.shop.primary_locale;
  switch (config.source) {
    case 'availability':
      return {
        config,
        paramName: 'filter.v.availability',
        scope: 'v',
        type: 'list',
        operator: 'OR',
        valuesOf: (p, v) => (v ? [variantAvailable(v, p.inventory_policy) ? '1' : '0'] : []),
      };
    case 'price':
      return { config, paramName: 'filter.v.price', scope: 'v', type: 'price_range', operator: null, valuesOf: () => [] };
    case 'option': {
      const wanted = (config.option ?? '').toLocaleLowerCase(primary);
      // Asked once per variant of every product of the list: the option's place is found once a product.
      const places = new WeakMap<FixtureProduct, number>();
      const placeIn = (p: FixtureProduct): number => {
        let index = places.get(p);
        if (index === undefined) {
          index = p.options.findIndex((o) => localize(o.name, primary).toLocaleLowerCase(primary) === wanted);
          places.set(p, index);
        }
        return index;
      };
      return {
        config,
        paramName: `filter.v.option.${handleize(config.option)}`,
        scope: 'v',
        type: 'list',
        operator: 'OR',
        valuesOf: (p, v) => {
          const index = placeIn(p);
          const value = index >= 0 ? v?.options[index] : undefined;
          return value === undefined ? [] : [value];
        },
      };
    }
    case 'product_type':
      return { config, paramName: 'filter.p.product_type', scope: 'p', type: 'list', operator: 'OR', valuesOf: (p) => (p.type ? [p.type] : []) };
    case 'vendor':
      return { config, paramName: 'filter.p.vendor', scope: 'p', type: 'list', operator: 'OR', valuesOf: (p) => (p.vendor ? [p.vendor] : []) };
    case 'tag':
      return { config, paramName: 'filter.p.tag', scope: 'p', type: 'list', operator: 'AND', valuesOf: (p) => p.tags };
    case 'metafield': {
      const key = config.metafield ?? '';
      const definition = ctx.store.metafieldDefinitions.owners['product']?.[key] ?? 'single_line_text_field';
      const boolean = definition === 'boolean';
      return {
        config,
        paramName: `filter.p.m.${key}`,
        scope: 'p',
        type: boolean ? 'boolean' : 'list',
        operator: definition.startsWith('list.') ? 'AND' : 'OR',
        valuesOf: (p) => metafieldValues(p, key, primary),
      };
    }
  }
}

/** An amount in major units from the URL (`12`, `12.5`), in minor units; null if it is not one. */
function minorUnits(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,9}(?:\.\d{1,2})?\s*$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** A product's variants priced in the shopper's currency, for the variant-level tests. */
function variantPrice(ctx: DropContext, variant: FixtureVariant): number {
  return priceIn(ctx, variant.price) ?? 0;
}

export class Filtering {
  readonly rules: FilterRule[];
  private selections: Selection[];
  /** Each list filter's values, in the order the unfiltered products first show them. */
  private offered: string[][];
  private memo = new Map<string, FixtureProduct[]>();

  constructor(
    readonly ctx: DropContext,
    /** The unfiltered list (a collection's products, a search's product results), in order. */
    private products: FixtureProduct[],
    /** The page's address without the query (a collection's or /search). */
    private pagePath: string,
    private query: URLSearchParams,
  ) {
    this.rules = ctx.store.filters.map((config) => ruleOf(ctx, config));
    this.offered = this.rules.map((rule) => this.valuesOffered(rule));
    this.selections = this.rules.map((rule, i) => this.selectionOf(rule, this.offered[i]!));
  }

  /** True when the query narrows the list at all. */
  get active(): boolean {
    return this.selections.some((s) => s.values.length > 0 || s.gte !== null || s.lte !== null);
  }

  /** The products every active filter lets through. */
  results(): FixtureProduct[] {
    return this.matching(this.selections);
  }

  filters(): FilterDrop[] {
    return this.rules.map((rule, i) => new FilterDrop(this, rule, i));
  }

  selection(index: number): Selection {
    return this.selections[index] ?? NO_SELECTION;
  }

  offeredValues(index: number): string[] {
    return this.offered[index] ?? [];
  }

  /** How many products the list would show with this value chosen (with the other filters as they are). */
  countWith(index: number, value: string): number {
    const rule = this.rules[index]!;
    const own = this.selection(index);
    const values = rule.operator === 'AND' ? [...new Set([...own.values, value])] : [value];
    return this.matching(this.selections.map((s, i) => (i === index ? { ...s, values } : s))).length;
  }

  /** The highest price among the unfiltered products, in minor units. */
  rangeMax(): number {
    let max = 0;
    for (const p of this.products) for (const v of p.variants) max = Math.max(max, variantPrice(this.ctx, v));
    return max;
  }

  /** The current address with parameters changed; pagination parameters always go. */
  url(change: (params: URLSearchParams) => void): string {
    const params = new URLSearchParams(this.query);
    for (const name of DROPPED_PARAMS) params.delete(name);
    change(params);
    const search = params.toString();
    return search ? `${this.pagePath}?${search}` : this.pagePath;
  }

  /** The merchant's label for the value, else the name of the category entry it is linked to, else the value. */
  valueLabel(rule: FilterRule, value: string): string {
    const label = rule.config.labels?.[value];
    if (label !== undefined) return text(this.ctx, label);
    const entry = rule.config.source === 'option' && rule.config.option ? filterValueEntry(this.ctx.store, rule.config.option, value) : null;
    return entry ? text(this.ctx, entry.fields.label) : value;
  }

  /**
   * A swatch filter's value shows the swatch of the category entry its option value is linked to
   * (the platform derives it from the metaobject); a store whose values are not linked may give
   * the colours in filters.json (`swatches`).
   */
  swatch(rule: FilterRule, value: string): SwatchObject | null {
    if (rule.config.presentation !== 'swatch') return null;
    const linked = rule.config.source === 'option' && rule.config.option ? filterValueSwatch(this.ctx, rule.config.option, value) : null;
    if (linked) return linked;
    const hex = rule.config.swatches?.[value];
    const color = hex ? colorSetting(hex) : null;
    return color ? { color, image: null } : null;
  }

  private valuesOffered(rule: FilterRule): string[] {
    if (rule.type === 'price_range') return [];
    if (rule.config.source === 'availability') return ['1', '0'];
    const seen = new Set<string>();
    for (const p of this.products) {
      if (rule.scope === 'p') for (const value of rule.valuesOf(p, null)) seen.add(value);
      else for (const v of p.variants) for (const value of rule.valuesOf(p, v)) seen.add(value);
    }
    const values = [...seen];
    // Options keep the products' own order (XS before S); the product-level lists sort by name.
    return rule.scope === 'p' ? values.sort((a, b) => a.localeCompare(b, this.ctx.language)) : values;
  }

  private selectionOf(rule: FilterRule, offered: string[]): Selection {
    if (rule.type === 'price_range') {
      return { values: [], gte: minorUnits(this.query.get(`${rule.paramName}.gte`)), lte: minorUnits(this.query.get(`${rule.paramName}.lte`)) };
    }
    const asked = this.query.getAll(rule.paramName);
    return { values: offered.filter((value) => asked.includes(value)), gte: null, lte: null };
  }

  private matching(selections: Selection[]): FixtureProduct[] {
    const key = JSON.stringify(selections);
    const kept = this.memo.get(key);
    if (kept) return kept;
    const result = this.products.filter((p) => this.productMatches(p, selections));
    this.memo.set(key, result);
    return result;
  }

  private productMatches(product: FixtureProduct, selections: Selection[]): boolean {
    const variantTests: ((v: FixtureVariant) => boolean)[] = [];
    for (const [i, rule] of this.rules.entries()) {
      const s = selections[i]!;
      if (rule.type === 'price_range') {
        if (s.gte === null && s.lte === null) continue;
        variantTests.push((v) => {
          const price = variantPrice(this.ctx, v);
          return (s.gte === null || price >= s.gte) && (s.lte === null || price <= s.lte);
        });
        continue;
      }
      if (!s.values.length) continue;
      const holds = (have: string[]): boolean => (rule.operator === 'AND' ? s.values.every((x) => have.includes(x)) : s.values.some((x) => have.includes(x)));
      if (rule.scope === 'p') {
        if (!holds(rule.valuesOf(product, null))) return false;
      } else {
        variantTests.push((v) => holds(rule.valuesOf(product, v)));
      }
    }
    return !variantTests.length || product.variants.some((v) => variantTests.every((test) => test(v)));
  }
}

/** The filter object. */
export class FilterDrop {
  constructor(
    private filtering: Filtering,
    private rule: FilterRule,
    private index: number,
  ) {}
  get param_name(): string {
    return this.rule.paramName;
  }
  get label(): string {
    return text(this.filtering.ctx, this.rule.config.label);
  }
  get type(): string {
    return this.rule.type;
  }
  get operator(): string | null {
    return this.rule.operator;
  }
  get presentation(): string | null {
    return this.rule.type === 'list' ? (this.rule.config.presentation ?? 'text') : null;
  }
  get values(): FilterValueDrop[] {
    if (this.rule.type === 'price_range') return [];
    return this.filtering.offeredValues(this.index).map((value) => new FilterValueDrop(this.filtering, this.rule, this.index, value));
  }
  get active_values(): FilterValueDrop[] {
    return this.values.filter((v) => v.active);
  }
  get inactive_values(): FilterValueDrop[] {
    return this.values.filter((v) => !v.active);
  }
  /** Boolean filters only, and only when the unfiltered list has a product with the value. */
  get true_value(): FilterValueDrop | null {
    return this.booleanValue('true');
  }
  get false_value(): FilterValueDrop | null {
    return this.booleanValue('false');
  }
  get min_value(): FilterValueDrop | null {
    return this.rule.type === 'price_range' ? new FilterValueDrop(this.filtering, this.rule, this.index, 'gte') : null;
  }
  get max_value(): FilterValueDrop | null {
    return this.rule.type === 'price_range' ? new FilterValueDrop(this.filtering, this.rule, this.index, 'lte') : null;
  }
  get range_max(): number | null {
    return this.rule.type === 'price_range' ? this.filtering.rangeMax() : null;
  }
  get url_to_remove(): string {
    const name = this.rule.paramName;
    return this.filtering.url((params) => {
      params.delete(name);
      params.delete(`${name}.gte`);
      params.delete(`${name}.lte`);
    });
  }
  private booleanValue(value: string): FilterValueDrop | null {
    if (this.rule.type !== 'boolean' || !this.filtering.offeredValues(this.index).includes(value)) return null;
    return new FilterValueDrop(this.filtering, this.rule, this.index, value);
  }
}

/** A filter value: one entry of a list or boolean filter, or a price range's lower or upper end. */
export class FilterValueDrop {
  private isPrice: boolean;
  constructor(
    private filtering: Filtering,
    private rule: FilterRule,
    private index: number,
    /** The value itself, or `gte` / `lte` for a price range's ends. */
    private raw: string,
  ) {
    this.isPrice = rule.type === 'price_range';
  }
  get param_name(): string {
    return this.isPrice ? `${this.rule.paramName}.${this.raw}` : this.rule.paramName;
  }
  /** A price end is its amount in minor units (nil when the URL sets none), as themes pass it to `money`. */
  get value(): string | number | null {
    if (!this.isPrice) return this.raw;
    const s = this.filtering.selection(this.index);
    return this.raw === 'gte' ? s.gte : s.lte;
  }
  get label(): string | null {
    return this.isPrice ? null : this.filtering.valueLabel(this.rule, this.raw);
  }
  get active(): boolean {
    return !this.isPrice && this.filtering.selection(this.index).values.includes(this.raw);
  }
  get count(): number | null {
    return this.isPrice ? null : this.filtering.countWith(this.index, this.raw);
  }
  get url_to_add(): string {
    const name = this.param_name;
    if (this.isPrice) return this.filtering.url(() => {});
    return this.filtering.url((params) => {
      if (!params.getAll(name).includes(this.raw)) params.append(name, this.raw);
    });
  }
  get url_to_remove(): string {
    const name = this.param_name;
    return this.filtering.url((params) => {
      const kept = params.getAll(name).filter((v) => !this.isPrice && v !== this.raw);
      params.delete(name);
      for (const v of kept) params.append(name, v);
    });
  }
  get swatch(): SwatchObject | null {
    return this.isPrice ? null : this.filtering.swatch(this.rule, this.raw);
  }
  /** The visual form of the value (deprecated for `swatch`): its colour, else its image. */
  get display(): { type: string; value: ColorDrop[] | ImageObject } | null {
    const swatch = this.swatch;
    if (swatch?.color) return { type: 'colors', value: [swatch.color] };
    return swatch?.image ? { type: 'image', value: swatch.image } : null;
  }
  /** Values with presentation `image` show an image the merchant chose; the fixture store has none. */
  get image(): null {
    return null;
  }
  toString(): string {
    return String(this.value ?? '');
  }
}
