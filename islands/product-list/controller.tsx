// The product list on top of the server's markup (spec §2 product list screen and collection
// page, §4 filters and sort, §5 the filter rule). The server drew the heading, count, controls,
// the first page of cards and page links; this keeps that markup and:
// - reads sort, filters, category and search from the address and writes them back
//   (pushState), so a filtered list can be shared and Back restores the previous one;
// - loads the list's whole index when the page holds only part of it
//   (shared/catalogue/list-index.ts), and then sorts, filters and counts the whole list: the
//   default order is the screen's order over every product, not the server's page first;
// - on a failed load keeps the server's page as drawn, with its true count and page links
//   (spec §8: the failure is logged), says so when a sort or filter waits for it (with a button
//   to try again), and tries again on the shopper's next sort or filter;
// - renders the first screen at once and the rest as the shopper scrolls (a sentinel below
//   the grid), so 5,000 products cost one screen of DOM;
// - offers the list to the filters panel (shared/catalogue/listing.ts).
// Server cards are moved, never redrawn (the wishlist toggles inside them are islands of their
// own); cards for products the server did not draw are the server's card template, filled
// (shared/catalogue/card.ts), with the wishlist toggle drawn into it.
import { onUnload } from '../../shared/runtime/schedule';
import { createRoot } from 'react-dom/client';
import { bootstrap, readIslandProps } from '../../shared/bootstrap';
import { language, t, tn } from '../../shared/i18n';
import { $rightSidebar, writePanelParam } from '../../shared/stores/panel';
import { endpointUrl } from '../../shared/api/endpoints';
import { answerableInBrowser, facetCounts, filterProducts, type FacetKey, type FilterSelection } from '../../shared/catalogue/filters';
import { PLATFORM_SORT, platformParams, readStorefrontFilters, specParams, type StorefrontFilter } from '../../shared/catalogue/storefront-filters';
import { isSortKey, sortProducts, type SortKey } from '../../shared/catalogue/sort';
import { loadCollectionsIndex, loadListIndex, loadPlatformPage, MAX_INDEX_ITEMS, TOO_LONG, type IndexAnswer } from '../../shared/catalogue/list-index';
import { currencyAgrees, redrawForCurrency } from '../../shared/stores/page-currency';
import {
  activeFilterCount,
  cardUrl,
  handleOfUrl,
  provideListing,
  readListingState,
  resolveType,
  updateListing,
  writeListingState,
  type ListingState,
  type ListProduct,
  type Unavailable,
} from '../../shared/catalogue/listing';
import { fillCard, findCardTemplate } from '../../shared/catalogue/card';
import { fillCardExtras } from '../../shared/catalogue/card-extras';
import { imageAtWidth } from '../../shared/format/values';
import { fitCardImage } from './fit-card-image';
import { WishlistToggle } from '../../shared/wishlist/WishlistToggle';

export type Screen = 'all' | 'list' | 'frontpage' | 'search' | 'collection';

/** The props snippets/catalogue-screen.liquid embeds (on /search it is also #search-results). */
export type ListProps = {
  screen: Screen;
  handle: string | null;
  heading: string;
  sorts: string[];
  defaultSort: string;
  page: number;
  pages: number;
  total: number;
  performed?: boolean;
  terms?: string;
  /** FRONTPAGE: the handles of the collections the list joins. */
  collections?: string[];
  /** The cards are part of a list that has no page links (FRONTPAGE beyond 50 a collection). */
  partial?: boolean;
  results: ListProduct[];
  /** The platform's storefront filters of the list, with counts (snippets/storefront-filters-json). */
  storefrontFilters?: unknown;
};

/**
 * The most products a list reads whole into the browser (its index); a longer one is sorted,
 * filtered and counted by the platform (storefront filtering and `sort_by` on its list index, a
 * page at a time), so what a shopper downloads does not grow with the catalogue. Measured (npm run
 * bench -- scale): at 5,000 products the index (some 120 KB) answers every sort and filter after
 * the first in 25–55 ms, where each platform answer is a render of the list; past it the index grows
 * by some 24 KB a thousand products and its first answer by as much as a second. A list of this size
 * or less asks the platform only for what the browser cannot answer as the platform does
 * (answerableInBrowser: a variant in a colour and in stock, say).
 */
