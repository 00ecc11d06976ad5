import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { endpointUrl } from '../../shared/api/endpoints';
import { clearCachedAnswers } from '../../shared/api/cache-keys';
import {
  CACHE_ENTRY_LIMIT,
  CACHE_TOTAL_LIMIT,
  configureClient,
  fetchAllPages,
  fetchPages,
  getJSON,
  getText,
  postJSON,
  resetClient,
} from '../../shared/api/client';
import { MemoryStorage, setBootstrapScript } from '../unit/shared-support/memory-storage';

let clock = 1_000_000;
let storage: MemoryStorage;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let errors: ReturnType<typeof vi.spyOn>;

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function urlOf(call: unknown[]): string {
  return String(call[0]);
}

beforeEach(() => {
  setBootstrapScript({ rootUrl: '/' });
  resetBootstrap();
  resetClient();
  storage = new MemoryStorage();
  fetchMock = vi.fn<typeof fetch>(async () => answer({ ok: 1 }));
  configureClient({ fetch: fetchMock, now: () => clock, storage });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  errors.mockRestore();
});

describe('endpoint URLs', () => {
  it('maps theme endpoints to the api page alternate templates under the root', () => {
    expect(endpointUrl('menus')).toBe('/pages/api?view=api-menus');
    expect(endpointUrl('products', { page: 2 })).toBe('/pages/api?view=api-products&page=2');
    expect(endpointUrl('cart.add')).toBe('/cart/add.js');
  });

  it('prefixes the English root', () => {
    setBootstrapScript({ rootUrl: '/en/' });
    resetBootstrap();
    expect(endpointUrl('cart.add')).toBe('/en/cart/add.js');
    expect(endpointUrl('text-pages')).toBe('/en/pages/api?view=api-text-pages');
    expect(endpointUrl('search', { q: 'silk dress', type: 'product' })).toBe('/en/search?q=silk+dress&type=product');
  });

  it('fills path placeholders and leaves undefined params out', () => {
    expect(endpointUrl('account.addresses', { id: 42, extra: undefined })).toBe('/account/addresses/42');
    expect(endpointUrl('account.reset', { id: 7, token: 'a/b' })).toBe('/account/reset/7/a%2Fb');
  });
});

