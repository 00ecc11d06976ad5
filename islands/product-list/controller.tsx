// The product list on top of the server's markup (spec §2 product list screen and collection
// page, §4 filters and sort, §5 the filter rule). The server drew the heading, count, controls,
// the first page of cards and page links; this keeps that markup and:
// - reads sort, filters, category and search from the address and writes them back
//   (pushState), so a filtered list can be shared and Back restores the previous one;
// - sorts and filters, loading the rest of the list through the API when the page held only
//   part of it (spec §8: a failed load is logged and leaves what is shown);
// - renders the first screen at once and the rest as the shopper scrolls (a sentinel below
//   the grid), so 5,000 products cost one screen of DOM;
// - offers the list to the filters panel (shared/catalogue/listing.ts).
// Server cards are moved, never redrawn (the wishlist toggles inside them are islands of their
// own); cards for products the server did not draw are rendered with ProductCard.
import { createRoot } from 'react-dom/client';
import { bootstrap, readIslandProps } from '../../shared/bootstrap';
import { fetchAllPages, getText } from '../../shared/api/client';
import { language, t, tn } from '../../shared/i18n';
import { $rightSidebar } from '../../shared/stores/panel';
import { filterProducts, type FilterSelection } from '../../shared/catalogue/filters';
import { isSortKey, sortProducts, type SortKey } from '../../shared/catalogue/sort';
import {
  activeFilterCount,
  cardUrl,
  provideListing,
  readListingState,
  resolveType,
  updateListing,
  writeListingState,
  type ListingState,
  type ListProduct,
} from '../../shared/catalogue/listing';
import { ProductCard } from './ProductCard';

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
  results: ListProduct[];
};

/** Cards rendered at once after a change, and added each time the sentinel comes near. */
export const FIRST_SCREEN = 24;
export const BATCH = 24;

type CollectionItem = { handle: string; productIds?: (number | string)[] };

/**
 * An answer's product as the list keeps it: preorder is the theme's boolean (anything else counts
 * as false), and a missing price must not break the price sorts.
 */
export function toListProduct(p: ListProduct): ListProduct {
  return { ...p, preorder: p.preorder === true, price: Number.isFinite(Number(p.price)) ? Number(p.price) : 0 };
}

/** The products of one search answer page: its #search-results JSON (spec §7 GET /search). */
export function searchResultsFrom(html: string): { results: ListProduct[]; pages: number } | null {
  const el = new DOMParser().parseFromString(html, 'text/html').getElementById('search-results');
  if (!el) return { results: [], pages: 1 };
  try {
    const data = JSON.parse(el.textContent || '') as Partial<ListProps>;
    return { results: Array.isArray(data.results) ? data.results : [], pages: typeof data.pages === 'number' ? data.pages : 1 };
  } catch (error) {
    console.error('Malformed search results JSON', error);
    return null;
  }
}

async function searchPage(q: string, page: number): Promise<{ results: ListProduct[]; pages: number } | null> {
  const html = await getText('search', { params: { q, type: 'product', page } });
  return html === null ? null : searchResultsFrom(html);
}

/** Every result of a search, page 1 first (it says how many pages there are); null on failure. */
export async function loadSearch(q: string): Promise<ListProduct[] | null> {
  const first = await searchPage(q, 1);
  if (!first) return null;
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => searchPage(q, i + 2)));
  if (rest.some((page) => page === null)) return null;
  return first.results.concat(...rest.map((page) => page!.results));
}

/** The list's products in the collection's own order (spec §4: what featured restores). */
export function inCollectionOrder(products: readonly ListProduct[], collection: CollectionItem | undefined, handle: string): ListProduct[] {
  const members = products.filter((p) => p.collections.some((c) => c.handle === handle));
  if (!collection?.productIds?.length) return members;
  const byId = new Map(members.map((p) => [String(p.id), p]));
  const ordered = collection.productIds.map((id) => byId.get(String(id))).filter((p): p is ListProduct => !!p);
  // A member the collection's list does not name (the two answers cached at different times) goes last.
  const named = new Set(ordered);
  return ordered.concat(members.filter((p) => !named.has(p)));
}

function typeLabel(type: string): string {
  const key = `product_types.${type}`;
  const label = t(key);
  return label === key ? type : label;
}

class ProductList {
  private readonly lang = language();
  private readonly currency = bootstrap().locale.cartCurrency.isoCode;
  private readonly sorts: SortKey[];
  private readonly defaultSort: SortKey;
  private readonly grid: HTMLElement;
  private readonly serverItems = new Map<string, HTMLElement>();
  private readonly clientItems = new Map<string, HTMLElement>();
  /** Ids of the server's page in its order: the default order starts with them (no reshuffle on load). */
  private readonly pageOrder: string[];
  private readonly slogan: HTMLElement | null;
  private base: ListProduct[];
  private complete: boolean;
  private loading: Promise<void> | null = null;
  private state: ListingState;
  private visible: ListProduct[] = [];
  private limit: number;
  private defaultOrder: ListProduct[] | null = null;
  private globalOrder: ListProduct[] | null = null;
  /** True until the shopper first changes sort or filters (see defaultList). */
  private pageFirst: boolean;
  private observer: IntersectionObserver | null = null;