export const INDEX_LIMIT = 5_000;

/** A sort or filter the platform answered, a page at a time, for the state it was asked for. */
type PlatformAnswer = {
  key: string;
  handle: string;
  params: URLSearchParams;
  sortBy: string | null;
  products: ListProduct[];
  count: number;
  page: number;
  pages: number;
};

/** Cards rendered at once after a change, and added each time the sentinel comes near. */
export const FIRST_SCREEN = 24;
export const BATCH = 24;

function typeLabel(type: string): string {
  const key = `product_types.${type}`;
  const label = t(key);
  return label === key ? type : label;
}

/**
 * A sort the shopper chose on the server's select before the list's code came (it loads on the
 * first input, and focusing the select is one): an option selected that the server did not draw
 * selected. As the product form keeps a colour or size chosen early (product-form/query.ts).
 */
function sortChosenBeforeStart(select: HTMLSelectElement): SortKey | null {
  const option = Array.from(select.options).find((o) => o.selected && !o.defaultSelected);
  return option && isSortKey(option.value) ? option.value : null;
}

class ProductList {
  private readonly lang = language();
  private readonly currency = bootstrap().locale.cartCurrency.isoCode;
  private readonly sorts: SortKey[];
  private readonly defaultSort: SortKey;
  private readonly grid: HTMLElement;
  private readonly cardTemplate: HTMLTemplateElement;
  private readonly serverItems = new Map<string, HTMLElement>();
  private readonly clientItems = new Map<string, HTMLElement>();
  private readonly slogan: HTMLElement | null;
  /**
   * The server's page as it drew it: what stays when the whole list cannot be loaded. None for a
   * search here, whose answer the page's own products are not.
   */
  private serverPage: ListProduct[];
  /**
   * A search here (/collections/all?q=…) on its way: its results are the list's whole, and
   * anything that asks for the whole list meanwhile (the filters panel the address opens, a sort
   * chosen early) waits for them rather than loading the collection's.
   */
  private searching: Promise<void> | null = null;
  private base: ListProduct[];
  private complete: boolean;
  /**
   * Why the whole list will not come, and the server's page stays as drawn: its load failed (the
   * shopper's next change or Try again asks again), or it is longer than the platform paginates
   * (its 25,000th product), so no index can hold it and a sort or filter is refused rather than
   * written to the address. Too long is known from the server's count, or from the index (a
   * FRONTPAGE collection past the reach). The filters panel reads the same through the listing.
   */
  private unavailable: Unavailable | null;
  /** A sort or filter the shopper asked for on a list too long for it: said not to be applied. */
  private refused = false;
  private loading: Promise<void> | null = null;
  /** Loads of the whole list begun: a retry asks at other addresses than the page preloaded. */
  private loadAttempts = 0;
  private state: ListingState;
  private visible: ListProduct[] = [];
  private limit: number;
  private defaultOrder: ListProduct[] | null = null;
  private observer: IntersectionObserver | null = null;
  /** The page's title as the server wrote it ("all items · shop"). */
  private readonly serverTitle = document.title;
  /** The platform's storefront filters of the list, as last counted (the page's, then each answer's). */
  private storefront: StorefrontFilter[];
  /** The platform's answer to the current sort and filters, for a list not read whole. */
  private platform: PlatformAnswer | null = null;
  private nextPlatformPage: Promise<void> | null = null;
  /** The platform filters this list by the spec's size or colour (the page carries its option filters). */
  private readonly platformFilters: boolean;

  constructor(
    private readonly root: HTMLElement,
    private readonly props: ListProps,
  ) {
    this.sorts = props.sorts.filter(isSortKey);
    this.defaultSort = isSortKey(props.defaultSort) ? props.defaultSort : (this.sorts[0] ?? 'alphabetically');
    this.grid = root.querySelector<HTMLElement>('[data-catalogue-grid]')!;
    this.cardTemplate = findCardTemplate(root)!;
    for (const li of Array.from(this.grid.querySelectorAll<HTMLElement>(':scope > [data-product-id]'))) {
      this.serverItems.set(li.dataset['productId']!, li);
    }
    this.slogan = root.querySelector<HTMLElement>('[data-catalogue-slogan]');
    this.serverPage = Array.isArray(props.results) ? props.results : [];
    this.base = this.serverPage;
    this.complete = props.pages <= 1 && !props.partial;
    const tooLong = !this.complete && props.screen !== 'frontpage' && typeof props.total === 'number' && props.total > MAX_INDEX_ITEMS;
    this.unavailable = tooLong ? 'too_long' : null;
    this.limit = Math.max(FIRST_SCREEN, this.serverItems.size);
    this.state = this.readAddress();
    this.storefront = readStorefrontFilters(props.storefrontFilters);
    this.platformFilters = specParams(this.storefront).color !== null || specParams(this.storefront).size !== null;
  }

