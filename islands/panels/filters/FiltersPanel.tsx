// The filters panel (spec §2 rightSidebar=filters, §4, §5): type, size, colour and collection,
// each a group of checkboxes. Choices are a draft until Apply (spec §4: filters are set on
// apply); Reset empties them and applies at once. Options come from the data: types from
// /pages/api/type-products (normalised), collections from /pages/api/collections without ALL
// and the two excluded ones, sizes and colours from the list's products (the platform's filter
// values of the whole list until they have come; all products, from the list index of
// collections/all, when the page has no list; Apply then opens /collections/all with the choice).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { bootstrap, readIslandProps } from '../../../shared/bootstrap';
import { fetchAllPages, getJSON } from '../../../shared/api/client';
import { loadListIndex, TOO_LONG } from '../../../shared/catalogue/list-index';
import { language, t } from '../../../shared/i18n';
import { closePanel } from '../../../shared/stores/panel';
import { colourFor, colourName } from '../../../shared/catalogue/colours';
import { alphabeticalKey } from '../../../shared/catalogue/sort';
import {
  collectionFilterOptions,
  emptyFilters,
  FILTER_DIMENSIONS,
  PRICE_GTE,
  PRICE_LTE,
  priceEnd,
  normaliseTypes,
  readFilterState,
  writeFilterState,
  type FilterCollection,
  type FacetKey,
  type FilterSelection,
} from '../../../shared/catalogue/filters';
import { merchantFilters, readStorefrontFilters, specParams, type StorefrontFilter } from '../../../shared/catalogue/storefront-filters';
import { formatPrice } from '../../../shared/format/values';
import {
  $listing,
  applyListingFilters,
  colourOptions,
  platformFilterOptions,
  readListingState,
  resolveType,
  retryListing,
  sizeOptions,
  writeListingState,
  type ListProduct,
  type Unavailable,
} from '../../../shared/catalogue/listing';
import type { PanelProps } from '../../shell/panels';

export const titleKey = 'filters.title';

type Dimension = (typeof FILTER_DIMENSIONS)[number];

function typeLabel(type: string): string {
  const key = `product_types.${type}`;
  const label = t(key);
  return label === key ? type : label;
}

const colourKey = (value: string) => colourName(value) ?? 'black';
const lower = (value: string) => value.trim().toLowerCase();

