import type { FixtureFilter, FixtureProduct, FixtureVariant } from '../store/types.js';
import { localize } from '../store/load-store.js';
import { handleize } from '../liquid/handleize.js';
import { colorSetting, type ColorDrop } from '../liquid/colors.js';
import { priceIn, text, variantAvailable, type DropContext, type ImageObject } from './drop-context.js';
import { filterValueEntry, filterValueSwatch, type SwatchObject } from './swatches.js';
import { indexedList, type IndexedList } from './filter-index.js';

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

/** One filter's selection compiled against the list's value numbers. */
interface Compiled {
  /** OR: chosen[id] is 1 for a value chosen. */
  chosen: Uint8Array | null;
  /** AND: every one of these value numbers (a value the list does not have makes it fail). */
  required: number[] | null;
  gte: number | null;
  lte: number | null;
}

export class Filtering {
  readonly rules: FilterRule[];
  private selections: Selection[];
  /** Each list filter's values, in the order the unfiltered products first show them. */
  private offered: string[][];
  private memo = new Map<string, FixtureProduct[]>();
  /** The list's values as numbers: made once per collection while the store is loaded (filter-index.ts). */
  private index: IndexedList;

  constructor(
    readonly ctx: DropContext,
    /** The unfiltered list (a collection's products, a search's product results), in order. */
    products: FixtureProduct[],
    /** The page's address without the query (a collection's or /search). */
    private pagePath: string,
    private query: URLSearchParams,
    /** What stands for the list across requests (a collection's handles), so it is indexed once. */
    listKey: object | null = null,
  ) {
    this.rules = ctx.store.filters.map((config) => ruleOf(ctx, config));
    const setup = JSON.stringify(ctx.store.filters);
    this.index = indexedList(
      products,
      this.rules.map((rule) => ({
        scope: rule.scope,
        priced: rule.type === 'price_range',
        valuesOf: (p: FixtureProduct, v: FixtureVariant | null) => rule.valuesOf(p, v),
      })),
      listKey,
      setup,
    );
    this.offered = this.rules.map((rule, i) => this.valuesOffered(rule, i));
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
    if (rule.operator === 'OR') return this.facetCounts()[index]?.get(value) ?? 0;
    const own = this.selection(index);
    const values = [...new Set([...own.values, value])];
    return this.matching(this.selections.map((s, i) => (i === index ? { ...s, values } : s))).length;
  }

  private facetMemo: Map<string, number>[] | null = null;
  /**
   * Every OR filter's count for each of its values, in one walk of the list: a product counts for
   * a value when it has it (on a variant that also passes the other variant filters, for a variant
   * filter) and passes every other filter. The same as narrowing the list once per value, which
   * cost one walk of the list per value (some 40 on the fixture's filters).
   */
  private facetCounts(): Map<string, number>[] {
    if (this.facetMemo) return this.facetMemo;
    const { index } = this;
    const compiled = this.compile(this.selections);
    const tables = index.tables;
    const counts = this.rules.map((rule, r) => (rule.operator === 'OR' ? new Int32Array(tables[r]!.values.length) : null));
    const seenAt = this.rules.map((_, r) => new Int32Array(tables[r]!.values.length).fill(-1));
    const prices = this.pricesIfNeeded(compiled);
    for (let i = 0; i < index.products.length; i++) {
      // Product filters that fail: with two, no value of any filter can let the product through.
      let failed = 0;
      let productFails = -1;
      for (let r = 0; r < this.rules.length; r++) {
        if (this.rules[r]!.scope === 'p' && !this.productPasses(r, i, compiled[r]!)) {
          failed++;
          productFails = r;
        }
      }
      if (failed > 1) continue;
      const from = index.variantStart[i]!;
      const to = index.variantStart[i + 1]!;
      // A product without variants passes no variant filter (as results() has it).
      for (let j = to > from ? from : -1; j < (to > from ? to : 0); j++) {
        let variantFailed = 0;
        let variantFails = -1;
        for (let r = 0; r < this.rules.length; r++) {
          if (this.rules[r]!.scope !== 'v' || !this.isActive(compiled[r]!)) continue;
          if (j < 0 || !this.variantPasses(r, j, compiled[r]!, prices)) {
            variantFailed++;
            variantFails = r;
          }
        }
        if (failed + variantFailed > 1) continue;
        const only = failed ? productFails : variantFailed ? variantFails : -1;
        for (let r = 0; r < this.rules.length; r++) {
          const into = counts[r];
          if (!into || (only !== -1 && only !== r)) continue;
          const seen = seenAt[r]!;
          if (this.rules[r]!.scope === 'v') {
            const id = j < 0 ? -1 : (index.variantValues[r]?.[j] ?? -1);
            if (id >= 0 && seen[id] !== i) {
              seen[id] = i;
              into[id]!++;
            }
          } else {
            const own = index.productValues[r]!;
            for (let k = own.start[i]!; k < own.start[i + 1]!; k++) {
              const id = own.ids[k]!;
              if (seen[id] !== i) {
                seen[id] = i;
                into[id]!++;
              }
            }
          }
        }
      }
    }
    this.facetMemo = counts.map((c, r) => new Map(c ? tables[r]!.values.map((value, id) => [value, c[id]!] as const) : []));
    return this.facetMemo;
  }