  constructor(private readonly root: HTMLElement, private readonly props: ListProps) {
    this.sorts = props.sorts.filter(isSortKey);
    this.defaultSort = isSortKey(props.defaultSort) ? props.defaultSort : (this.sorts[0] ?? 'alphabetically');
    this.grid = root.querySelector<HTMLElement>('[data-catalogue-grid]')!;
    for (const li of Array.from(this.grid.querySelectorAll<HTMLElement>(':scope > [data-product-id]'))) {
      this.serverItems.set(li.dataset['productId']!, li);
    }
    this.slogan = root.querySelector<HTMLElement>('[data-catalogue-slogan]');
    this.base = Array.isArray(props.results) ? props.results : [];
    this.pageOrder = this.base.map((p) => String(p.id));
    this.complete = props.pages <= 1;
    this.limit = Math.max(FIRST_SCREEN, this.serverItems.size);
    this.state = this.readAddress();
    // An address with filters or a sort shows the whole list in order from the start.
    this.pageFirst = this.isDefault();
  }

  start(): void {
    const select = this.root.querySelector<HTMLSelectElement>('[data-catalogue-sort]');
    if (select) {
      select.value = this.state.sort;
      select.addEventListener('change', () => {
        if (isSortKey(select.value)) this.change({ sort: select.value });
      });
    }
    window.addEventListener('popstate', () => {
      this.state = this.readAddress();
      this.pageFirst = false;
      this.defaultOrder = null;
      if (select) select.value = this.state.sort;
      this.limit = FIRST_SCREEN;
      updateListing({ filters: this.state.filters });
      void this.show();
    });
    provideListing({ filters: this.state.filters, products: this.complete ? this.base : null }, (filters) => this.change({ filters }));
    // The panel's options come from the whole list (spec §4 "from the data").
    $rightSidebar.subscribe((name) => {
      if (name === 'filters') void this.ensureComplete().then(() => this.render());
    });
    this.watchSentinel();

    const searchElsewhere = this.state.search !== null && this.props.screen !== 'search';
    if (searchElsewhere) void this.searchHere(this.state.search!);
    else void this.show();
    this.root.setAttribute('data-island-mounted', '');
  }

  private readAddress(): ListingState {
    return readListingState(new URLSearchParams(window.location.search), this.sorts, this.defaultSort);
  }

  private isDefault(state: ListingState = this.state): boolean {
    return state.sort === this.defaultSort && activeFilterCount(state.filters) === 0;
  }

  /** Sort or filters changed by the shopper: a new history entry, then the new list. */
  private change(patch: { sort?: SortKey; filters?: FilterSelection }): void {
    const next = { ...this.state, ...patch };
    const params = writeListingState(next, new URLSearchParams(window.location.search), this.defaultSort);
    const query = params.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    // The same choice again is not a new place to go Back to.
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.pushState(window.history.state, '', url);
    this.state = this.readAddress();
    this.limit = FIRST_SCREEN;
    this.pageFirst = false;
    this.defaultOrder = null;
    updateListing({ filters: this.state.filters });
    void this.show().then(() => {
      // A shopper deep in a long list sees the new list from its start.
      if (this.root.getBoundingClientRect().top < 0) this.root.scrollIntoView({ block: 'start' });
    });
  }

  /** Renders what is known at once; loads the whole list first when the state needs it. */
  private async show(): Promise<void> {
    if (!this.complete && !this.isDefault()) {
      this.setBusy(true);
      await this.ensureComplete();
      this.setBusy(false);
    }
    this.render();
  }

  /** The rest of the list, through the API; a failure is logged and the page's products stay. */
  private ensureComplete(): Promise<void> {
    if (this.complete) return Promise.resolve();
    this.loading ??= this.loadWhole().then((list) => {
      this.loading = null;
      if (!list) return;
      this.base = list.map(toListProduct);
      this.complete = true;
      this.defaultOrder = null;
      this.globalOrder = null;
      updateListing({ products: this.base });
    });
    return this.loading;
  }

  private async loadWhole(): Promise<ListProduct[] | null> {
    const { screen, handle } = this.props;
    if (screen === 'search') return this.props.terms ? loadSearch(this.props.terms) : null;
    const products = fetchAllPages<ListProduct>('products');
    if (screen === 'all' || !handle) return products;
    const [all, collections] = await Promise.all([products, fetchAllPages<CollectionItem>('collections')]);
    if (!all) return null;
    return inCollectionOrder(all, collections?.find((c) => c.handle === handle), handle);
  }