  /**
   * Whether this list is read whole into the browser when nothing asks for a filter the browser
   * cannot answer: every list up to INDEX_LIMIT, a search (its results are the list) and FRONTPAGE.
   */
  private readsIndex(): boolean {
    const { screen, total } = this.props;
    if (screen === 'search' || screen === 'frontpage' || total <= INDEX_LIMIT) return true;
    // Past it, the platform answers where it filters the list (it gives the list's storefront
    // filters). A list it does not filter (over 5,000 products, its documented limit) is still
    // read whole while an index can hold it, so its sizes and colours stay offered.
    return !this.platformFilters && total <= MAX_INDEX_ITEMS;
  }

  /** The state as a key: a platform answer is for one state. */
  private stateKey(state: ListingState = this.state): string {
    return JSON.stringify([state.filters, state.sort]);
  }

  /**
   * The list's address and parameters for the platform to answer the state; null when it cannot
   * (a search, FRONTPAGE, a dimension the shop has no storefront filter for, or collections it
   * cannot join), 'none' when no product can match. The collection dimension, which the platform
   * does not filter by, is answered by the chosen collection's own list when the list is all
   * products; featured is the collection's own order (no sort_by).
   */
  private platformQuery(state: ListingState): { handle: string; params: URLSearchParams; sortBy: string | null } | 'none' | null {
    const { screen, handle } = this.props;
    if ((screen !== 'collection' && screen !== 'all' && screen !== 'list') || state.search !== null || this.searching) return null;
    const own = handle || 'all';
    let listHandle = own;
    const chosen = state.filters.collection;
    if (chosen.length === 1 && (own === 'all' || chosen[0]!.trim().toLowerCase() === own)) listHandle = chosen[0]!.trim().toLowerCase();
    else if (chosen.length) return null;
    const types = specParams(this.storefront).type;
    const typeValues = this.storefront.find((f) => f.param === types);
    const offeredTypes = typeValues && typeValues.type !== 'price_range' ? typeValues.values.map((v) => v.value.trim().toLowerCase()) : [];
    const params = platformParams({ ...state.filters, collection: [] }, this.storefront, (v) => resolveType(v, offeredTypes, typeLabel));
    if (params === null || params === 'none') return params;
    return { handle: listHandle, params, sortBy: state.sort === 'featured' ? null : PLATFORM_SORT[state.sort] };
  }

  /** Whether the platform answers the current state (rather than the browser's whole list). */
  private answersOnServer(): boolean {
    if (this.isDefault() && !this.platform) return false;
    return !(this.complete && answerableInBrowser(this.state.filters));
  }

  /**
   * Asks the platform for the current state's first page; true when it answered (the answer is
   * kept), false when it cannot or failed (the caller reads the whole list instead).
   */
  private async askPlatform(): Promise<boolean> {
    const key = this.stateKey();
    if (this.platform?.key === key) return true;
    const query = this.platformQuery(this.state);
    if (!query) return false;
    if (query === 'none') {
      this.platform = { key, handle: '', params: new URLSearchParams(), sortBy: null, products: [], count: 0, page: 1, pages: 1 };
      return true;
    }
    const page = await loadPlatformPage(query.handle, query.params, query.sortBy, 1);
    if (!page) return false;
    // A later change asked meanwhile: its own answer is on its way.
    if (this.stateKey() !== key) return true;
    this.platform = { key, ...query, products: page.products, count: page.count, page: 1, pages: page.pages };
    if (page.filters.length) this.storefront = page.filters;
    this.limit = FIRST_SCREEN;
    this.offerCounts();
    return true;
  }

