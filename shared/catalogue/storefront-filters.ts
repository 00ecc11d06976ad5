// The merchant's storefront filters as the platform gives them for a list (collection.filters,
// search.filters: snippets/storefront-filters-json.liquid), read safely from the page's props or a
// list index's answer; and the spec's filter state in the platform's parameters, for a list the
// platform filters and sorts (islands/product-list's server path).
import { colourName, isColourOption } from './colours';
import { isSizeOption } from './sizes';
import { AVAILABILITY, PRICE_GTE, PRICE_LTE, storefrontChoices, type FilterSelection } from './filters';
import type { SortKey } from './sort';

export type StorefrontValue = { value: string; label: string; count: number | null; swatch?: string };

export type StorefrontFilter =
  | { param: string; label: string; type: 'list' | 'boolean'; values: StorefrontValue[] }
  | { param: string; label: string; type: 'price_range'; max: number | null };

const isString = (v: unknown): v is string => typeof v === 'string';

/** The filters in an answer; anything malformed is left out. Empty for none or a malformed list. */
export function readStorefrontFilters(raw: unknown): StorefrontFilter[] {
  if (!Array.isArray(raw)) return [];
  const filters: StorefrontFilter[] = [];
  for (const item of raw as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null || !isString(item['param']) || !/^filter\.[pv]\./.test(item['param'])) continue;
    const label = isString(item['label']) ? item['label'] : item['param'];
    if (item['type'] === 'price_range') {
      filters.push({ param: item['param'], label, type: 'price_range', max: typeof item['max'] === 'number' ? item['max'] : null });
      continue;
    }
    if ((item['type'] !== 'list' && item['type'] !== 'boolean') || !Array.isArray(item['values'])) continue;
    const values: StorefrontValue[] = [];
    for (const v of item['values'] as Record<string, unknown>[]) {
      if (typeof v !== 'object' || v === null || !isString(v['value'])) continue;
      const value: StorefrontValue = {
        value: v['value'],
        label: isString(v['label']) ? v['label'] : v['value'],
        count: typeof v['count'] === 'number' ? v['count'] : null,
      };
      if (isString(v['swatch']) && /^#[0-9a-f]{3,8}$/i.test(v['swatch'])) value.swatch = v['swatch'];
      values.push(value);
    }
    filters.push({ param: item['param'], label, type: item['type'], values });
  }
  return filters;
}

/** The option filters and the type filter, which stand for the spec's dimensions (the panel shows those as the spec's). */
export type SpecParams = { type: string | null; size: string | null; color: string | null };

/** Which of the platform's filters are the spec's type, size and colour (by parameter, option name or label). */
export function specParams(filters: readonly StorefrontFilter[]): SpecParams {
  const option = (test: (name: string) => boolean) =>
    filters.find((f) => f.param.startsWith('filter.v.option.') && (test(f.param.slice('filter.v.option.'.length)) || test(f.label)))?.param ?? null;
  return {
    type: filters.find((f) => f.param === 'filter.p.product_type')?.param ?? null,
    size: option(isSizeOption),
    color: option(isColourOption),
  };
}

/** The storefront filters the panel shows as their own groups: not those standing for the spec's dimensions. */
export function merchantFilters(filters: readonly StorefrontFilter[]): StorefrontFilter[] {
  const spec = specParams(filters);
  return filters.filter((f) => f.param !== spec.type && f.param !== spec.size && f.param !== spec.color);
}

/** The platform's sort for the spec's (spec §4: featured is the collection's own order). */
export const PLATFORM_SORT: Record<SortKey, string> = {
  featured: 'manual',
  alphabetically: 'title-ascending',
  price_low_to_high: 'price-ascending',
  price_high_to_low: 'price-descending',
};

const norm = (s: string) => s.trim().toLowerCase();
const colourKey = (s: string) => colourName(s) ?? 'black';

/**
 * The spec's filter state as the platform's parameters, for the platform to filter a list: a type
 * as the product type, sizes and colours as the values of the option filters that match them as
 * the spec's rule does (a size in any case, a colour in any spelling: black finds Black and
 * Чорний), and the storefront filters as chosen. Null when the platform cannot answer it: a spec
 * dimension chosen that the shop has no storefront filter for, or a colour or size none of whose
 * spellings the list offers (no product has it: the answer is an empty list, which the caller
 * knows without asking). The collection dimension is not a platform filter: the caller answers it.
 */
export function platformParams(
  filters: FilterSelection,
  available: readonly StorefrontFilter[],
  resolveType: (value: string) => string,
): URLSearchParams | 'none' | null {
  const params = new URLSearchParams();
  const spec = specParams(available);
  const valuesOf = (param: string | null) => {
    const filter = available.find((f) => f.param === param);
    return filter && filter.type !== 'price_range' ? filter.values.map((v) => v.value) : [];
  };
  if (filters.type.length) {
    if (!spec.type) return null;
    const offered = valuesOf(spec.type);
    for (const type of filters.type.map(resolveType)) params.append(spec.type, offered.find((v) => norm(v) === norm(type)) ?? type);
  }
  const options: [keyof SpecParams, (s: string) => string][] = [
    ['size', norm],
    ['color', colourKey],
  ];
  for (const [dim, key] of options) {
    const chosen = filters[dim as 'size' | 'color'];
    if (!chosen.length) continue;
    const param = spec[dim];
    if (!param) return null;
    const wanted = new Set(chosen.map(key));
    const matching = valuesOf(param).filter((v) => wanted.has(key(v)));
    if (!matching.length) return 'none';
    for (const v of matching) params.append(param, v);
  }
  for (const [name, values] of Object.entries(storefrontChoices(filters) ?? {})) for (const v of values) params.append(name, v);
  return params;
}

export { AVAILABILITY, PRICE_GTE, PRICE_LTE };