  /** /collections/all?q=…&type=product: the search's results replace the list (spec §2). */
  private async searchHere(q: string): Promise<void> {
    // The page's own products are not the answer: nothing may load or show them meanwhile.
    this.base = [];
    this.complete = true;
    this.setBusy(true);
    this.setText('[data-catalogue-heading]', this.heading());
    this.grid.replaceChildren();
    this.setText('[data-catalogue-count]', t('common.loading'));
    this.root.querySelector('[data-catalogue-pagination]')?.setAttribute('hidden', '');
    const results = await loadSearch(q);
    // Spec §8: a failed load is logged (by the client) and the list stays empty.
    this.base = (results ?? []).map(toListProduct);
    this.serverItems.clear();
    this.pageOrder.length = 0;
    for (const p of this.base) this.pageOrder.push(String(p.id));
    this.complete = true;
    this.defaultOrder = null;
    this.globalOrder = null;
    updateListing({ products: this.base });
    this.setBusy(false);
    this.limit = FIRST_SCREEN;
    this.render();
  }

  private setBusy(busy: boolean): void {
    if (busy) this.root.setAttribute('aria-busy', 'true');
    else this.root.removeAttribute('aria-busy');
  }

  private setText(selector: string, text: string): void {
    const el = this.root.querySelector(selector);
    if (el && el.textContent !== text) el.textContent = text;
  }

  /**
   * The list in the default sort. Until the shopper changes sort or filters, the server's page
   * comes first and the products it did not hold follow, so scrolling on past the page never
   * moves what was already seen; after a change, the whole list in order.
   */
  private defaultList(): ListProduct[] {
    if (this.defaultOrder) return this.defaultOrder;
    const global = sortProducts(this.base, this.defaultSort, this.lang);
    if (!this.pageFirst || this.pageOrder.length >= this.base.length) {
      this.defaultOrder = global;
    } else {
      const onPage = new Set(this.pageOrder);
      this.defaultOrder = global.filter((p) => onPage.has(String(p.id))).concat(global.filter((p) => !onPage.has(String(p.id))));
    }
    return this.defaultOrder;
  }

  /** The whole list in the default sort: the order other sorts keep among equals. */
  private globalList(): ListProduct[] {
    this.globalOrder ??= sortProducts(this.base, this.defaultSort, this.lang);
    return this.globalOrder;
  }

  /** The category and type filter values as the shop's types (the menu links carry labels). */
  private effectiveFilters(): FilterSelection {
    const types = new Set(this.base.map((p) => p.type.trim().toLowerCase()));
    return { ...this.state.filters, type: this.state.filters.type.map((v) => resolveType(v, types, typeLabel)) };
  }

  private compute(): ListProduct[] {
    const ordered =
      this.state.sort === this.defaultSort
        ? this.defaultList()
        : // Ties keep the default order: alphabetical on product lists, the collection's own on a collection.
          sortProducts(this.globalList(), this.state.sort, this.lang);
    return filterProducts(ordered, this.effectiveFilters());
  }

  render(): void {
    this.visible = this.compute();
    this.renderItems();
    const count = this.visible.length;
    // Until the rest of the list is here, the default view holds only a page of it: the count is the list's.
    const total = this.complete || !this.isDefault() ? count : Math.max(count, this.props.total);
    this.setText('[data-catalogue-count]', tn('product_list.count', total));
    this.root.querySelector('[data-catalogue-empty]')?.toggleAttribute('hidden', count > 0);
    // With the whole list here, scrolling reaches every product: page links would only repeat it.
    this.root.querySelector('[data-catalogue-pagination]')?.toggleAttribute('hidden', this.complete || !this.isDefault());
    const active = activeFilterCount(this.state.filters);
    this.setText('[data-catalogue-filter-count]', active ? ` (${active})` : '');
    this.setText('[data-catalogue-heading]', this.heading());
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
      createRoot(li).render(<ProductCard product={product} currency={this.currency} />);
      this.clientItems.set(id, li);
    }
    // Spec §2: cards in a colour-filtered list open the product on that colour.
    const link = li.querySelector<HTMLAnchorElement>('a.product-card__link');
    const href = cardUrl(product, this.state.filters.color);
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
    return li;
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
    } else if (!this.complete && this.isDefault() && this.props.page === 1) {
      // The end of the server's first page: the rest follows as the shopper scrolls.
      this.setBusy(true);
      void this.ensureComplete().then(() => {
        this.setBusy(false);
        if (this.complete) this.render();
      });
    }
  }
}

export function startProductLists(): void {
  for (const root of Array.from(document.querySelectorAll<HTMLElement>('[data-island="product-list"]'))) {
    if (root.hasAttribute('data-island-mounted')) continue;
    const props = readIslandProps<ListProps>(root);
    if (!props || !root.querySelector('[data-catalogue-grid]')) {
      console.error('Island "product-list": missing props or grid; the server list stays');
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
