// /search with the search object, /recommendations/products (section and JSON), and the Section
// Rendering API (?section_id=, ?sections=) as the platform answers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, newBrowser, testPreview } from '../testing';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
const coat = store.productsByHandle.get('wool-wrap-coat')!;
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview());
});
afterAll(() => app.close());

function results(html: string): { performed: string; count: number; items: string[]; types: string[]; pages: string } {
  const root = /<div id="search-results" data-performed="(\w*)" data-count="(\d+)"/.exec(html);
  return {
    performed: root?.[1] ?? '',
    count: Number(root?.[2] ?? -1),
    items: [...html.matchAll(/<a data-type="\w+" href="[^"]*">([^<]+)<\/a>/g)].map((m) => m[1]!),
    types: [...html.matchAll(/<a data-type="(\w+)"/g)].map((m) => m[1]!),
    pages: /<span class="pages">([^<]*)<\/span>/.exec(html)?.[1] ?? '',
  };
}

describe('GET /search', () => {
  it('finds products by the words of their title in the page language (type=product)', async () => {
    const uk = results((await app.inject({ url: `/search?q=${encodeURIComponent('пальто')}&type=product` })).body);
    expect(uk.performed).toBe('true');
    const coats = store.products.filter((p) => (p.title as Record<string, string>)['uk']!.toLowerCase().includes('пальто')).map((p) => p.handle);
    expect(coats.length).toBeGreaterThan(2);
    for (const handle of coats) expect(uk.items).toContain(handle);
    expect(uk.types.every((t) => t === 'product')).toBe(true);
    const en = results((await app.inject({ url: '/en/search?q=wool+coat&type=product' })).body);
    expect(en.items[0]).toBe('wool-wrap-coat');
    expect(en.items.every((h) => /coat|jacket/.test(h) || store.productsByHandle.get(h)!.type === 'coats')).toBe(true);
  });

  it('puts sold-out products last by default, and hides them with options[unavailable_products]=hide', async () => {
    const all = results((await app.inject({ url: '/en/search?q=floral&type=product' })).body);
    expect(all.items).toContain('floral-maxi-dress');
    const hidden = results((await app.inject({ url: '/en/search?q=floral&type=product&options%5Bunavailable_products%5D=hide' })).body);
    expect(hidden.items).not.toContain('floral-maxi-dress');
  });

  it('searches pages too without a type, and pages the results', async () => {
    const pages = results((await app.inject({ url: '/en/search?q=shipping' })).body);
    expect(pages.types).toContain('page');
    const many = results((await app.inject({ url: '/en/search?q=xs&type=product' })).body);
    expect(many.count).toBeGreaterThan(10);
    expect(many.items).toHaveLength(10);
    const second = results((await app.inject({ url: '/en/search?q=xs&type=product&page=2' })).body);
    expect(second.pages).toBe(`2/${Math.ceil(many.count / 10)}`);
    expect(second.items[0]).not.toBe(many.items[0]);
  });

  it('answers an empty search as not performed, and escapes the terms it echoes', async () => {
    const empty = await app.inject({ url: '/search' });
    expect(empty.statusCode).toBe(200);
    expect(results(empty.body)).toMatchObject({ performed: 'false', count: 0 });
    const hostile = await app.inject({ url: `/en/search?q=${encodeURIComponent('<script>x</script>')}&type=product` });
    expect(hostile.body).toContain('data-terms="&lt;script&gt;x&lt;/script&gt;"');
    expect(hostile.body).toContain('<title>Search: 0 results found for "&lt;script&gt;x&lt;/script&gt;"</title>');
  });
});

describe('GET /recommendations/products', () => {
  const base = `/recommendations/products?section_id=main-product&product_id=${coat.id}`;

  it('renders the named section with the recommendations object (related, at most limit)', async () => {
    const response = await app.inject({ url: `/en${base}&limit=3&intent=related` });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('<div id="shopify-section-main-product" class="shopify-section">')).toBe(true);
    const json = JSON.parse(/<script type="application\/json" id="recommendations">(.*?)<\/script>/s.exec(response.body)![1]!);
    expect(json.intent).toBe('related');
    expect(json.count).toBe(3);
    expect(json.handles).toHaveLength(3);
    expect(json.handles).not.toContain('wool-wrap-coat');
    for (const handle of json.handles) expect(store.productsByHandle.get(handle)!.type).toBe('coats');
    // The section sees recommendations, not the product (as on the platform).
    expect(json.product).toBeNull();
  });

  it('defaults to 10 and answers {intent, products} at .json, never unavailable products', async () => {
    const response = await app.inject({ url: `/en/recommendations/products.json?product_id=${coat.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.intent).toBe('related');
    expect(body.products.length).toBeGreaterThan(3);
    expect(body.products.length).toBeLessThanOrEqual(10);
    expect(body.products[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      handle: expect.any(String),
      url: expect.stringMatching(/^\/en\/products\//),
      available: true,
      variants: expect.any(Array),
    });
    const complementary = await app.inject({
      url: `/recommendations/products.json?product_id=${store.productsByHandle.get('tweed-jacket')!.id}&intent=complementary`,
    });
    expect(complementary.json(), 'a product the merchant gave none').toEqual({ intent: 'complementary', products: [] });
  });

  it('answers complementary products from the Search & Discovery metafield, in its order, only those in stock and not in the cart', async () => {
    const handles = async (productHandle: string, extra = '', cookie?: string): Promise<string[]> => {
      const id = store.productsByHandle.get(productHandle)!.id;
      const response = await app.inject({
        url: `/en/recommendations/products.json?product_id=${id}&intent=complementary${extra}`,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { products: { handle: string }[] }).products.map((p) => p.handle);
    };
    // The coat's list names the sold-out floral dress: left out.
    expect(await handles('wool-wrap-coat')).toEqual(['merino-crew-sweater', 'wide-leg-trousers', 'knit-maxi-skirt']);
    expect(await handles('wool-wrap-coat', '&limit=2')).toEqual(['merino-crew-sweater', 'wide-leg-trousers']);
    // A pre-order jumper (no stock, selling on) is not complementary, though it could be related.
    expect(await handles('wide-leg-trousers')).toEqual(['cotton-poplin-shirt', 'wool-wrap-coat']);
    // A product already in the visitor's cart is not offered again.
    const cookie = await newBrowser(app);
    const sweater = store.productsByHandle.get('merino-crew-sweater')!;
    const added = await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: sweater.variants[0]!.id, quantity: 1 }, headers: { cookie } });
    expect(added.statusCode).toBe(200);
    expect(await handles('wool-wrap-coat', '', cookie)).toEqual(['wide-leg-trousers', 'knit-maxi-skirt']);
  });

  it('gives the section the complementary products as its recommendations object', async () => {
    const response = await app.inject({ url: `/en/recommendations/products?section_id=main-product&product_id=${coat.id}&intent=complementary` });
    const json = JSON.parse(/<script type="application\/json" id="recommendations">(.*?)<\/script>/s.exec(response.body)![1]!);
    expect(json).toMatchObject({ intent: 'complementary', count: 3, handles: ['merino-crew-sweater', 'wide-leg-trousers', 'knit-maxi-skirt'] });
  });

  it('answers 422 for a missing product_id, a bad limit or intent; 404 for an unknown product or section', async () => {
    const ask = async (url: string) => {
      const response = await app.inject({ url });
      return { status: response.statusCode, body: response.json() };
    };
    expect(await ask('/recommendations/products?section_id=main-product')).toEqual({
      status: 422,
      body: { status: 422, message: 'Invalid parameter error', description: 'A product_id value is missing' },
    });
    expect(await ask(`${base}&intent=upsell`)).toEqual({
      status: 422,
      body: { status: 422, message: 'Invalid parameter error', description: 'The intent parameter must be one of related, complementary' },
    });
    for (const limit of ['0', '11', 'ten', '2.5']) expect((await ask(`${base}&limit=${limit}`)).status, limit).toBe(422);
    expect((await ask('/recommendations/products.json?product_id=abc')).status).toBe(422);
    expect((await ask('/recommendations/products?section_id=main-product&product_id=1')).status).toBe(404);
    const unknownSection = await app.inject({ url: `/recommendations/products?section_id=nope&product_id=${coat.id}` });
    expect(unknownSection.statusCode).toBe(404);
  });
});

describe('Section Rendering API', () => {
  it('?section_id= answers the section’s HTML alone, by template, group or file ID; 404 if the page has none', async () => {
    const main = await app.inject({ url: '/products/wool-wrap-coat?section_id=template--1__main' });
    expect(main.statusCode).toBe(200);
    expect(main.body).toBe(
      '<div id="shopify-section-template--1__main" class="shopify-section"><h1>Вовняне пальто-халат</h1>\n<p class="price">8 990 UAH</p>\n</div>'.replace(
        '8 990',
        (coat.variants[0]!.price['UAH']! / 100).toLocaleString('en').replace(/,/g, ' '),
      ),
    );
    const group = await app.inject({ url: '/en/products/wool-wrap-coat?section_id=sections--1__bar' });
    expect(group.body).toContain('shopify-section-group-header-group');
    const file = await app.inject({ url: '/?section_id=static-footer' });
    expect(file.body).toMatch(/^<footer id="shopify-section-static-footer"/);
    expect((await app.inject({ url: '/?section_id=nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/?section_id=../layout/theme' })).statusCode).toBe(404);
  });

  it('renders a section asked for where its list does not exist as a shop does: 200, the inline error, the rest', async () => {
    // main-search pages search.results, which only the search page has.
    for (const url of ['/pages/about?section_id=main-search', '/nope?section_id=main-search']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`Liquid error (sections/main-search line 2): Array 'search.results' is not paginateable.</div>`);
      expect(response.body).toContain('<div id="search-results" data-performed="" data-count=""');
    }
    const both = await app.inject({ url: '/?sections=main-search,static-footer' });
    expect(both.statusCode).toBe(200);
    expect(Object.keys(both.json() as object)).toEqual(['main-search', 'static-footer']);
  });

  it('keeps the page’s query: a search section renders its results', async () => {
    const response = await app.inject({ url: '/en/search?q=coat&type=product&section_id=template--1__main' });
    expect(response.body).toMatch(/^<div id="shopify-section-template--1__main" class="shopify-section"><div id="search-results" data-performed="true"/);
  });

  it('?sections=a,b answers JSON with null for an unknown one; more than 5 is a 400', async () => {
    const response = await app.inject({ url: '/?sections=template--1__first,static-footer,unknown' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['template--1__first', 'static-footer', 'unknown']);
    expect(body['template--1__first']).toContain('Default heading');
    expect(body['unknown']).toBeNull();
    const tooMany = await app.inject({ url: '/?sections=a,b,c,d,e,f' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ status: 400 });
  });
});

describe('predictive search (/search/suggest)', () => {
  it('answers the JSON of the Predictive Search API, limits shared across types or per type', async () => {
    const { app } = await testPreview();
    try {
      const all = JSON.parse((await app.inject({ url: '/en/search/suggest.json?q=coat&resources[limit]=3' })).body);
      const results = all.resources.results;
      expect(Object.keys(results)).toEqual(['queries', 'products', 'collections', 'pages']);
      expect(results.queries[0]).toMatchObject({ text: 'coat', styled_text: 'coat' });
      expect(results.queries.length + results.products.length + results.collections.length + results.pages.length).toBe(3);
      const each = JSON.parse(
        (await app.inject({ url: '/en/search/suggest.json?q=coat&resources[type]=product&resources[limit]=2&resources[limit_scope]=each' })).body,
      );
      expect(Object.keys(each.resources.results)).toEqual(['products']);
      expect(each.resources.results.products).toHaveLength(2);
      expect(each.resources.results.products[0]).toMatchObject({
        title: expect.stringMatching(/coat/i),
        url: expect.stringMatching(/^\/en\/products\//),
        price: expect.stringMatching(/^\d+\.\d\d$/),
      });
    } finally {
      await app.close();
    }
  });

  it('suggests nothing, not even the typed words, for words that find nothing in the shop', async () => {
    const { app } = await testPreview();
    try {
      const body = JSON.parse((await app.inject({ url: '/en/search/suggest.json?q=qqxqzz' })).body);
      expect(body.resources.results).toEqual({ queries: [], products: [], collections: [], pages: [] });
    } finally {
      await app.close();
    }
  });

  it('renders a section with predictive_search through the Section Rendering API (?section_id=)', async () => {
    const { app } = await testPreview();
    try {
      const response = await app.inject({ url: '/en/search/suggest?q=coat&resources[type]=product&resources[limit]=2&section_id=predictive-results' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/^<div id="shopify-section-predictive-results" class="shopify-section"><p data-performed="true" data-terms="coat">/);
      const handles = /data-terms="coat">([^<]*)<\/p>/.exec(response.body)![1]!.trim().split(' ');
      expect(handles).toHaveLength(2);
      for (const handle of handles) expect(store.productsByHandle.get(handle)!.type).toBe('coats');
      expect((await app.inject({ url: '/en/search/suggest?section_id=predictive-results' })).statusCode).toBe(422);
    } finally {
      await app.close();
    }
  });

  it('refuses a missing query or a parameter out of range with 422', async () => {
    const { app } = await testPreview();
    try {
      for (const url of [
        '/search/suggest.json',
        '/search/suggest.json?q=a&resources[limit]=11',
        '/search/suggest.json?q=a&resources[type]=blog',
        '/search/suggest.json?q=a&resources[limit_scope]=some',
      ]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(422);
        expect(JSON.parse(response.body).status, url).toBe(422);
      }
    } finally {
      await app.close();
    }
  });
});
