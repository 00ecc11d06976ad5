// The product list island on server markup, with the API stubbed at fetch: failed loads
// (spec §8), cards drawn in the browser, the list index read page by page.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, PAGE_CONCURRENCY, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { $listing, applyListingFilters, type ListProduct } from '../../shared/catalogue/listing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { closePanel, openPanel } from '../../shared/stores/panel';
import FiltersPanel from '../../islands/panels/filters/FiltersPanel';
import { emptyFilters } from '../../shared/catalogue/filters';
import { start, type ListProps } from '../../islands/product-list/controller';
import { loadCollectionsIndex, loadListIndex, TOO_LONG, type IndexAnswer, type ListIndex } from '../../shared/catalogue/list-index';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { forgetRedrawRequest } from '../../shared/stores/page-currency';
import { cardTemplateHtml } from './support/card-template';
import { CARD_IMAGE_WIDTHS } from '../../shared/catalogue/card';
import { imageAtWidth } from '../../shared/format/values';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');
const tick = () => new Promise((r) => setTimeout(r, 0));

function item(id: number, name: string, price: number, over: Partial<ListProduct> = {}): ListProduct {
  return {
    id,
    name,
    url: `/en/products/p-${id}`,
    available: true,
    type: 'dresses',
    price,
    image: `/cdn/shop/files/p-${id}.jpg?width=500`,
    preorder: false,
    productOptions: [{ name: 'Color', values: ['black'] }],
    collections: ['dresses'],
    ...over,
  };
}

const serverCard = (p: ListProduct) =>
  `<li class="catalogue__item" data-product-id="${p.id}"><article class="product-card"><a class="product-card__link" href="${p.url}"><h3 class="product-card__title">${p.name}</h3></a></article></li>`;

// The theme's own card template, which the island fills for the cards the server did not draw.
let cardTemplate = '';
beforeAll(async () => {
  cardTemplate = await cardTemplateHtml('/en');
}, 60_000);

function page(props: Partial<ListProps>, cards: ListProduct[]): void {
  const full: ListProps = {
    screen: 'all',
    handle: 'all',
    heading: 'all items',
    sorts: ['alphabetically', 'price_high_to_low', 'price_low_to_high'],
    defaultSort: 'alphabetically',
    page: 1,
    pages: 1,
    total: cards.length,
    results: cards,
    ...props,
  };
  document.body.innerHTML = `
    <div data-island="product-list">
      <script type="application/json" data-island-props>${JSON.stringify(full)}</script>
      <h1 data-catalogue-heading>all items</h1>
      <p data-catalogue-count>${cards.length} items</p>
      <select data-catalogue-sort>${full.sorts.map((s) => `<option value="${s}">${s}</option>`).join('')}</select>
      <ul data-catalogue-grid>${cards.map(serverCard).join('')}</ul>
      <p data-catalogue-empty hidden>No products found based on your search criteria.</p>
      ${cardTemplate}
      <div data-catalogue-sentinel></div>
    </div>`;
}

/** The island's start, on the page's list nodes, as shared/runtime/schedule.ts calls it. */
const startProductLists = () => start(Array.from(document.querySelectorAll<HTMLElement>('[data-island="product-list"]')));

const titles = () => Array.from(document.querySelectorAll('[data-catalogue-grid] .product-card__title'), (el) => el.textContent);
const settle = async () => {
  for (let i = 0; i < 10; i++) await tick();
};

/** A list index page as the theme's list-index template answers it. */
const indexPage = (items: ListProduct[], page: number, pages: number, count: number) =>
  new Response(JSON.stringify({ items, page, pages, count }), { status: 200 });

/** The API answered by `answer` for each address; answers the addresses asked for, in order. */
function recordFetch(answer: (url: string) => Response): string[] {
  const urls: string[] = [];
  configureClient({
    storage: null,
    fetch: vi.fn(async (url: string | URL | Request) => {
      urls.push(String(url));
      return answer(String(url));
    }),
  });
  return urls;
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'UAH' } }, customer: null });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/en/collections/all');
});
afterEach(() => {
  errors.mockRestore();
  resetClient();
  document.body.innerHTML = '';
});

