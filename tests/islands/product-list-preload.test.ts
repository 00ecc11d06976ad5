// A list the island is about to take over at once asks for its index's first page ahead of the
// island's code (issue 16: filters ready sooner at 5,000 products), and only then.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDEX_PRELOAD_LIMIT, preloadListIndex } from '../../islands/product-list/address';

const INDEX = '/en/collections/dresses?view=list-index&page=1';

function list(indexUrl?: string, indexPages?: number): HTMLElement {
  const node = document.createElement('div');
  node.dataset['island'] = 'product-list';
  if (indexUrl) node.dataset['indexUrl'] = indexUrl;
  if (indexPages !== undefined) node.dataset['indexPages'] = String(indexPages);
  document.body.append(node);
  return node;
}
// What the page would put in <head>, kept here: the test DOM would really fetch a preload.
let appended: Node[] = [];
const preloads = () => appended.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'preload');

beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void appended.push(...nodes.filter((n): n is Node => typeof n !== 'string')));
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('preloadListIndex', () => {
  it('preloads the first index page the server named, as a CORS fetch the island’s fetch() can take', () => {
    preloadListIndex(new URLSearchParams('rightSidebar=filters'), list(INDEX));
    const [link, ...more] = preloads();
    expect(more).toEqual([]);
    expect(link?.getAttribute('href')).toBe(INDEX);
    expect(link?.getAttribute('as')).toBe('fetch');
    expect(link?.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('over HTTP/2 or 3 asks for every page the index has at once, up to the limit', () => {
    preloadListIndex(new URLSearchParams('rightSidebar=filters'), list(INDEX, 3), 'h2');
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([INDEX, INDEX.replace('page=1', 'page=2'), INDEX.replace('page=1', 'page=3')]);
    appended = [];
    preloadListIndex(new URLSearchParams('sort=price_low_to_high'), list(INDEX, 80), 'h3');
    const hrefs = preloads().map((link) => link.getAttribute('href'));
    expect(hrefs).toHaveLength(INDEX_PRELOAD_LIMIT);
    expect(hrefs.at(-1)).toBe(INDEX.replace('page=1', `page=${INDEX_PRELOAD_LIMIT}`));
    expect(preloads().every((link) => link.getAttribute('as') === 'fetch' && link.getAttribute('crossorigin') === 'anonymous')).toBe(true);
  });

  it('over HTTP/1.1, whose connections the island’s code needs, or with no page count, asks for the first page only', () => {
    preloadListIndex(new URLSearchParams('rightSidebar=filters'), list(INDEX, 20), 'http/1.1');
    preloadListIndex(new URLSearchParams('rightSidebar=filters'), list(INDEX), 'h2');
    preloadListIndex(new URLSearchParams('rightSidebar=filters'), list(INDEX, Number.NaN), 'h2');
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([INDEX, INDEX, INDEX]);
  });

  it('asks for nothing on a list the server drew whole, or when the address is a search here', () => {
    preloadListIndex(new URLSearchParams('sort=price_low_to_high'), list());
    preloadListIndex(new URLSearchParams('q=coat&type=product'), list(INDEX, 20), 'h2');
    expect(preloads()).toEqual([]);
  });
});