  /** The highest price among the unfiltered products, in minor units. */
  rangeMax(): number {
    let max = 0;
    for (const price of this.index.prices(this.ctx.currency, (v) => variantPrice(this.ctx, v))) max = Math.max(max, price);
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

  private valuesOffered(rule: FilterRule, r: number): string[] {
    if (rule.type === 'price_range') return [];
    if (rule.config.source === 'availability') return ['1', '0'];
    const values = this.index.tables[r]!.values;
    // Options keep the products' own order (XS before S); the product-level lists sort by name.
    return rule.scope === 'p' ? [...values].sort((a, b) => a.localeCompare(b, this.ctx.language)) : values;
  }

  private selectionOf(rule: FilterRule, offered: string[]): Selection {
    if (rule.type === 'price_range') {
      return { values: [], gte: minorUnits(this.query.get(`${rule.paramName}.gte`)), lte: minorUnits(this.query.get(`${rule.paramName}.lte`)) };
    }
    const asked = this.query.getAll(rule.paramName);
    return { values: offered.filter((value) => asked.includes(value)), gte: null, lte: null };
  }

  private compile(selections: Selection[]): Compiled[] {
    return this.rules.map((rule, r) => {
      const s = selections[r]!;
      const table = this.index.tables[r]!;
      if (rule.type === 'price_range') return { chosen: null, required: null, gte: s.gte, lte: s.lte };
      if (!s.values.length) return { chosen: null, required: null, gte: null, lte: null };
      if (rule.operator === 'AND') return { chosen: null, required: s.values.map((v) => table.ids.get(v) ?? -1), gte: null, lte: null };
      const chosen = new Uint8Array(table.values.length);
      for (const v of s.values) {
        const id = table.ids.get(v);
        if (id !== undefined) chosen[id] = 1;
      }
      return { chosen, required: null, gte: null, lte: null };
    });
  }

  private isActive(c: Compiled): boolean {
    return c.chosen !== null || c.required !== null || c.gte !== null || c.lte !== null;
  }

  private pricesIfNeeded(compiled: Compiled[]): Float64Array | null {
    return compiled.some((c) => c.gte !== null || c.lte !== null) ? this.index.prices(this.ctx.currency, (v) => variantPrice(this.ctx, v)) : null;
  }

  /** Whether product i passes product filter r (true when nothing is chosen). */
  private productPasses(r: number, i: number, c: Compiled): boolean {
    if (!c.chosen && !c.required) return true;
    const own = this.index.productValues[r]!;
    const from = own.start[i]!;
    const to = own.start[i + 1]!;
    if (c.chosen) {
      for (let k = from; k < to; k++) if (c.chosen[own.ids[k]!]) return true;
      return false;
    }
    return c.required!.every((id) => {
      for (let k = from; k < to; k++) if (own.ids[k] === id) return true;
      return false;
    });
  }

  /** Whether variant j passes variant filter r, which is active. */
  private variantPasses(r: number, j: number, c: Compiled, prices: Float64Array | null): boolean {
    if (c.gte !== null || c.lte !== null) {
      const price = prices![j]!;
      return (c.gte === null || price >= c.gte) && (c.lte === null || price <= c.lte);
    }
    const id = this.index.variantValues[r]![j]!;
    if (c.chosen) return id >= 0 && c.chosen[id] === 1;
    return c.required!.every((want) => want === id);
  }

  private matching(selections: Selection[]): FixtureProduct[] {
    const key = JSON.stringify(selections);
    const kept = this.memo.get(key);
    if (kept) return kept;
    const compiled = this.compile(selections);
    const prices = this.pricesIfNeeded(compiled);
    const variantRules = this.rules.map((rule, r) => r).filter((r) => this.rules[r]!.scope === 'v' && this.isActive(compiled[r]!));
    const productRules = this.rules.map((rule, r) => r).filter((r) => this.rules[r]!.scope === 'p' && this.isActive(compiled[r]!));
    const { index } = this;
    const result: FixtureProduct[] = [];
    for (let i = 0; i < index.products.length; i++) {
      if (!productRules.every((r) => this.productPasses(r, i, compiled[r]!))) continue;
      if (variantRules.length) {
        let some = false;
        for (let j = index.variantStart[i]!; j < index.variantStart[i + 1]! && !some; j++)
          some = variantRules.every((r) => this.variantPasses(r, j, compiled[r]!, prices));
        if (!some) continue;
      }
      result.push(index.products[i]!);
    }
    this.memo.set(key, result);
    return result;
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