describe('product list island', () => {
  it('sorts the server cards by moving them, writing the sort to the address', async () => {
    const cards = [item(1, 'Apron dress', 300), item(2, 'Blouse', 100), item(3, 'Coat', 200)];
    page({}, cards);
    configureClient({ storage: null, fetch: vi.fn() });
    startProductLists();
    await settle();
    const firstNode = document.querySelector('[data-product-id="1"]');
    const select = document.querySelector<HTMLSelectElement>('[data-catalogue-sort]')!;
    select.value = 'price_low_to_high';
    select.dispatchEvent(new Event('change'));
    await settle();
    expect(titles()).toEqual(['Blouse', 'Coat', 'Apron dress']);
    expect(window.location.search).toBe('?sort=price_low_to_high');
    // The same node, moved: islands inside a server card (the wishlist toggle) survive.
    expect(document.querySelector('[data-product-id="1"]')).toBe(firstNode);
  });

  it('issue 18: on a collection, the cards in the 2×2 tiles (first, fourth) get the wide sizes and a 1500w file, whichever product is there', async () => {
    const cards = [1, 2, 3, 4, 5].map((id) => item(id, `Coat ${id}`, 100 * (6 - id)));
    page({ screen: 'collection', handle: 'coats' }, cards);
    // The server's cards, with their pictures as snippets/product-card.liquid draws them.
    const template = document.querySelector<HTMLTemplateElement>('template[data-product-card]')!;
    const model = template.content.querySelector<HTMLImageElement>('img.product-card__image')!;
    const narrow = model.getAttribute('sizes')!;
    const wide = model.dataset['wideSizes']!;
    expect(wide).toMatch(/680px/);
    for (const [i, p] of cards.entries()) {
      const img = document.createElement('img');
      img.className = 'product-card__image';
      img.setAttribute('srcset', CARD_IMAGE_WIDTHS.map((width) => `${imageAtWidth(p.image, width)} ${width}w`).join(', '));
      img.setAttribute('sizes', i === 0 || i === 3 ? wide : narrow);
      document.querySelector(`[data-product-id="${p.id}"] .product-card__link`)!.prepend(img);
    }
    configureClient({ storage: null, fetch: vi.fn() });
    startProductLists();
    await settle();
    const select = document.querySelector<HTMLSelectElement>('[data-catalogue-sort]')!;
    select.value = 'price_low_to_high';
    select.dispatchEvent(new Event('change'));
    await settle();
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-catalogue-grid] img.product-card__image'));
    expect(titles()).toEqual(['Coat 5', 'Coat 4', 'Coat 3', 'Coat 2', 'Coat 1']);
    expect(images.map((img) => img.getAttribute('sizes') === wide)).toEqual([true, false, false, true, false]);
    expect(images[0]!.getAttribute('srcset')).toBe(
      '/cdn/shop/files/p-5.jpg?width=360 360w, /cdn/shop/files/p-5.jpg?width=500 500w, /cdn/shop/files/p-5.jpg?width=720 720w, /cdn/shop/files/p-5.jpg?width=1000 1000w, /cdn/shop/files/p-5.jpg?width=1500 1500w',
    );
    expect(images[4]!.getAttribute('sizes')).toBe(narrow);
  });

  it('spec §8: when the rest of the list fails to load, the server page stays as drawn with its true count and page links', async () => {
    const cards = [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)];
    page({ pages: 2, total: 60 }, cards);
    document.querySelector('[data-island="product-list"]')!.insertAdjacentHTML('beforeend', '<nav data-catalogue-pagination><a href="?page=2">2</a></nav>');
    const fetch = vi.fn(async () => new Response('nope', { status: 500 }));
    configureClient({ storage: null, fetch });
    startProductLists();
    await settle();
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('60 items');
    applyListingFilters({ ...emptyFilters(), color: ['red'] });
    await settle();
    expect(fetch).toHaveBeenCalled();
    expect(errors.mock.calls.some((c: unknown[]) => String(c[0]).includes('answered 500'))).toBe(true);
    expect(titles()).toEqual(['Blouse', 'Apron dress']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('60 items');
    expect(document.querySelector('[data-catalogue-pagination]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-island="product-list"]')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('a filter applied before the whole list is here does not show the server count as its answer: Loading…, the filter number, busy; then the result', async () => {
    const cards = [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)];
    page({ pages: 2, total: 60 }, cards);
    document
      .querySelector('[data-island="product-list"]')!
      .insertAdjacentHTML('beforeend', '<a data-action="filters">Filters<span data-catalogue-filter-count></span></a>');
    const red = item(3, 'Coat', 200, { productOptions: [{ name: 'Color', values: ['Red'] }] });
    let answer: (response: Response) => void = () => {};
    configureClient({ storage: null, fetch: vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['red'] });
    await settle();
    const list = document.querySelector('[data-island="product-list"]')!;
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('Loading…');
    expect(document.querySelector('[data-catalogue-filter-count]')?.textContent).toBe(' (1)');
    answer(indexPage([...cards, red], 1, 1, 3));
    await settle();
    expect(list.hasAttribute('aria-busy')).toBe(false);
    expect(titles()).toEqual(['Coat']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('1 item');
  });

  it('a list priced in another currency (changed in another tab) draws the page again, once; the cache goes; a second time is a failed load', async () => {
    const cards = [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)];
    const dollars = () => new Response(JSON.stringify({ items: [item(3, 'Coat', 29)], page: 1, pages: 1, count: 1, currency: 'USD' }), { status: 200 });
    // The browser's own storage, which the client caches in and the shell clears.
    localStorage.clear();
    localStorage.setItem('api:/en/pages/api?view=api-menus UAH', '{}');
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    sessionStorage.clear();
    try {
      for (const time of [1, 2]) {
        // The page drawn again at its address, which names a filter: the list loads at once.
        forgetRedrawRequest();
        window.history.replaceState(null, '', '/en/collections/all?color=red');
        page({ pages: 2, total: 60 }, cards);
        configureClient({ storage: undefined, fetch: vi.fn(async () => dollars()) });
        startProductLists();
        await settle();
        // No dollar amount is ever drawn under the page's hryvnia.
        expect(titles()).toEqual(['Blouse', 'Apron dress']);
        expect(reload).toHaveBeenCalledTimes(1);
        // What the dollar answer left under the hryvnia's name is gone with the rest.
        if (time === 1) expect(Object.keys(localStorage).filter((key) => key.startsWith('api:'))).toEqual([]);
      }
      // The second time: not drawn again (no loop), but said not to be applied.
      expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('60 items');
      expect(document.querySelector('[data-island="product-list"]')?.hasAttribute('aria-busy')).toBe(false);
      expect(errors.mock.calls.some((c: unknown[]) => String(c[0]).includes('another currency'))).toBe(true);
    } finally {
      reload.mockRestore();
      sessionStorage.clear();
      localStorage.clear();
    }
  });

  it('FRONTPAGE drawn in part says no count of its part: Loading… until its collections are read, then theirs; none if they cannot be', async () => {
    for (const fails of [false, true]) {
      const cards = [item(1, 'Apron dress', 300), item(2, 'Blouse', 100)];
      page({ screen: 'frontpage', handle: 'frontpage', partial: true, collections: ['frontpage-a', 'frontpage-b'], total: 2 }, cards);
      let answer: () => void = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      configureClient({
        storage: null,
        fetch: vi.fn(async (url: string | URL | Request) => {
          await held;
          if (fails) return new Response('', { status: 503 });
          const a = String(url).includes('frontpage-a');
          return indexPage(a ? [...cards, item(3, 'Coat', 200)] : [item(2, 'Blouse', 100), item(4, 'Dress', 400)], 1, 1, a ? 3 : 2);
        }),
      });
      startProductLists();
      await settle();
      expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('Loading…');
      answer();
      await settle();
      expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe(fails ? '' : '4 items');
    }
  });

  it("draws the cards the server did not from the server's card template: image, badges, compare-at price, heart", async () => {
    page({ pages: 2, total: 4 }, [item(1, 'Apron dress', 300)]);
    const rest = [
      item(1, 'Apron dress', 300),
      item(2, 'Blouse', 459900, { compareAtPrice: 559900 }),
      item(3, 'Coat <b>', 200, { image: '', preorder: true, available: false }),
      item(4, 'Dress', 100, { available: false, compareAtPrice: 100 }),
    ];
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        const page = new URL(String(url), 'http://x').searchParams.get('page');
        const items = page === '1' ? rest.slice(0, 2) : rest.slice(2);
        return new Response(JSON.stringify({ items, page: Number(page), pages: 2, count: 4 }), { status: 200 });
      }),
    });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['black'] });
    await settle();
    expect(titles()).toEqual(['Apron dress', 'Blouse', 'Coat <b>', 'Dress']);
    const blouse = document.querySelector('[data-product-id="2"] .product-card')!;
    expect(blouse.querySelector('a')?.getAttribute('href')).toBe('/en/products/p-2?color=black');
    const img = blouse.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(
      '/cdn/shop/files/p-2.jpg?width=360 360w, /cdn/shop/files/p-2.jpg?width=500 500w, /cdn/shop/files/p-2.jpg?width=720 720w, /cdn/shop/files/p-2.jpg?width=1000 1000w',
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 1440px) 332px, (min-width: 768px) calc(25vw - 28px), calc(50vw - 22px)');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['500', '750', '']);
    expect(blouse.querySelector('.product-card__no-image')).toBeNull();
    // Reduced: the old price struck through, read as "Was …, now …", and the sale badge alone.
    expect(blouse.querySelector('.price')?.classList.contains('price--sale')).toBe(true);
    expect(blouse.querySelector('s.price__compare')?.textContent).toBe('5 599 UAH');
    expect(blouse.querySelector('.price__current')?.textContent).toBe('4 599 UAH');
    expect(blouse.querySelector('.product-card__price')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Was 5 599 UAH, now 4 599 UAH');
    expect(Array.from(blouse.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Sale']);
    expect(blouse.querySelector('.wishlist-toggle button')?.textContent).toBe('Add Blouse to wishlist');
    // No image: the drawn box, not a blank; made to order: pre-order, never "sold out"; a name is text.
    const coat = document.querySelector('[data-product-id="3"] .product-card')!;
    expect(coat.querySelector('img')).toBeNull();
    expect(coat.querySelector('.product-card__no-image')?.textContent?.trim()).toBe('Photo coming soon');
    expect(Array.from(coat.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Pre-order']);
    expect(coat.querySelector('.price__compare')).toBeNull();
    expect(coat.querySelector('b')).toBeNull();
    // Sold out; a compare-at price not above the price is no reduction.
    const dress = document.querySelector('[data-product-id="4"] .product-card')!;
    expect(Array.from(dress.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['Sold out']);
    expect(dress.querySelector('.price__compare')).toBeNull();
    expect(dress.querySelector('.price--sale')).toBeNull();
    const apron = document.querySelector('[data-product-id="1"] .product-card')!;
    expect(apron.querySelector('.product-card__badges')).toBeNull();
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('4 items');
  });

  it('draws, on the cards it makes, the hover photo (asked for on the first hover), the focal point, colour dots with a count and the platform swatch, and names quick add', async () => {
    page({ pages: 2, total: 3 }, [item(1, 'Apron dress', 300)]);
    // Navy has the platform's swatch, carried in the product's options (product-options-json).
    const colours = { name: 'Color', values: ['beige', 'navy', 'black', 'white', 'red'], swatches: { navy: { color: '#14213d' } } };
    const rest = [
      item(1, 'Apron dress', 300),
      item(2, 'Blouse', 400, { focal: '30% 20%', productOptions: [colours] }),
      item(3, 'Coat', 500, { productOptions: [{ name: 'Color', values: ['black'] }] }),
    ];
    // A pointer that hovers; the platform's product endpoint answers the blouse's photos.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: hover)', media: query }));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(String(url));
        return new Response(JSON.stringify({ images: ['/cdn/shop/files/p-2.jpg', '/cdn/shop/files/p-2b.jpg'] }), { status: 200 });
      }),
    );
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        const page = new URL(String(url), 'http://x').searchParams.get('page');
        const items = page === '1' ? rest.slice(0, 2) : rest.slice(2);
        return new Response(JSON.stringify({ items, page: Number(page), pages: 2, count: 3 }), { status: 200 });
      }),
    });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['black'] });
    await settle();
    const blouse = document.querySelector('[data-product-id="2"] .product-card')!;
    const hover = blouse.querySelector<HTMLImageElement>('img.product-card__hover-image')!;
    // Not in the index: asked for on the first hover, once.
    expect(hover.hidden).toBe(true);
    expect(asked).toEqual([]);
    blouse.querySelector('.product-card__link')!.dispatchEvent(new Event('pointerenter'));
    blouse.querySelector('.product-card__link')!.dispatchEvent(new Event('pointerenter'));
    await settle();
    expect(asked).toEqual(['/en/products/p-2.js']);
    expect(hover.hidden).toBe(false);
    expect(hover.getAttribute('loading')).toBe('lazy');
    expect(hover.getAttribute('srcset')).toBe(
      '/cdn/shop/files/p-2b.jpg?width=360 360w, /cdn/shop/files/p-2b.jpg?width=500 500w, /cdn/shop/files/p-2b.jpg?width=720 720w, /cdn/shop/files/p-2b.jpg?width=1000 1000w',
    );
    expect(blouse.querySelector<HTMLImageElement>('img.product-card__image')!.style.objectPosition).toBe('30% 20%');
    // Three dots of five, the rest counted; navy is the platform's swatch (the table lacks it, and
    // is not asked, so nothing is logged for it), the others the table's.
    const dots = blouse.querySelector<HTMLElement>('.product-card__colours')!;
    expect(dots.hidden).toBe(false);
    expect(Array.from(dots.querySelectorAll<HTMLElement>('.product-card__dot'), (d) => [d.className, d.style.getPropertyValue('--swatch')])).toEqual([
      ['product-card__dot colour colour--beige', ''],
      ['product-card__dot colour colour--black', '#14213d'],
      ['product-card__dot colour colour--black', ''],
    ]);
    expect(dots.querySelector('.product-card__more-colours')?.textContent).toBe('+2');
    expect(dots.querySelector('.visually-hidden')?.textContent).toBe('5 colours');
    expect(blouse.querySelector('.product-card__quick-add')?.textContent?.trim()).toBe('Quick add: Blouse');
    // One colour: no dots.
    const coat = document.querySelector('[data-product-id="3"] .product-card')!;
    expect(coat.querySelector('.product-card__colours')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('a list index naming a script or another scheme as a link or an image (planted in the cache) draws no such link', async () => {
    page({ pages: 2, total: 2 }, [item(1, 'Apron dress', 300)]);
    const planted = [
      item(1, 'Apron dress', 300, { url: 'javascript:alert(document.cookie)' }),
      item(2, 'Blouse', 400, { url: ' JaVa\tScRiPt:alert(1)', image: 'javascript:alert(2)' }),
    ];
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        const page = Number(new URL(String(url), 'http://x').searchParams.get('page'));
        return indexPage(planted.slice(page - 1, page), page, 2, 2);
      }),
    });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['black'] });
    await settle();
    expect(titles()).toEqual(['Apron dress', 'Blouse']);
    const hrefs = Array.from(document.querySelectorAll('[data-catalogue-grid] a'), (a) => a.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href.startsWith('/') && href !== '#')).toEqual([]);
    const blouse = document.querySelector('[data-product-id="2"] .product-card')!;
    expect(blouse.querySelector('img')).toBeNull();
    expect(blouse.querySelector('.product-card__no-image')).not.toBeNull();
  });

  it('spec §8: a search whose answer fails leaves the list empty with the no-products message', async () => {
    window.history.replaceState(null, '', '/en/collections/all?q=silk&type=product');
    page({}, [item(1, 'Apron dress', 300)]);
    configureClient({ storage: null, fetch: vi.fn(async () => new Response('', { status: 502 })) });
    startProductLists();
    await settle();
    expect(titles()).toEqual([]);
    expect(document.querySelector('[data-catalogue-empty]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-catalogue-heading]')?.textContent).toBe('results on silk');
    expect(errors).toHaveBeenCalled();
  });

  it('a search here with the filters panel open in its address shows the search, not the collection the panel would load', async () => {
    window.history.replaceState(null, '', '/en/collections/all?q=silk&type=product&rightSidebar=filters');
    openPanel('filters');
    page({ pages: 2, total: 60 }, [item(1, 'Apron dress', 300)]);
    const collection = [item(1, 'Apron dress', 300), item(2, 'Blouse', 100), item(3, 'Coat', 200)];
    let answerSearch: () => void = () => {};
    const urls: string[] = [];
    // The search answers last, after anything the open panel asked for.
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        urls.push(String(url));
        if (String(url).includes('/collections/')) return indexPage(collection, 1, 1, 3);
        await new Promise<void>((resolve) => (answerSearch = resolve));
        return indexPage([item(4, 'Silk dress', 500)], 1, 1, 1);
      }),
    });
    startProductLists();
    await settle();
    // Meanwhile nothing claims to be the answer: no cards of the collection, no count, no "nothing found".
    expect(titles()).toEqual([]);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('Loading…');
    expect(document.querySelector('[data-catalogue-empty]')?.hasAttribute('hidden')).toBe(true);
    answerSearch();
    await settle();
    expect(titles()).toEqual(['Silk dress']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('1 item');
    expect(urls.filter((url) => url.includes('/collections/'))).toEqual([]);
    closePanel();
  });

  it('a list index with an item that is not a product is a failed load: logged, the server page and its count stay, nothing waits', async () => {
    const cards = [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)];
    page({ pages: 2, total: 60 }, cards);
    recordFetch(() => new Response(JSON.stringify({ items: [item(3, 'Coat', 200), null], page: 1, pages: 1, count: 2 }), { status: 200 }));
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['red'] });
    await settle();
    expect(errors.mock.calls.some((c: unknown[]) => String(c[0]).includes('not a product'))).toBe(true);
    expect(titles()).toEqual(['Blouse', 'Apron dress']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('60 items');
    expect(document.querySelector('[data-island="product-list"]')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('a search here with more results than an index can hold goes to the search page, which keeps its pages', async () => {
    window.history.replaceState(null, '', '/en/collections/all?q=silk&type=product&color=red');
    page({}, [item(1, 'Apron dress', 300)]);
    const urls = recordFetch(() => indexPage([item(1, 'Apron dress', 300)], 1, 120, 30_000));
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    startProductLists();
    await settle();
    expect(urls).toEqual(['/en/search?view=list-index&q=silk&type=product&page=1']);
    expect(replace).toHaveBeenCalledWith('/en/search?q=silk&type=product');
    replace.mockRestore();
  });

  it('a list longer than an index can hold keeps its pages: a sort or filter asks for nothing and says it is not applied', async () => {
    const cards = [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)];
    page({ pages: 1250, total: 30_000 }, cards);
    document
      .querySelector('[data-island="product-list"]')!
      .insertAdjacentHTML('beforeend', '<p data-catalogue-not-applied hidden>too long</p><nav data-catalogue-pagination><a href="?page=2">2</a></nav>');
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    configureClient({ storage: null, fetch });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['red'] });
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(titles()).toEqual(['Blouse', 'Apron dress']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('30000 items');
    expect(document.querySelector('[data-catalogue-pagination]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-catalogue-not-applied]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-island="product-list"]')?.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('the filters panel beside a list whose whole will not come', () => {
  const sizeOrColourOption = () => document.querySelector('.filters-panel__group--size input, .filters-panel__group--color input');
  const spinning = () => Array.from(document.querySelectorAll('.filters-panel .spinner')).length;
  const longList = () => {
    page({ pages: 1250, total: 30_000 }, [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)]);
    document.querySelector('[data-island="product-list"]')!.insertAdjacentHTML('beforeend', '<p data-catalogue-not-applied hidden>too long</p>');
  };
  /** The API: types and collections answer; the list index answers as `index` says. */
  const serve = (index: (url: string) => Response): string[] =>
    recordFetch((url) => {
      if (url.includes('list-index')) return index(url);
      if (url.includes('type-products')) return new Response('["dresses"]', { status: 200 });
      return new Response(JSON.stringify({ items: [], page: 1, pages: 1 }), { status: 200 });
    });
  afterEach(() => {
    cleanup();
    closePanel();
  });

  it('a failed load says so in place of sizes and colours, and Try again brings them, focus on the first size', async () => {
    page({ pages: 2, total: 60 }, [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)]);
    let fail = true;
    const whole = [
      item(1, 'Apron dress', 300, {
        productOptions: [
          { name: 'Size', values: ['M'] },
          { name: 'Color', values: ['red'] },
        ],
      }),
      item(2, 'Blouse', 100),
    ];
    serve(() => (fail ? new Response('nope', { status: 500 }) : indexPage(whole, 1, 1, 2)));
    startProductLists();
    render(<FiltersPanel titleId="t" />);
    openPanel('filters');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('The sizes and colours of this list could not be loaded.'));
    expect(sizeOrColourOption()).toBeNull();
    expect(spinning()).toBe(0);
    fail = false;
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(document.querySelector('.filters-panel__group--size input')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('.filters-panel__group--size input')));
    expect(document.querySelector('.filters-panel__group--color input')).not.toBeNull();
  });

  it('Try again that fails again keeps the note and its button, focused', async () => {
    page({ pages: 2, total: 60 }, [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)]);
    const urls = serve(() => new Response('nope', { status: 500 }));
    startProductLists();
    render(<FiltersPanel titleId="t" />);
    openPanel('filters');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const asked = urls.filter((u) => u.includes('list-index')).length;
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(urls.filter((u) => u.includes('list-index')).length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-busy')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toContain('could not be loaded');
  });

  it('on a page without a list, a catalogue past the reach says so; a failed one offers Try again, which brings its sizes', async () => {
    document.body.innerHTML = '';
    let answer = () => indexPage([], 1, 120, 30_000);
    serve(() => answer());
    const first = render(<FiltersPanel titleId="t" />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('this list is too long to filter as a whole'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    first.unmount();

    answer = () => new Response('down', { status: 503 });
    render(<FiltersPanel titleId="t" />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(spinning()).toBe(0);
    const dress = item(1, 'Apron dress', 300, { productOptions: [{ name: 'Size', values: ['S'] }] });
    answer = () => indexPage([dress], 1, 1, 1);
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('.filters-panel__group--size input')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a list too long for an index says so at once, asks for no index, and offers no Try again', async () => {
    longList();
    const urls = serve(() => new Response('{}', { status: 200 }));
    startProductLists();
    render(<FiltersPanel titleId="t" />);
    openPanel('filters');
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Sizes and colours are not offered here: this list is too long to filter as a whole.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(spinning()).toBe(0);
    expect(urls.some((u) => u.includes('list-index'))).toBe(false);
  });

  it('on a list too long for an index, the platform sorts it (sort_by on its list index) and a filter it has no storefront filter for is refused', async () => {
    window.history.replaceState(null, '', '/en/collections/all?page=2');
    longList();
    const asked = serve((url) => {
      const query = new URL(url, 'http://x').searchParams;
      // The platform's answer: its own order and its count of the whole list.
      if (query.get('sort_by') === 'price-ascending') return indexPage([item(2, 'Blouse', 100), item(1, 'Apron dress', 300)], 1, 120, 30_000);
      return new Response('{}', { status: 200 });
    });
    startProductLists();
    await settle();
    const select = document.querySelector<HTMLSelectElement>('[data-catalogue-sort]')!;
    select.value = 'price_low_to_high';
    select.dispatchEvent(new Event('change'));
    await settle();
    expect(window.location.search).toBe('?sort=price_low_to_high');
    expect(asked.filter((url) => url.includes('list-index'))).toEqual([
      expect.stringMatching(/collections\/all\?view=list-index&sort_by=price-ascending&page=1$/),
    ]);
    expect(titles()).toEqual(['Blouse', 'Apron dress']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('30000 items');
    expect(document.querySelector('[data-catalogue-not-applied]')?.hasAttribute('hidden')).toBe(true);
    // A colour, which this shop has no storefront filter for, is refused: nothing can answer it.
    const entries = window.history.length;
    applyListingFilters({ ...emptyFilters(), color: ['red'] });
    await settle();
    expect(window.location.search).toBe('?sort=price_low_to_high');
    expect(window.history.length).toBe(entries);
    expect(document.querySelector('[data-catalogue-not-applied]')?.hasAttribute('hidden')).toBe(false);
  });

  it('a large list is filtered by the platform in its own parameters, with its counts, without reading the index', async () => {
    window.history.replaceState(null, '', '/en/collections/all');
    const storefrontFilters = [
      {
        param: 'filter.v.availability',
        label: 'Availability',
        type: 'list',
        values: [
          { value: '1', label: 'In stock', count: 9000 },
          { value: '0', label: 'Out of stock', count: 600 },
        ],
      },
      {
        param: 'filter.v.option.колір',
        label: 'Colour',
        type: 'list',
        values: [
          { value: 'black', label: 'Black', count: 4000 },
          { value: 'Чорний', label: 'Чорний', count: 10 },
          { value: 'beige', label: 'Beige', count: 3000 },
        ],
      },
      { param: 'filter.v.price', label: 'Price', type: 'price_range', max: 900000 },
    ];
    page({ pages: 400, total: 9600, storefrontFilters }, [item(2, 'Blouse', 100), item(1, 'Apron dress', 300)]);
    const asked = serve((url) => {
      const query = new URL(url, 'http://x').searchParams;
      const answer = {
        items: [item(7, 'Coat', 500)],
        page: 1,
        pages: 1,
        count: 1,
        filters: storefrontFilters.map((f) => (f.type === 'list' ? { ...f, values: f.values!.map((v) => ({ ...v, count: 1 })) } : f)),
      };
      return query.getAll('filter.v.option.колір').length ? new Response(JSON.stringify(answer), { status: 200 }) : new Response('{}', { status: 404 });
    });
    startProductLists();
    await settle();
    applyListingFilters({ ...emptyFilters(), color: ['black'], storefront: { 'filter.v.availability': ['1'], 'filter.v.price.lte': ['50'] } });
    await settle();
    // Black in every spelling the list offers, the storefront filters as chosen; the address is the platform's too.
    const index = asked.filter((url) => url.includes('list-index'));
    expect(index).toHaveLength(1);
    const query = new URL(index[0]!, 'http://x').searchParams;
    expect(query.getAll('filter.v.option.колір')).toEqual(['black', 'Чорний']);
    expect(query.get('filter.v.availability')).toBe('1');
    expect(query.get('filter.v.price.lte')).toBe('50');
    expect(new URLSearchParams(window.location.search).get('filter.v.price.lte')).toBe('50');
    expect(titles()).toEqual(['Coat']);
    expect(document.querySelector('[data-catalogue-count]')?.textContent).toBe('1 item');
    expect($listing.get()?.storefront?.[0]?.type === 'list' && $listing.get()?.storefront?.[0]).toMatchObject({ values: [{ count: 1 }, { count: 1 }] });
  });
});

describe('list index', () => {
  const whole = (index: IndexAnswer): ListIndex => {
    if (!index || index === TOO_LONG) throw new Error(`no index: ${String(index)}`);
    return index;
  };

  /** Index pages answered by `pageAnswer(n)`; answers the addresses asked for, in order. */
  const serveIndex = (pageAnswer: (n: number) => Response): string[] =>
    recordFetch((url) => pageAnswer(Number(new URL(url, 'http://x').searchParams.get('page'))));

  it('reads every page of a collection, at most PAGE_CONCURRENCY at a time, each product once, in page order', async () => {
    const all = Array.from({ length: 12 }, (_, i) => item(i + 1, `P${i + 1}`, 100));
    let inFlight = 0;
    let most = 0;
    const urls: string[] = [];
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        urls.push(String(url));
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        const params = new URL(String(url), 'http://x').searchParams;
        const n = Number(params.get('page'));
        // Read first, page 3 repeats the last product of page 2 and P6 is lost (it moved while the
        // pages were read); read again, the pages fit together.
        const items = n === 3 && !params.has('retry') ? [all[3]!, all[4]!] : all.slice((n - 1) * 2, n * 2);
        return indexPage(items, n, 6, 12);
      }),
    });
    const index = whole(await loadListIndex({ collection: 'dresses' }));
    expect(urls[0]).toBe('/en/collections/dresses?view=list-index&page=1');
    expect(most).toBeLessThanOrEqual(PAGE_CONCURRENCY);
    // Eleven products under a count of twelve: every page read once more, at fresh addresses.
    expect(urls.filter((url) => url.includes('retry=2'))).toHaveLength(6);
    expect(index.count).toBe(12);
    expect(index.products.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('pages that still do not add up to their count when read again are taken as they are, each product once', async () => {
    const urls = serveIndex((n) => indexPage(n === 2 ? [item(2, 'P2', 1)] : [item(n, `P${n}`, 1), item(n + 10, `Q${n}`, 1)], n, 2, 4));
    const index = whole(await loadListIndex({ collection: 'dresses' }, 4));
    expect(urls).toHaveLength(4);
    expect(index.products.map((p) => p.id)).toEqual([1, 11, 2]);
  });

  it('a search reads its own index; any page failing answers null, never a short list', async () => {
    const urls = serveIndex((n) => (n === 2 ? new Response('', { status: 504 }) : indexPage([item(n, `P${n}`, 1)], n, 3, 3)));
    expect(await loadListIndex({ search: 'silk dress' })).toBeNull();
    expect(urls[0]).toBe('/en/search?view=list-index&q=silk+dress&type=product&page=1');
  });

  it('a list longer than the platform paginates (its 25,000th product) is never read as a short whole', async () => {
    // 30,000 products, 120 pages of 250: past page 100 the platform repeats page 100.
    let urls = serveIndex((n) => indexPage([item(Math.min(n, 100), `P${n}`, 1)], Math.min(n, 100), 120, 30_000));
    // The server's count says so: nothing is asked for, and the answer is not a failure.
    expect(await loadListIndex({ collection: 'all' }, 30_000)).toBe(TOO_LONG);
    expect(urls).toEqual([]);
    // A search, whose count is not known before its first page: that page, and no other.
    expect(await loadListIndex({ search: 'dress' })).toBe(TOO_LONG);
    expect(urls).toEqual(['/en/search?view=list-index&q=dress&type=product&page=1']);
    // At the reach itself, the list is read whole.
    urls = serveIndex((n) =>
      indexPage(
        Array.from({ length: 250 }, (_, i) => item(n * 1000 + i, `P${n}`, 1)),
        n,
        100,
        25_000,
      ),
    );
    expect(whole(await loadListIndex({ collection: 'all' }, 25_000)).products).toHaveLength(25_000);
    expect(urls).toHaveLength(100);
  });

  it('FRONTPAGE joins its collections, each product once', async () => {
    configureClient({
      storage: null,
      fetch: vi.fn(async (url: string | URL | Request) => {
        const handle = new URL(String(url), 'http://x').pathname.split('/').pop();
        return indexPage(handle === 'frontpage' ? [item(1, 'A', 1), item(2, 'B', 1)] : [item(2, 'B', 1), item(3, 'C', 1)], 1, 1, 2);
      }),
    });
    const index = whole(await loadCollectionsIndex(['frontpage', 'frontpage-summer']));
    expect(index.products.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(index.count).toBe(3);
  });
});