  /** The platform's next page of its answer, as the shopper scrolls to the end of what is shown. */
  private morePlatform(): void {
    const answer = this.platform;
    if (!answer || answer.page >= answer.pages || this.nextPlatformPage) return;
    this.nextPlatformPage = loadPlatformPage(answer.handle, answer.params, answer.sortBy, answer.page + 1).then((page) => {
      this.nextPlatformPage = null;
      if (!page || this.platform !== answer) return;
      const seen = new Set(answer.products.map((p) => p.id));
      answer.products.push(...page.products.filter((p) => !seen.has(p.id)));
      answer.page = page.page;
      this.render();
    });
  }

  /**
   * The counts the filters panel shows beside each value, for the applied filters: the browser's
   * over the whole list once it is here, else the platform's.
   */
  private offerCounts(): void {
    let counts: Map<FacetKey, Map<string, number>> | null = null;
    if (this.complete && answerableInBrowser(this.state.filters)) {
      counts = facetCounts(this.base, this.effectiveFilters());
      // The storefront filters the browser does not count keep the platform's counts.
    }
    updateListing({ storefront: this.storefront, counts });
  }

  start(): void {
    const select = this.root.querySelector<HTMLSelectElement>('[data-catalogue-sort]');
    const early = select ? sortChosenBeforeStart(select) : null;
    if (select) {
      select.value = early ?? this.state.sort;
      select.addEventListener('change', () => {
        if (isSortKey(select.value)) this.change({ sort: select.value });
      });
    }
    const onPopstate = (): void => {
      this.state = this.readAddress();
      this.refused = false;
      this.defaultOrder = null;
      if (select) select.value = this.state.sort;
      this.limit = this.showsServerPage() ? Math.max(FIRST_SCREEN, this.serverItems.size) : FIRST_SCREEN;
      updateListing({ filters: this.state.filters });
      this.offerCounts();
      void this.show();
    };
    window.addEventListener('popstate', onPopstate);
    const retry = this.root.querySelector<HTMLButtonElement>('[data-catalogue-retry]');
    retry?.addEventListener('click', () => {
      void this.retry().then(() => {
        // Loaded: the notice and its button go, and focus goes to the list's controls beside it.
        if (!this.unavailable && document.activeElement === retry) this.root.querySelector<HTMLElement>('[data-action="filters"]')?.focus();
      });
    });
    const searchElsewhere = this.state.search !== null && this.props.screen !== 'search';
    if (searchElsewhere) this.searching = this.searchHere(this.state.search!);
    const withdraw = provideListing(
      { filters: this.state.filters, products: this.complete ? this.base : null, unavailable: this.unavailable },
      { apply: (filters) => this.change({ filters }), retry: () => void this.retry() },
    );
    // The panel's options come from the whole list (spec §4 "from the data").
    const unsubscribe = $rightSidebar.subscribe((name) => {
      if (name === 'filters' && this.readsIndex()) void this.ensureComplete().then(() => this.render());
    });
    this.watchSentinel();
    // The theme editor re-rendering the section: this list stops, the new one takes the panel.
    onUnload(this.root, () => {
      window.removeEventListener('popstate', onPopstate);
      unsubscribe();
      withdraw();
      this.observer?.disconnect();
    });

    // The shopper's first change, made before this code came, is not lost to the address's sort.
    if (early && early !== this.state.sort) this.change({ sort: early });
    // The server drew the first page of a longer list: the whole list, in the screen's order,
    // follows. A later page the address names stays as drawn (showsServerPage).
    if (!searchElsewhere) void this.show(!this.showsServerPage() && this.readsIndex());
    this.offerCounts();
  }

  private readAddress(): ListingState {
    return readListingState(new URLSearchParams(window.location.search), this.sorts, this.defaultSort);
  }

  private isDefault(state: ListingState = this.state): boolean {
    return state.sort === this.defaultSort && activeFilterCount(state.filters) === 0;
  }

  /**
   * The address names the later page the server drew (?page=2, unsorted, unfiltered): it shows as
   * drawn, with its page links, until the shopper sorts or filters. The whole list in the screen's
   * order starts from the first product, so drawn here it replaced what the shopper was reading
   * (page 2 became page 1 at the first scroll, and Back from a sort came to page 1).
   */
  private showsServerPage(): boolean {
    return this.props.page > 1 && this.isDefault() && new URLSearchParams(window.location.search).get('page') === String(this.props.page);
  }