describe('getJSON', () => {
  it('answers the parsed JSON and caches it for 300 s', async () => {
    fetchMock.mockImplementation(async () => answer({ 'side-menu-1': { links: [] } }));
    expect(await getJSON('menus')).toEqual({ 'side-menu-1': { links: [] } });
    clock += 299_000;
    await getJSON('menus');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const entry = JSON.parse(storage.data.get('api:/pages/api?view=api-menus UAH') ?? 'null');
    expect(entry).toEqual({ value: { 'side-menu-1': { links: [] } }, expiry: 1_000_000 + 300_000 });
    clock += 2_000;
    await getJSON('menus');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not trust an entry that claims to stay longer than any answer is kept (planted by another script)', async () => {
    const key = 'api:/pages/api?view=api-menus UAH';
    storage.data.set(key, JSON.stringify({ value: { planted: true }, expiry: clock + 365 * 86_400_000 }));
    fetchMock.mockImplementation(async () => answer({ 'side-menu-1': { links: [] } }));
    expect(await getJSON('menus')).toEqual({ 'side-menu-1': { links: [] } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(key) ?? 'null')).toEqual({ value: { 'side-menu-1': { links: [] } }, expiry: clock + 300_000 });
  });

  it('keeps each language root in its own cache entry', async () => {
    await getJSON('products', { params: { page: 1 } });
    setBootstrapScript({ rootUrl: '/en/' });
    resetBootstrap();
    await getJSON('products', { params: { page: 1 } });
    expect(fetchMock.mock.calls.map(urlOf)).toEqual(['/pages/api?view=api-products&page=1', '/en/pages/api?view=api-products&page=1']);
  });

  it('keeps each currency in its own cache entry: prices cached in one are never shown in another', async () => {
    fetchMock.mockImplementation(async () => answer({ items: [{ price: 100 }], page: 1, pages: 1 }));
    await getJSON('products', { params: { page: 1 } });
    setBootstrapScript({ locale: { cartCurrency: { isoCode: 'USD' } } });
    resetBootstrap();
    await getJSON('products', { params: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect([...storage.data.keys()].sort()).toEqual(['api:/pages/api?view=api-products&page=1 UAH', 'api:/pages/api?view=api-products&page=1 USD']);
  });

  it('never writes shop-locale answers to the cache', async () => {
    await getJSON('shop-locale');
    await getJSON('shop-locale');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect([...storage.data.keys()].some((k) => k.includes('shop-locale'))).toBe(false);
  });

  it('does not cache the cart or the customer', async () => {
    await getJSON('cart.js');
    await getJSON('cart.js');
    await getJSON('customer');
    await getJSON('customer');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(storage.data.size).toBe(0);
  });

  it('shares one request between identical GETs in flight', async () => {
    let release!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    const a = getJSON('cart.js');
    const b = getJSON('cart.js');
    release(answer({ item_count: 2 }));
    expect(await a).toEqual({ item_count: 2 });
    expect(await b).toEqual({ item_count: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once answered, the next GET is a new request.
    fetchMock.mockImplementation(async () => answer({ item_count: 3 }));
    expect(await getJSON('cart.js')).toEqual({ item_count: 3 });
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', async () => answer({ error: 'x' }, 500)],
    ['a 404 page', async () => answer('<!doctype html><h1>Not found</h1>', 404)],
    ['malformed JSON', async () => answer('{"items": [')],
    ['HTML instead of JSON', async () => answer('<!doctype html><html><body>Store</body></html>')],
  ])('logs %s and answers null without caching', async (_, impl) => {
    fetchMock.mockImplementation(impl as typeof fetch);
    expect(await getJSON('menus')).toBeNull();
    expect(errors).toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it('gives up after the timeout and answers null', async () => {
    configureClient({ timeoutMs: 20 });
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    expect(await getJSON('menus')).toBeNull();
    // The request was aborted (by the timeout: nothing else aborts it), and that is logged.
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(errors).toHaveBeenCalled();
  });

  it('works without storage, and with a storage that is full or throws', async () => {
    configureClient({ storage: null });
    expect(await getJSON('menus')).toEqual({ ok: 1 });
    expect(await getJSON('menus')).toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    configureClient({ storage });
    storage.failSet = true;
    expect(await getJSON('collections', { params: { page: 1 } })).toEqual({ ok: 1 });

    storage.failGet = true;
    expect(await getJSON('type-products')).toEqual({ ok: 1 });
  });

  it('ignores a corrupt cache entry and fetches again', async () => {
    storage.data.set('api:/pages/api?view=api-menus', '{not json');
    expect(await getJSON('menus')).toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('cache size', () => {
  /** A storage with a quota in characters, as browsers count localStorage. */
  class QuotaStorage extends MemoryStorage {
    constructor(private readonly quota: number) {
      super();
    }
    override setItem(key: string, value: string): void {
      let used = key.length + value.length;
      for (const [k, v] of this.data) if (k !== key) used += k.length + v.length;
      if (used > this.quota) throw new DOMException('full', 'QuotaExceededError');
      super.setItem(key, value);
    }
  }
  const big = (n: number) => ({ items: ['x'.repeat(n)], page: 1, pages: 1 });
  const ourBytes = (store: MemoryStorage) => [...store.data].filter(([k]) => k.startsWith('api:')).reduce((sum, [k, v]) => sum + k.length + v.length, 0);

  it('keeps all cached answers under CACHE_TOTAL_LIMIT, dropping those nearest expiry first', async () => {
    fetchMock.mockImplementation(async () => answer(big(300_000)));
    for (let page = 1; page <= 12; page++) {
      await getJSON('products', { params: { page } });
      clock += 1_000;
    }
    expect(ourBytes(storage)).toBeLessThanOrEqual(CACHE_TOTAL_LIMIT);
    // The newest answers are the ones kept.
    expect(storage.data.has('api:/pages/api?view=api-products&page=12 UAH')).toBe(true);
    expect(storage.data.has('api:/pages/api?view=api-products&page=1 UAH')).toBe(false);
  });

  it('does not cache one answer larger than CACHE_ENTRY_LIMIT, and still answers it', async () => {
    fetchMock.mockImplementation(async () => answer(big(CACHE_ENTRY_LIMIT + 10)));
    expect(await getJSON('menus')).toEqual(big(CACHE_ENTRY_LIMIT + 10));
    expect(storage.data.has('api:/pages/api?view=api-menus')).toBe(false);
  });

  it('survives a full quota: makes room among its own entries and keeps caching', async () => {
    const quota = new QuotaStorage(700_000);
    configureClient({ storage: quota });
    // The site's other data fills most of the quota.
    quota.setItem('wishlist', 'w'.repeat(300_000));
    fetchMock.mockImplementation(async () => answer(big(150_000)));
    for (let page = 1; page <= 6; page++) {
      expect(await getJSON('products', { params: { page } })).toEqual(big(150_000));
      clock += 1_000;
    }
    // The latest answer is cached, and the site's own data was never touched.
    expect(quota.data.has('api:/pages/api?view=api-products&page=6 UAH')).toBe(true);
    expect(quota.data.get('wishlist')).toHaveLength(300_000);
    fetchMock.mockClear();
    await getJSON('products', { params: { page: 6 } });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('clearCachedAnswers', () => {
  it('removes cached answers by URL prefix and leaves other keys alone', async () => {
    await getJSON('menus');
    await getJSON('products', { params: { page: 1 } });
    storage.data.set('wishlist', '[]');
    clearCachedAnswers('/pages/api?view=api-products', storage);
    expect([...storage.data.keys()].sort()).toEqual(['api:/pages/api?view=api-menus UAH', 'wishlist']);
    clearCachedAnswers('', storage);
    expect([...storage.data.keys()]).toEqual(['wishlist']);
  });
});

describe('fetchAllPages', () => {
  it('fetches page 1, then the others in parallel, and concatenates in order', async () => {
    const pending: (() => void)[] = [];
    fetchMock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://shop').searchParams.get('page'));
      if (page === 1) return answer({ items: ['a', 'b'], page: 1, pages: 3 });
      return new Promise<Response>((resolve) => pending.push(() => resolve(answer({ items: [`p${page}`], page, pages: 3 }))));
    });
    const all = fetchAllPages<string>('products');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    // Both later pages were requested before either answered.
    pending.reverse().forEach((release) => release());
    expect(await all).toEqual(['a', 'b', 'p2', 'p3']);
  });

  it('answers null when any page fails', async () => {
    fetchMock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://shop').searchParams.get('page'));
      return page === 2 ? answer('oops', 500) : answer({ items: [page], page, pages: 3 });
    });
    expect(await fetchAllPages('collections')).toBeNull();
  });

  it('with the page count known, asks for every page at once, and page 1 still decides', async () => {
    const pending: (() => void)[] = [];
    fetchMock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://shop').searchParams.get('page'));
      return new Promise<Response>((resolve) => pending.push(() => resolve(answer({ items: [`p${page}`], page, pages: 3 }))));
    });
    const all = fetchPages<string>('products', {}, 3);
    // Page 1 has not answered, and every page is on its way.
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending.forEach((release) => release());
    expect((await all)?.flatMap((page) => page.items)).toEqual(['p1', 'p2', 'p3']);

    // A count that was too low: page 1 adds the rest; too high: pages it does not list are dropped.
    fetchMock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://shop').searchParams.get('page'));
      return answer({ items: page <= 3 ? [`q${page}`] : [], page, pages: 3 });
    });
    expect((await fetchPages<string>('collections', {}, 2))?.flatMap((page) => page.items)).toEqual(['q1', 'q2', 'q3']);
    expect((await fetchPages<string>('menus', {}, 5))?.flatMap((page) => page.items)).toEqual(['q1', 'q2', 'q3']);
  });

  it('answers null for a page whose page count is not a whole number, rather than an empty list', async () => {
    for (const pages of [Number.NaN, '3', 1.5, -1, null]) {
      fetchMock.mockImplementation(async () => new Response(`{"items":[1],"page":1,"pages":${JSON.stringify(pages)}}`, { status: 200 }));
      expect(await fetchAllPages('products', { pages: String(pages) })).toBeNull();
    }
    // An empty list's page says 0 pages: that is a page, of nothing.
    fetchMock.mockImplementation(async () => answer({ items: [], page: 1, pages: 0 }));
    expect(await fetchAllPages('products', { empty: 1 })).toEqual([]);
  });

  it('answers a single page without further requests', async () => {
    fetchMock.mockImplementation(async () => answer({ items: [1, 2], page: 1, pages: 1 }));
    expect(await fetchAllPages('products')).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('postJSON and getText', () => {
  it('posts JSON and answers status and parsed body', async () => {
    fetchMock.mockImplementation(async () => answer({ status: 422, description: 'Sold out' }, 422));
    const result = await postJSON('/cart/add.js', { items: [{ id: 1 }] });
    expect(result).toEqual({ status: 422, body: { status: 422, description: 'Sold out' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ items: [{ id: 1 }] });
  });

  it('answers status 0 on a network error instead of throwing', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    await expect(postJSON('/cart/change.js', { line: 1, quantity: 0 })).resolves.toEqual({ status: 0, body: null });
  });

  it('answers HTML text for search and null on failure', async () => {
    fetchMock.mockImplementation(async () => answer('<div id="search-results">x</div>'));
    expect(await getText('search', { params: { q: 'coat', type: 'product' } })).toBe('<div id="search-results">x</div>');
    expect(urlOf(fetchMock.mock.calls[0]!)).toBe('/search?q=coat&type=product');
    fetchMock.mockImplementation(async () => answer('nope', 503));
    expect(await getText('recommendations')).toBeNull();
  });
});