/** Spec §7 type-products: a list of strings, lower-cased, blanks dropped, duplicates removed. */
function useTypes(): string[] | null {
  const [types, setTypes] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void getJSON<unknown>('type-products').then((answer) => {
      if (!live) return;
      // In the order of their names in the page language.
      const types = Array.isArray(answer) ? normaliseTypes(answer) : [];
      setTypes(
        types
          .map((type) => ({ type, key: alphabeticalKey(typeLabel(type)) }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map((e) => e.type),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  return types;
}

function useCollections(): { value: string; label: string }[] | null {
  const [options, setOptions] = useState<{ value: string; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    void fetchAllPages<FilterCollection>('collections').then((list) => {
      if (live) setOptions(collectionFilterOptions(list ?? []));
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/**
 * The option values the platform's filters counted over the page's whole list, drawn into the
 * list's props by the server; not for a search the list answers in place (the props are the
 * plain list's), which it marks while it searches.
 */
function listOptionsFromServer(): Pick<ListProduct, 'productOptions'>[] | null {
  const list = document.querySelector('[data-island="product-list"]');
  if (!list || list.hasAttribute('data-searching')) return null;
  return platformFilterOptions(readIslandProps<{ filterOptions?: unknown }>(list)?.filterOptions);
}

type OfferedProducts = {
  /** Null while they load, and when they will not come. */
  products: readonly Pick<ListProduct, 'productOptions'>[] | null;
  unavailable: Unavailable | null;
  retry: () => void;
};

/**
 * The products whose sizes and colours are offered: the list's (the platform's counts of it until
 * the whole list has come, so the panel does not wait on the list index), or the whole catalogue's.
 */
function useProducts(pageHasList: boolean): OfferedProducts {
  const listing = useStore($listing);
  const [fromServer] = useState(() => (pageHasList ? listOptionsFromServer() : null));
  const [catalogue, setCatalogue] = useState<ListProduct[] | Unavailable | null>(null);
  const [attempt, setAttempt] = useState(1);
  useEffect(() => {
    if (pageHasList) return;
    let live = true;
    void loadListIndex({ collection: 'all' }, 0, attempt).then((index) => {
      if (live) setCatalogue(index === TOO_LONG ? 'too_long' : (index?.products ?? 'failed'));
    });
    return () => {
      live = false;
    };
  }, [pageHasList, attempt]);
  if (pageHasList) {
    const products = listing?.products ?? fromServer;
    return { products, unavailable: products === null ? (listing?.unavailable ?? null) : null, retry: retryListing };
  }
  return {
    products: Array.isArray(catalogue) ? catalogue : null,
    unavailable: typeof catalogue === 'string' ? catalogue : null,
    retry: () => {
      setCatalogue(null);
      setAttempt((n) => n + 1);
    },
  };
}

function Group({ legend, loading, children, name }: { legend: string; loading: boolean; children: ReactNode; name: string }) {
  return (
    <fieldset className={`filters-panel__group filters-panel__group--${name}`}>
      <legend className="filters-panel__legend">{legend}</legend>
      {loading ? (
        <p className="spinner">{t('common.loading')}</p>
      ) : (
        <ul className="filters-panel__options" role="list">
          {children}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * In place of the size and colour groups when the list's whole will not come (its load failed,
 * or it is longer than the platform paginates), instead of a spinner that never ends. A failed
 * load can be asked for again; while it is, the button stays (focus stays on it) and says so.
 */
function OptionsUnavailable({ reason, retrying, onRetry }: { reason: Unavailable; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="filters-panel__unavailable" role="status">
      <p className="filters-panel__unavailable-text">{t(reason === 'too_long' ? 'filters.unavailable_too_long' : 'filters.unavailable_failed')}</p>
      {reason === 'failed' && (
        <button
          type="button"
          className="filters-panel__retry"
          aria-disabled={retrying ? 'true' : undefined}
          aria-busy={retrying ? 'true' : undefined}
          onClick={() => {
            if (!retrying) onRetry();
          }}
        >
          {retrying ? t('common.loading') : t('filters.try_again')}
        </button>
      )}
    </div>
  );
}

function Option(props: { id: string; checked: boolean; onToggle: () => void; label: string; swatch?: string; className?: string; count?: number | null }) {
  // A value no product of the list has with the other filters is shown, unticked, as such.
  const none = props.count === 0 && !props.checked;
  return (
    <li className={`filters-panel__option ${props.className ?? ''}${none ? ' filters-panel__option--none' : ''}`}>
      <input
        className="filters-panel__checkbox"
        type="checkbox"
        id={props.id}
        checked={props.checked}
        onChange={props.onToggle}
        aria-describedby={typeof props.count === 'number' ? `${props.id}-count` : undefined}
      />
      <label className="filters-panel__label" htmlFor={props.id}>
        {props.swatch !== undefined && <span className="filters-panel__swatch" style={{ backgroundColor: props.swatch }} aria-hidden="true" />}
        {props.label}
      </label>
      {/* Beside the value's name, not in it: the name stays the value's, the count describes it. */}
      {typeof props.count === 'number' && (
        <span className="filters-panel__count" id={`${props.id}-count`}>
          {`(${props.count})`}
        </span>
      )}
    </li>
  );
}

/** The storefront filters of the page's list as the server drew them (before the list's code has come). */
function storefrontFromPage(): StorefrontFilter[] {
  const list = document.querySelector('[data-island="product-list"]');
  if (!list || list.hasAttribute('data-searching')) return [];
  return readStorefrontFilters(readIslandProps<{ storefrontFilters?: unknown }>(list)?.storefrontFilters);
}

const lowerKey = (v: string) => v.trim().toLowerCase();

/**
 * The count beside a value of one of the spec's dimensions: the browser's count over the whole
 * list, else the platform's for the storefront filter that stands for the dimension (its values
 * joined as the spec's rule joins them: a size in any case, a colour in any spelling).
 */
function specCount(
  dim: Dimension,
  option: string,
  counts: ReadonlyMap<FacetKey, ReadonlyMap<string, number>> | null | undefined,
  storefront: readonly StorefrontFilter[],
): number | null {
  const fromBrowser = counts?.get(dim);
  if (fromBrowser) return fromBrowser.get(dim === 'color' ? option : lowerKey(option)) ?? 0;
  if (dim === 'collection') return null;
  const param = specParams(storefront)[dim];
  const filter = storefront.find((f) => f.param === param);
  if (!filter || filter.type === 'price_range') return null;
  const key = dim === 'color' ? colourKey : lowerKey;
  const wanted = key(option);
  return filter.values.filter((v) => key(v.value) === wanted).reduce((sum, v) => sum + (v.count ?? 0), 0);
}

/** Whole units from the address's price end (the input shows major units, as the platform's address does). */
const majorUnits = (values: readonly string[] | undefined): string => {
  const minor = priceEnd(values);
  return minor === null ? '' : String(minor / 100);
};

/** One storefront filter of the merchant's (availability, price range, or any list filter the admin defines). */
function StorefrontGroup(props: {
  filter: StorefrontFilter;
  draft: FilterSelection;
  counts: ReadonlyMap<FacetKey, ReadonlyMap<string, number>> | null | undefined;
  onChange: (param: string, values: string[]) => void;
}) {
  const { filter, draft, onChange } = props;
  const chosen = draft.storefront ?? {};
  const slug = filter.param.replace(/[^\p{L}\p{N}]+/gu, '-');
  if (filter.type === 'price_range') {
    const currency = bootstrap().locale.cartCurrency.isoCode;
    const setEnd = (param: string, value: string) => onChange(param, value.trim() === '' ? [] : [value.trim()]);
    return (
      <fieldset className="filters-panel__group filters-panel__group--price">
        <legend className="filters-panel__legend">{`${filter.label} (${currency})`}</legend>
        <div className="filters-panel__price">
          <label className="filters-panel__price-field">
            <span>{t('filters.price_from')}</span>
            <input
              className="filters-panel__price-input"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              name={PRICE_GTE}
              value={majorUnits(chosen[PRICE_GTE])}
              placeholder="0"
              onChange={(e) => setEnd(PRICE_GTE, e.currentTarget.value)}
            />
          </label>
          <label className="filters-panel__price-field">
            <span>{t('filters.price_to')}</span>
            <input
              className="filters-panel__price-input"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              name={PRICE_LTE}
              value={majorUnits(chosen[PRICE_LTE])}
              placeholder={filter.max === null ? '' : String(Math.ceil(filter.max / 100))}
              onChange={(e) => setEnd(PRICE_LTE, e.currentTarget.value)}
            />
          </label>
        </div>
      </fieldset>
    );
  }
  const own = chosen[filter.param] ?? [];
  // Counted in the browser over the whole list where it can (availability), else the platform's.
  const browserCounts = props.counts?.get(filter.param as FacetKey);
  return (
    <Group name={slug} legend={filter.label} loading={false}>
      {filter.values.map((value) => (
        <Option
          key={value.value}
          id={`filter-${slug}-${value.value.replace(/\s+/g, '-')}`}
          checked={own.includes(value.value)}
          onToggle={() => onChange(filter.param, own.includes(value.value) ? own.filter((v) => v !== value.value) : [...own, value.value])}
          label={value.label}
          swatch={value.swatch}
          count={browserCounts ? (browserCounts.get(value.value) ?? 0) : value.count}
        />
      ))}
    </Group>
  );
}

type Chip = { key: string; label: string; without: (filters: FilterSelection) => FilterSelection };

/** The applied filters, one chip each, in the order of the panel's groups. */
function appliedChips(
  applied: FilterSelection,
  labels: { type: (v: string) => string; size: (v: string) => string; color: (v: string) => string; collection: (v: string) => string },
  storefront: readonly StorefrontFilter[],
): Chip[] {
  const chips: Chip[] = [];
  for (const dim of FILTER_DIMENSIONS) {
    for (const value of applied[dim]) {
      chips.push({ key: `${dim}:${value}`, label: labels[dim](value), without: (f) => ({ ...f, [dim]: f[dim].filter((v) => v !== value) }) });
    }
  }
  const chosen = applied.storefront ?? {};
  const withoutParams = (f: FilterSelection, names: string[]): FilterSelection => ({
    ...f,
    storefront: Object.fromEntries(Object.entries(f.storefront ?? {}).filter(([name]) => !names.includes(name))),
  });
  const gte = priceEnd(chosen[PRICE_GTE]);
  const lte = priceEnd(chosen[PRICE_LTE]);
  if (gte !== null || lte !== null) {
    const currency = bootstrap().locale.cartCurrency.isoCode;
    const label = t('filters.price_range', { from: gte === null ? '…' : formatPrice(gte, currency), to: lte === null ? '…' : formatPrice(lte, currency) });
    chips.push({ key: 'price', label, without: (f) => withoutParams(f, [PRICE_GTE, PRICE_LTE]) });
  }
  for (const [param, values] of Object.entries(chosen)) {
    if (param === PRICE_GTE || param === PRICE_LTE) continue;
    const filter = storefront.find((f) => f.param === param);
    for (const value of values) {
      const label = filter && filter.type !== 'price_range' ? (filter.values.find((v) => v.value === value)?.label ?? value) : value;
      chips.push({
        key: `${param}:${value}`,
        label,
        without: (f) => ({ ...f, storefront: { ...(f.storefront ?? {}), [param]: (f.storefront?.[param] ?? []).filter((v) => v !== value) } }),
      });
    }
  }
  return chips;
}

export default function FiltersPanel({ titleId }: PanelProps) {
  const lang = language();
  const pageHasList = typeof document !== 'undefined' && document.querySelector('[data-island="product-list"]') !== null;
  const listing = useStore($listing);
  const types = useTypes();
  const collections = useCollections();
  const { products, unavailable, retry: retryProducts } = useProducts(pageHasList);
  const [draft, setDraft] = useState<FilterSelection>(
    () => listing?.filters ?? readListingState(new URLSearchParams(window.location.search), ['alphabetically'], 'alphabetically').filters,
  );

  const [pageStorefront] = useState(() => (pageHasList ? storefrontFromPage() : []));
  const storefront = listing?.storefront ?? pageStorefront;
  const counts = listing?.counts;
  const merchant = useMemo(() => merchantFilters(storefront), [storefront]);
  const applied = listing?.filters ?? null;
  const sizes = useMemo(() => (products ? sizeOptions(products) : null), [products]);
  const colours = useMemo(() => (products ? colourOptions(products, lang) : null), [products, lang]);
  // The list's whole will not come: say why rather than spin. A retry keeps the note (and the
  // focus on its button) until the list answers either way.
  const [retrying, setRetrying] = useState(false);
  const retryButtonFocused = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!retrying || (products === null && unavailable !== 'failed')) return;
    setRetrying(false);
    // Loaded: the button goes, and focus goes to the first size it made room for.
    if (products !== null && retryButtonFocused.current) form.current?.querySelector<HTMLElement>('.filters-panel__group--size input')?.focus();
  }, [retrying, products, unavailable]);
  const retry = () => {
    retryButtonFocused.current = document.activeElement?.classList.contains('filters-panel__retry') ?? false;
    setRetrying(true);
    retryProducts();
  };
  const shownUnavailable = unavailable ?? (retrying && products === null ? 'failed' : null);

  // A draft value matches an option in any spelling: a type by its label (the menu's category),
  // a colour by either label, a size in any case.
  const same: Record<Dimension, (draftValue: string, option: string) => boolean> = {
    type: (v, option) => resolveType(v, types ?? [], typeLabel) === option,
    size: (v, option) => lower(v) === option,
    color: (v, option) => colourKey(v) === option,
    collection: (v, option) => lower(v) === lower(option),
  };
  const isChecked = (dim: Dimension, option: string) => draft[dim].some((v) => same[dim](v, option));
  const countOf = (dim: Dimension, option: string) => specCount(dim, option, counts, storefront);
  const setStorefront = (param: string, values: string[]) => setDraft((d) => ({ ...d, storefront: { ...(d.storefront ?? {}), [param]: values } }));
  const toggle = (dim: Dimension, option: string) =>
    setDraft((d) => ({
      ...d,
      [dim]: d[dim].some((v) => same[dim](v, option)) ? d[dim].filter((v) => !same[dim](v, option)) : [...d[dim], option],
    }));

  const send = (filters: FilterSelection) => {
    if (applyListingFilters(filters)) return;
    if (pageHasList) {
      // The list's code is still on its way: the address carries the choice, which it reads when it starts.
      const params = new URLSearchParams(window.location.search);
      const next = writeFilterState({ filters, sort: readFilterState(params).sort }, params);
      next.delete('page');
      const query = next.toString();
      window.history.pushState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
      return;
    }
    // No list here: show the choice on all products.
    const params = writeListingState({ filters, sort: 'alphabetically' }, new URLSearchParams(), 'alphabetically');
    const query = params.toString();
    window.location.assign(`${bootstrap().rootUrl}collections/all${query ? `?${query}` : ''}`);
  };

  const apply = (event: { preventDefault(): void }) => {
    event.preventDefault();
    // Close first: closing rewrites the current entry, applying then adds the new one, so Back
    // returns to the list as it was, without the panel.
    closePanel();
    send(draft);
  };

  // Spec §4: reset to empty. On a list that takes effect at once; elsewhere it clears the draft.
  const reset = () => {
    const empty = emptyFilters();
    setDraft(empty);
    applyListingFilters(empty);
  };

  // The applied filters (the address's), each a chip that takes it off at once, as Reset does all.
  const chips = applied
    ? appliedChips(
        applied,
        {
          type: (v) => typeLabel(resolveType(v, types ?? [], typeLabel)),
          size: (v) => v.toUpperCase(),
          color: (v) => colourFor(v, lang).label,
          collection: (v) => collections?.find((c) => lowerKey(c.value) === lowerKey(v))?.label ?? v,
        },
        storefront,
      )
    : [];
  const removeChip = (chip: Chip) => {
    if (!applied) return;
    const next = chip.without(applied);
    setDraft((d) => chip.without(d));
    applyListingFilters(next);
    // Focus stays in the panel: on the next chip, or on the first filter when none is left.
    requestAnimationFrame(() => {
      const panel = form.current?.parentElement;
      (panel?.querySelector<HTMLElement>('.filters-panel__chip') ?? form.current?.querySelector<HTMLElement>('input'))?.focus();
    });
  };

  return (
    <div className="filters-panel">
      <h2 id={titleId} className="panel-title">
        {t('filters.title')}
      </h2>
      {chips.length > 0 && (
        <section className="filters-panel__applied" aria-labelledby={`${titleId}-applied`}>
          <h3 id={`${titleId}-applied`} className="filters-panel__applied-title">
            {t('filters.applied')}
          </h3>
          <ul className="filters-panel__chips" role="list">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" className="filters-panel__chip" aria-label={t('filters.remove', { name: chip.label })} onClick={() => removeChip(chip)}>
                  {chip.label}
                  <span className="filters-panel__chip-x" aria-hidden="true">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form ref={form} className="filters-panel__form" onSubmit={apply} noValidate>
        <Group name="type" legend={t('filters.type')} loading={types === null}>
          {(types ?? []).map((type) => (
            <Option
              key={type}
              id={`filter-type-${type}`}
              checked={isChecked('type', type)}
              onToggle={() => toggle('type', type)}
              label={typeLabel(type)}
              count={countOf('type', type)}
            />
          ))}
        </Group>
        {shownUnavailable ? (
          <OptionsUnavailable reason={shownUnavailable} retrying={retrying} onRetry={retry} />
        ) : (
          <>
            <Group name="size" legend={t('filters.size')} loading={sizes === null}>
              {(sizes ?? []).map((size) => (
                <Option
                  key={size.value}
                  id={`filter-size-${size.value.replace(/\s+/g, '-')}`}
                  className="filters-panel__option--chip"
                  checked={isChecked('size', size.value)}
                  onToggle={() => toggle('size', size.value)}
                  label={size.label}
                  count={countOf('size', size.value)}
                />
              ))}
            </Group>
            <Group name="color" legend={t('filters.color')} loading={colours === null}>
              {(colours ?? []).map((colour) => (
                <Option
                  key={colour.name}
                  id={`filter-color-${colour.name}`}
                  checked={isChecked('color', colour.name)}
                  onToggle={() => toggle('color', colour.name)}
                  label={colour.label}
                  swatch={colour.hex}
                  count={countOf('color', colour.name)}
                />
              ))}
            </Group>
          </>
        )}
        <Group name="collection" legend={t('filters.collection')} loading={collections === null}>
          {(collections ?? []).map((option) => (
            <Option
              key={option.value}
              id={`filter-collection-${option.value}`}
              checked={isChecked('collection', option.value)}
              onToggle={() => toggle('collection', option.value)}
              label={option.label}
              count={countOf('collection', option.value)}
            />
          ))}
        </Group>
        {merchant.map((filter) => (
          <StorefrontGroup key={filter.param} filter={filter} draft={draft} counts={counts} onChange={setStorefront} />
        ))}
        <div className="filters-panel__actions">
          <button type="button" className="button button--light filters-panel__reset" onClick={reset}>
            {t('filters.reset')}
          </button>
          <button type="submit" className="button filters-panel__apply">
            {t('filters.apply')}
          </button>
        </div>
      </form>
    </div>
  );
}