  /** Sort or filters changed by the shopper: a new history entry, then the new list. */
  private change(patch: { sort?: SortKey; filters?: FilterSelection }): void {
    const next = { ...this.state, ...patch };
    if (this.unavailable === 'too_long' && !this.isDefault(next) && this.platformQuery({ ...this.state, ...patch }) === null) {
      // Nothing can apply it: the address, the select and the list stay as they are, and the
      // notice says why (a shared address that names a sort already shows it the same way).
      this.refused = true;
      const select = this.root.querySelector<HTMLSelectElement>('[data-catalogue-sort]');
      if (select) select.value = this.state.sort;
      this.render();
      return;
    }
    this.refused = false;
    const params = writeListingState(next, new URLSearchParams(window.location.search), this.defaultSort);
    const query = params.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    // The same choice again is not a new place to go Back to.
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      // The entry left behind is the list as it was, without a panel open over it: Reset in the
      // filters panel applies with the panel still open, and Back must not open it again.
      writePanelParam(null);
      window.history.pushState(window.history.state, '', url);
    }
    this.state = this.readAddress();
    this.limit = FIRST_SCREEN;
    this.defaultOrder = null;
    // The whole list failed to load earlier: the shopper's change asks for it once more (a
    // dropped connection is over by now, more often than not) rather than leaving the choice
    // unapplied over the server's page.
    if (this.unavailable === 'failed') this.setUnavailable(null);
    updateListing({ filters: this.state.filters });
    this.offerCounts();
    void this.show().then(() => {
      // A shopper deep in a long list sees the new list from its start.
      if (this.root.getBoundingClientRect().top < 0) this.root.scrollIntoView({ block: 'start' });
    });
  }

  /** The shopper asks again for the whole list (the notice's button, or the filters panel's). */
  private retry(): Promise<void> {
    if (this.unavailable === 'too_long') return Promise.resolve();
    this.setUnavailable(null);
    return this.show(true);
  }

  private setUnavailable(reason: Unavailable | null): void {
    this.unavailable = reason;
    updateListing({ unavailable: reason });
  }

  /** Renders what is known at once; loads the whole list first when there is more of it. */
  private async show(always = false): Promise<void> {
    // The platform answers a list the browser does not read whole, and a filter only it answers as
    // the address means it. A list the browser reads whole waits for it otherwise: measured on the
    // preview, whose renders share one process, the platform's answer came with the index's last
    // page, not before it.
    const needsPlatform = !this.isDefault() && (!answerableInBrowser(this.state.filters) || (!this.complete && !this.readsIndex()));
    if (needsPlatform && !this.showsServerPage()) {
      this.setBusy(true);
      if (!this.platform || this.platform.key !== this.stateKey()) this.setText('[data-catalogue-count]', t('common.loading'));
      this.showFilterCount();
      const key = this.stateKey();
      const answered = await this.askPlatform();
      if (this.stateKey() !== key) return;
      if (answered) {
        this.setBusy(false);
        this.render();
        // A list small enough for the browser reads itself whole meanwhile: later changes answer at once.
        if (this.readsIndex() && !this.complete && !this.unavailable) void this.ensureComplete().then(() => this.render());
        return;
      }
      this.setBusy(false);
    }
    if (this.isDefault() && this.platform) {
      // Back to the list as the server drew it.
      this.platform = null;
      this.offerCounts();
    }
    if (!this.complete && !this.unavailable && (always || !this.isDefault())) {
      // A sort or filter waits for the whole list. Meanwhile the server's page stays, dimmed under
      // the loading bar (catalogue.css), and its count, which is not the answer, gives way.
      if (!this.isDefault()) {
        this.setBusy(true);
        this.setText('[data-catalogue-count]', t('common.loading'));
        this.showFilterCount();
      } else if (this.props.partial) {
        // Part of a list (FRONTPAGE): the server could not count it; its count is on its way.
        this.setText('[data-catalogue-count]', t('common.loading'));
      }
      await this.ensureComplete();
      if (!this.searching) this.setBusy(false);
    }
    this.render();
  }

  /** The rest of the list, through its index; a failure is logged and the server's page stays. */
  private ensureComplete(): Promise<void> {
    if (this.complete || this.unavailable) return Promise.resolve();
    if (this.searching) return this.searching;
    this.loading ??= this.loadWhole()
      .catch((error: unknown) => {
        // Nothing a load throws may leave the list waiting: it counts as a failed load.
        console.error('Island "product-list": the list could not be read', error);
        return null;
      })
      .then((index) => {
        this.loading = null;
        if (!index || index === TOO_LONG) {
          this.setUnavailable(index === TOO_LONG ? 'too_long' : 'failed');
          return;
        }
        if (index.otherCurrency) {
          if (!redrawForCurrency('Island "product-list": the list index')) this.setUnavailable('failed');
          return;
        }
        currencyAgrees();
        this.base = index.products;
        this.complete = true;
        this.defaultOrder = null;
        updateListing({ products: this.base });
        this.offerCounts();
      });
    return this.loading;
  }

  private loadWhole(): Promise<IndexAnswer> {
    const { screen, handle, terms, collections } = this.props;
    // The server's count says how many index pages there are: they are all asked for at once.
    const total = typeof this.props.total === 'number' ? this.props.total : 0;
    const attempt = ++this.loadAttempts;
    if (screen === 'search') return terms ? loadListIndex({ search: terms }, total, attempt) : Promise.resolve(null);
    if (screen === 'frontpage') return loadCollectionsIndex(collections ?? []);
    return loadListIndex({ collection: handle || 'all' }, total, attempt);
  }

  /** /collections/all?q=…&type=product: the search's results replace the list (spec §2). */
  private async searchHere(q: string): Promise<void> {
    // The page's own products are not the answer: nothing may show them meanwhile.
    this.base = [];
    this.serverPage = [];
    this.complete = false;
    this.setBusy(true);
    this.setText('[data-catalogue-heading]', this.heading());
    this.nameTab();
    this.grid.replaceChildren();
    this.serverItems.clear();
    this.setText('[data-catalogue-count]', t('common.loading'));
    this.root.querySelector('[data-catalogue-pagination]')?.setAttribute('hidden', '');
    const answer = await loadListIndex({ search: q });
    const otherCurrency = answer !== null && answer !== TOO_LONG && answer.otherCurrency;
    if (otherCurrency && redrawForCurrency('Island "product-list": the list index')) return;
    const index = otherCurrency ? null : answer;
    if (index === TOO_LONG) {
      // More results than an index can hold: the search's own page shows them all, page by page.
      window.location.replace(endpointUrl('search', { q, type: 'product' }));
      return;
    }
    // Spec §8: a failed load is logged (by the client) and the list stays empty.
    this.base = index?.products ?? [];
    this.complete = true;
    this.searching = null;
    this.defaultOrder = null;
    this.setBusy(false);
    this.root.removeAttribute('data-searching');
    this.limit = FIRST_SCREEN;
    this.render();
    updateListing({ products: this.base });
  }

  private setBusy(busy: boolean): void {
    if (busy) this.root.setAttribute('aria-busy', 'true');
    else this.root.removeAttribute('aria-busy');
  }

  private setText(selector: string, text: string): void {
    const el = this.root.querySelector(selector);
    if (el && el.textContent !== text) el.textContent = text;
  }

  /** The whole list in the default sort: the order other sorts keep among equals. */
  private defaultList(): ListProduct[] {
    this.defaultOrder ??= sortProducts(this.base, this.defaultSort, this.lang);
    return this.defaultOrder;
  }

  /** The category and type filter values as the shop's types (the menu links carry labels). */
  private effectiveFilters(): FilterSelection {
    const types = new Set(this.base.map((p) => p.type.trim().toLowerCase()));
    return { ...this.state.filters, type: this.state.filters.type.map((v) => resolveType(v, types, typeLabel)) };
  }

  private compute(): ListProduct[] {
    // The platform's answer, for a list not read whole or a filter only the platform answers.
    if (this.platform?.key === this.stateKey() && this.answersOnServer()) return this.platform.products.slice();
    // Until the whole list is here (or when it could not load), and on a later page the address
    // names, the server's page shows as drawn.
    if (!this.complete || this.showsServerPage()) return this.serverPage.slice();
    const ordered =
      this.state.sort === this.defaultSort
        ? this.defaultList()
        : // Ties keep the default order: alphabetical on product lists, the collection's own on a collection.
          sortProducts(this.defaultList(), this.state.sort, this.lang);
    return filterProducts(ordered, this.effectiveFilters());
  }

  render(): void {
    this.visible = this.compute();
    this.renderItems();
    const fromPlatform = this.platform?.key === this.stateKey() && this.answersOnServer() ? this.platform : null;
    const count = fromPlatform ? fromPlatform.count : this.visible.length;
    // The server's page stands for the whole list until it is here: the count is the store's.
    const whole = (this.complete && !this.showsServerPage()) || fromPlatform !== null;
    // A search here on its way has no count yet, and no products to say are missing.
    const searching = this.searching !== null;
    this.setText('[data-catalogue-count]', this.countText(whole, count));
    // A page past the list's end, shown as drawn, says so itself (snippets/catalogue-screen).
    const pastEnd = this.root.querySelector('[data-catalogue-past-end]');
    const showsPastEnd = pastEnd !== null && this.showsServerPage();
    pastEnd?.toggleAttribute('hidden', !showsPastEnd);
    this.root.querySelector('[data-catalogue-empty]')?.toggleAttribute('hidden', count > 0 || showsPastEnd || searching);
    // With the whole list here, scrolling reaches every product: page links would only repeat it.
    // The server's page links are the collection's, never a search's.
    this.root.querySelector('[data-catalogue-pagination]')?.toggleAttribute('hidden', whole || searching);
    // A sort or filter asked for over a list that could not load is said not to be applied.
    this.root
      .querySelector('[data-catalogue-not-applied]')
      ?.toggleAttribute('hidden', !(this.unavailable && (this.refused || (!fromPlatform && !this.isDefault()))));
    this.showFilterCount();
    this.setText('[data-catalogue-heading]', this.heading());
    this.nameTab();
  }

  /**
   * The list's count: the products shown once the whole list is here, else the store's count the
   * server printed. Not yet known for a search here on its way, nor for part of a list (FRONTPAGE)
   * whose whole is to come, and never said for a part whose whole could not be read.
   */
  private countText(whole: boolean, shown: number): string {
    const partOfList = !whole && !!this.props.partial;
    if (partOfList && this.unavailable) return '';
    if (this.searching || partOfList) return t('common.loading');
    return tn('product_list.count', whole ? shown : this.props.total);
  }

  /** The filters opener's number: how many filter values the address holds. */
  private showFilterCount(): void {
    const active = activeFilterCount(this.state.filters);
    this.setText('[data-catalogue-filter-count]', active ? ` (${active})` : '');
  }

  /**
   * The browser's tab says what the list shows, as its heading does: a search or a category
   * in the address is not "all items" (the server drew the page's title from the collection).
   */
  private nameTab(): void {
    // The search page's own title already names its search.
    const narrowed = this.props.screen !== 'search' && (this.state.search !== null || !!this.state.category);
    // The server wrote "<what> · <shop>"; the shop's name may itself hold " · ".
    const at = this.serverTitle.indexOf(' · ');
    const shop = at < 0 ? this.serverTitle : this.serverTitle.slice(at + ' · '.length);
    const title = narrowed ? `${this.heading()} · ${shop}` : this.serverTitle;
    if (document.title !== title) document.title = title;
  }

  private heading(): string {
    const { search, category } = this.state;
    if (search !== null) return t('product_list.results_on', { q: search });
    if (category) {
      const types = new Set(this.base.map((p) => p.type.trim().toLowerCase()));
      const type = resolveType(category, types, typeLabel);
      return t('product_list.all_results_for', { category: types.has(type) ? typeLabel(type) : category });
    }
    return this.props.heading;
  }

  /** Puts the first `limit` visible cards in the grid, reusing the nodes it already has. */
  private renderItems(): void {
    const wanted = this.visible.slice(0, this.limit).map((p) => this.itemFor(p));
    const current = this.grid.children;
    // Cards already in place stay untouched (focus, images, scroll); only new ones are added.
    const prefixSame = wanted.length >= current.length && Array.prototype.every.call(current, (el: Element, i: number) => el === wanted[i]);
    if (prefixSame) {
      const fragment = document.createDocumentFragment();
      for (const el of wanted.slice(current.length)) fragment.append(el);
      if (fragment.childNodes.length) this.grid.append(fragment);
    } else {
      this.grid.replaceChildren(...wanted);
    }
    // The collection grid's first and fourth places are its 2×2 tiles, whichever product is there.
    if (this.props.screen === 'collection') wanted.forEach((li, i) => fitCardImage(li, this.cardTemplate, i === 0 || i === 3));
    // The collection page's fourth card carries the slogan, whichever product it is.
    if (this.slogan) {
      const fourth = wanted[3];
      if (fourth) fourth.append(this.slogan);
      else this.slogan.remove();
    }
    this.recheckSentinel();
  }

  private itemFor(product: ListProduct): HTMLElement {
    const id = String(product.id);
    let li = this.serverItems.get(id) ?? this.clientItems.get(id);
    if (!li) {
      li = document.createElement('li');
      li.className = 'catalogue__item';
      li.dataset['productId'] = id;
      li.append(this.drawCard(product, this.cardTemplate));
      this.clientItems.set(id, li);
    }
    // Spec §2: cards in a colour-filtered list open the product on that colour.
    const link = li.querySelector<HTMLAnchorElement>('a.product-card__link');
    const href = cardUrl(product, this.state.filters.color);
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
    return li;
  }

  /**
   * The server's card filled for a product it did not draw. Its wishlist toggle is the product
   * page's component, rendered here directly: a card made after start-up is not in the DOM when
   * the wishlist-toggle island mounts its nodes, so nothing mounts it twice.
   */
  private drawCard(product: ListProduct, template: HTMLTemplateElement): HTMLElement {
    const card = fillCard(
      template,
      {
        id: product.id,
        url: product.url,
        title: product.name,
        price: product.price,
        compareAt: product.compareAtPrice ?? null,
        image: product.image,
        available: product.available,
        preorder: product.preorder,
      },
      this.currency,
    );
    fillCardExtras(card, product);
    const toggle = card.querySelector<HTMLElement>('.wishlist-toggle');
    if (toggle) {
      toggle.replaceChildren();
      const { id, image, url, name, price, preorder } = product;
      // The list index leaves out what follows from its fields: the handle ends the product's
      // address, and the 2× image is the same file at 1000 px (as wishlist-toggle.liquid sends).
      const image2x = image ? imageAtWidth(image, 1000) : '';
      createRoot(toggle).render(
        <WishlistToggle id={id} handle={handleOfUrl(url)} image={image} image2x={image2x} url={url} title={name} price={price} preorder={preorder} />,
      );
    }
    return card;
  }

  private watchSentinel(): void {
    const sentinel = this.root.querySelector('[data-catalogue-sentinel]');
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) this.more();
      },
      // 800px below the viewport, and anything above it: a jump to the page's end (End key,
      // a long fling) passes the sentinel without ever showing it, and must still load more.
      { rootMargin: '1000000px 0px 800px 0px' },
    );
    this.observer.observe(sentinel);
  }

  /** Observing again makes the observer report the sentinel's current place once more. */
  private recheckSentinel(): void {
    const sentinel = this.root.querySelector('[data-catalogue-sentinel]');
    if (!this.observer || !sentinel) return;
    this.observer.unobserve(sentinel);
    this.observer.observe(sentinel);
  }

  private more(): void {
    if (this.limit < this.visible.length) {
      this.limit += BATCH;
      this.renderItems();
    } else if (this.platform?.key === this.stateKey() && this.answersOnServer()) {
      this.morePlatform();
    } else if (!this.readsIndex()) {
      // A large list keeps the server's pages (its page links) while nothing is sorted or filtered.
      return;
    } else if (!this.complete && !this.unavailable && !this.showsServerPage()) {
      // The end of the server's page: the rest follows as the shopper scrolls.
      void this.ensureComplete().then(() => this.render());
    }
  }
}

export function start(nodes: HTMLElement[]): void {
  for (const root of nodes) {
    const props = readIslandProps<ListProps>(root);
    if (!props || !root.querySelector('[data-catalogue-grid]') || !findCardTemplate(root)) {
      console.error('Island "product-list": missing props, grid or card template; the server list stays');
      continue;
    }
    try {
      new ProductList(root, props).start();
    } catch (error) {
      // The server's list stays as it is; only sorting and filtering are lost.
      console.error('Island "product-list" failed', error);
    }
  }
}
