import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('../../shared/stores/catalogue-reset');
}

describe('catalogue reset (spec §2: visiting any collections route triggers a reset)', () => {
  let store: Awaited<ReturnType<typeof load>>;
  beforeEach(async () => {
    store = await load();
  });

  it('calls a subscriber on each reset, and no more after it unsubscribes', () => {
    const listener = vi.fn();
    const stop = store.onCatalogueReset(listener);
    expect(listener).not.toHaveBeenCalled();
    store.resetCatalogue();
    store.resetCatalogue();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.resetCatalogue();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('calls an island that subscribes after the page already reset, once, at once', () => {
    store.resetCatalogue();
    const late = vi.fn();
    store.onCatalogueReset(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('knows the collections routes in both languages', () => {
    for (const path of ['/collections', '/collections/all', '/collections/coats-and-jackets/products/wool-wrap-coat', '/en/collections', '/en/collections/new-arrivals']) {
      expect(store.isCollectionsPath(path)).toBe(true);
    }
    for (const path of ['/', '/en', '/products/wool-wrap-coat', '/pages/collections', '/collectionsx', '/en/pages/about-us']) {
      expect(store.isCollectionsPath(path)).toBe(false);
    }
  });
});
