// Storefront filtering and blogs on the preview, through a theme of a few lines written here
// (the project's theme filters in the browser and has no blog templates): `filter.*` parameters
// narrow a collection and its counts, the filter objects' values and links, a price range in
// another currency, parameters the shop has no filter for and bad values (ignored, never a
// 500), a blog, an article and the comment form's post, and forloop.parentloop.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../server';
import { loadStore } from '../store/load-store';
import { dropContext } from '../platform/globals';
import { Filtering } from '../platform/filtering';
import { SearchDrop } from '../platform/search';
import { CollectionDrop, FILTERED_COLLECTION_LIMIT } from '../platform/drops';
import { createLiquid } from '../liquid/engine';
import type { FixtureProduct, FixtureVariant } from '../store/types';
import { FIXTURES, form, newBrowser } from '../testing';

const COLLECTION = `{% paginate collection.products by 5 %}count={{ collection.products_count }}/{{ collection.all_products_count }} pages={{ paginate.pages }} tagged={% if current_tags %}yes{% else %}no{% endif %}
{% for p in collection.products %}[{{ p.handle }}]{% endfor %}
{% for f in collection.filters %}F|{{ f.param_name }}|{{ f.label }}|{{ f.type }}|{{ f.operator }}|{{ f.presentation }}|{{ f.active_values.size }}|{{ f.url_to_remove }}|{{ f.range_max }}|{{ f.min_value.value }}|{{ f.max_value.value }}|{{ f.min_value.param_name }}
{% for v in f.values %}V|{{ f.param_name }}|{{ v.value }}|{{ v.label }}|{{ v.count }}|{{ v.active }}|{{ v.url_to_add }}|{{ v.url_to_remove }}|{{ v.swatch.color }}|{{ v.display.type }}
{% endfor %}{% endfor %}{% endpaginate %}`;
const BLOG = `B|{{ blog.title }}|{{ blog.articles_count }}|{{ blog.all_tags | join: ',' }}|{{ current_tags | join: ',' }}
{% for a in blog.articles %}A|{{ a.handle }}|{{ a.title }}|{{ a.author }}|{{ a.published_at | date: '%Y-%m-%d' }}|{{ a.image.width }}
{% endfor %}`;
const ARTICLE = `T|{{ article.title }}|{{ article.comments_count }}|{{ article.comments_enabled? }}|{{ blog.moderated? }}|{{ article.tags | join: ',' }}|{{ article.comment_post_url }}
{% for c in article.comments %}C|{{ c.author }}|{{ c.content }}|{{ c.status }}
{% endfor %}P|{{ comment.status }}|{{ comment.content }}
{% form 'new_comment', article %}
S|{{ form.posted_successfully? }}|{{ form.errors | join: ',' }}|{{ form.author }}
{% endform %}
{{ article.content }}`;

let themeDir: string;
let app: FastifyInstance;
const store = loadStore(FIXTURES);
const COLOUR = 'filter.v.option.колір';

function writeTheme(): string {
  const dir = mkdtempSync(join(tmpdir(), 'filter-theme-'));
  mkdirSync(join(dir, 'layout'));
  mkdirSync(join(dir, 'templates'));
  mkdirSync(join(dir, 'locales'));
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', 'settings_schema.json'), '[]');
  writeFileSync(join(dir, 'config', 'settings_data.json'), '{"current": {}}');
  writeFileSync(join(dir, 'locales', 'uk.default.json'), '{}');
  writeFileSync(join(dir, 'locales', 'en.json'), '{}');
  writeFileSync(join(dir, 'layout', 'theme.liquid'), '{{ content_for_layout }}');
  writeFileSync(join(dir, 'templates', 'collection.liquid'), COLLECTION);
  writeFileSync(join(dir, 'templates', 'blog.liquid'), BLOG);
  writeFileSync(join(dir, 'templates', 'article.liquid'), ARTICLE);
  writeFileSync(join(dir, 'templates', '404.liquid'), 'not found');
  return dir;
}

beforeAll(async () => {
  themeDir = writeTheme();
  app = await createPreview({ themeDir, storeDir: FIXTURES, log: () => {} });
});
afterAll(async () => {
  await app.close();
  rmSync(themeDir, { recursive: true, force: true });
});

const allProducts = (): FixtureProduct[] => store.collectionsByHandle.get('all')!.products.map((h) => store.productsByHandle.get(h)!);
const available = (v: FixtureVariant): boolean => v.inventory_quantity > 0 || v.inventory_policy === 'continue';

function lines(body: string, kind: string): string[][] {
  return body
    .split('\n')
    .filter((l) => l.startsWith(`${kind}|`))
    .map((l) => l.split('|'));
}
const countOf = (body: string): [number, number] => {
  const [, shown = '0', all = '0'] = /count=(\d+)\/(\d+)/.exec(body) ?? [];
  return [Number(shown), Number(all)];
};
const valueLine = (body: string, param: string, value: string): string[] | undefined => lines(body, 'V').find((l) => l[1] === param && l[2] === value);

describe('storefront filters on a collection', () => {
  it('narrow the products, their count and the pages to what every filter lets through', async () => {
    const query = new URLSearchParams([
      ['filter.v.availability', '1'],
      [COLOUR, 'beige'],
    ]);
    const response = await app.inject({ url: `/collections/all?${query}` });
    expect(response.statusCode).toBe(200);
    // One variant must be both beige and in stock.
    const expected = allProducts().filter((p) => p.variants.some((v) => v.options[0] === 'beige' && available(v)));
    expect(expected.length).toBeGreaterThan(5);
    expect(countOf(response.body)).toEqual([expected.length, allProducts().length]);
    expect(response.body).toContain(`pages=${Math.ceil(expected.length / 5)} tagged=no`);
    const shown = [...response.body.matchAll(/\[([a-z0-9-]+)\]/g)].map((m) => m[1]);
    expect(shown).toHaveLength(5);
    for (const handle of shown) expect(expected.map((p) => p.handle)).toContain(handle);
  });

  it('count each value with the other filters applied, and link to adding and removing it (pagination dropped)', async () => {
    const response = await app.inject({ url: `/collections/all?filter.v.availability=1&${encodeURI(COLOUR)}=beige&page=2&sort_by=price-ascending` });
    const black = valueLine(response.body, COLOUR, 'black')!;
    const blackInStock = allProducts().filter((p) => p.variants.some((v) => v.options[0] === 'black' && available(v)));
    expect(black.slice(3, 6)).toEqual(['Чорний', String(blackInStock.length), 'false']);
    const add = new URL(black[6]!, 'http://shop');
    expect(add.pathname).toBe('/collections/all');
    expect(add.searchParams.getAll(COLOUR)).toEqual(['beige', 'black']);
    expect(add.searchParams.get('sort_by')).toBe('price-ascending');
    expect(add.searchParams.has('page')).toBe(false);
    const beige = valueLine(response.body, COLOUR, 'beige')!;
    expect(beige[5]).toBe('true');
    const remove = new URL(beige[7]!, 'http://shop');
    expect(remove.searchParams.getAll(COLOUR)).toEqual([]);
    expect(remove.searchParams.get('filter.v.availability')).toBe('1');
    // The colour filter: a list, OR within it, shown as swatches with their colours.
    const colour = lines(response.body, 'F').find((l) => l[1] === COLOUR)!;
    expect(colour.slice(2, 7)).toEqual(['Колір', 'list', 'OR', 'swatch', '1']);
    expect(beige[8]).toBe('#e3d5b8');
    expect(beige[9]).toBe('colors');
    // The availability filter's url_to_remove keeps the colour.
    const availability = lines(response.body, 'F').find((l) => l[1] === 'filter.v.availability')!;
    expect(new URL(availability[7]!, 'http://shop').searchParams.getAll(COLOUR)).toEqual(['beige']);
  });

  it('read a price range in the shopper’s currency, in its major units', async () => {
    const cookie = await newBrowser(app);
    const switched = await app.inject({
      method: 'POST',
      url: '/en/localization',
      ...form({ form_type: 'localization', _method: 'put', return_to: '/en/collections/all', country_code: 'US' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(switched.statusCode).toBe(302);
    const usd = (p: FixtureProduct): number[] => p.variants.map((v) => v.price['USD']!);
    const response = await app.inject({ url: '/en/collections/all?filter.v.price.gte=100&filter.v.price.lte=200.50', headers: { cookie } });
    const expected = allProducts().filter((p) => usd(p).some((price) => price >= 10000 && price <= 20050));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(allProducts().length);
    expect(countOf(response.body)[0]).toBe(expected.length);
    const price = lines(response.body, 'F').find((l) => l[1] === 'filter.v.price')!;
    expect(price.slice(2, 4)).toEqual(['Price', 'price_range']);
    expect(price.slice(8, 12)).toEqual([String(Math.max(...allProducts().flatMap(usd))), '10000', '20050', 'filter.v.price.gte']);
    expect(price[7]).toBe('/en/collections/all');
  });

  it('ignore parameters of filters the shop has not set up, as the platform does', async () => {
    const response = await app.inject({ url: '/collections/all?filter.p.vendor=MAVKA&filter.p.m.custom.fabric=wool&filter.v.option.nope=1&filter.x=1' });
    expect(response.statusCode).toBe(200);
    expect(countOf(response.body)).toEqual([allProducts().length, allProducts().length]);
  });

  it('answer bad values with the unfiltered list, never an error', async () => {
    for (const query of [
      'filter.v.price.gte=abc&filter.v.price.lte=-5',
      'filter.v.price.gte=1e309',
      'filter.v.availability=2',
      `${encodeURI(COLOUR)}=no-such-colour`,
      'filter.v.availability=%E0%A4%A',
    ]) {
      const response = await app.inject({ url: `/collections/all?${query}` });
      expect(response.statusCode, query).toBe(200);
      expect(countOf(response.body)[0], query).toBe(allProducts().length);
    }
  });

  it('are none on a collection of more than 5,000 products, which the platform does not filter', () => {
    const ctx = dropContext(store, 'uk', 'UAH');
    const all = store.collectionsByHandle.get('all')!;
    const handles = (count: number) => Array.from({ length: count }, (_, i) => all.products[i % all.products.length]!);
    const at = (count: number) => new CollectionDrop(ctx, { ...all, products: handles(count) }).filters;
    expect(at(FILTERED_COLLECTION_LIMIT).map((f) => f.param_name)).toContain(COLOUR);
    expect(at(FILTERED_COLLECTION_LIMIT + 1)).toEqual([]);
  });

  it('join a tag filter’s values with AND', () => {
    const ctx = dropContext({ ...store, filters: [{ source: 'tag', label: 'Tags' }] }, 'uk', 'UAH');
    const filtering = new Filtering(ctx, allProducts(), '/collections/all', new URLSearchParams('filter.p.tag=coats&filter.p.tag=bestseller'));
    const results = filtering.results();
    expect(results.length).toBeGreaterThan(0);
    for (const p of results) expect(p.tags).toEqual(expect.arrayContaining(['coats', 'bestseller']));
    expect(filtering.filters()[0]!.operator).toBe('AND');
  });
});

describe('the blog', () => {
  const blog = store.blogsByHandle.get('news')!;

  it('lists its articles newest first, in the page’s language, and those with a tag', async () => {
    const uk = await app.inject({ url: '/blogs/news' });
    expect(uk.statusCode).toBe(200);
    expect(lines(uk.body, 'A').map((l) => l[1])).toEqual(blog.articles.map((a) => a.handle));
    expect(lines(uk.body, 'A')[0]![2]).toBe('Весна: перший погляд');
    const en = await app.inject({ url: '/en/blogs/news/tagged/lookbook' });
    expect(lines(en.body, 'B')[0]!.slice(1, 5)).toEqual(['News', '2', 'autumn,care,lookbook,new,spring', 'lookbook']);
    expect(lines(en.body, 'A').map((l) => l[2])).toEqual(['Spring: a first look', 'The autumn lookbook']);
    expect((await app.inject({ url: '/blogs/no-such-blog' })).statusCode).toBe(404);
  });

  it('shows an article with its published comments only', async () => {
    const response = await app.inject({ url: '/en/blogs/news/autumn-lookbook' });
    expect(response.statusCode).toBe(200);
    expect(lines(response.body, 'T')[0]!.slice(1)).toEqual([
      'The autumn lookbook',
      '2',
      'true',
      'true',
      'lookbook,autumn',
      '/en/blogs/news/autumn-lookbook/comments',
    ]);
    expect(lines(response.body, 'C').map((l) => l[1])).toEqual(['Марія Шевченко', 'Ірина']);
    expect(response.body).toContain('<p>This autumn we cut coats');
    expect((await app.inject({ url: '/blogs/news/no-such-article' })).statusCode).toBe(404);
  });

  it('takes a comment for approval on a moderated blog and names it on the article', async () => {
    const cookie = await newBrowser(app);
    const post = await app.inject({
      method: 'POST',
      url: '/blogs/news/caring-for-wool/comments',
      ...form({ form_type: 'new_comment', 'comment[author]': 'Оля', 'comment[email]': 'olya@example.com', 'comment[body]': 'Дякую за поради!' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toMatch(/^\/blogs\/news\/caring-for-wool\?comment=\d+#comments$/);
    const page = await app.inject({ url: String(post.headers.location).split('#')[0]!, headers: { cookie } });
    expect(lines(page.body, 'P')[0]!.slice(1)).toEqual(['unapproved', 'Дякую за поради!']);
    expect(lines(page.body, 'S')[0]![1]).toBe('true');
    // Held back: not among the article's comments until approved.
    expect(lines(page.body, 'T')[0]![2]).toBe('0');
  });

  it('sends a comment with blank fields back to the form with its errors and values', async () => {
    const cookie = await newBrowser(app);
    const post = await app.inject({
      method: 'POST',
      url: '/en/blogs/news/autumn-lookbook/comments',
      ...form({ form_type: 'new_comment', 'comment[author]': 'Ann', 'comment[email]': 'not-an-email', 'comment[body]': ' ' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toBe('/en/blogs/news/autumn-lookbook#comment_form');
    const page = await app.inject({ url: '/en/blogs/news/autumn-lookbook', headers: { cookie } });
    expect(lines(page.body, 'S')[0]!.slice(1)).toEqual(['false', 'email,body', 'Ann']);
    expect((await app.inject({ method: 'POST', url: '/blogs/news/nope/comments', ...form({ 'comment[body]': 'x' }) })).statusCode).toBe(404);
  });
});

describe('forloop.parentloop', () => {
  it('is the enclosing loop’s forloop inside a nested loop, and nil in an outer one', async () => {
    const liquid = createLiquid(themeDir);
    const out = await liquid.parseAndRender(
      '{% for a in (1..2) %}{{ forloop.parentloop == nil }};{% for b in (1..2) %}{{ forloop.parentloop.index }}{{ forloop.index }},{% endfor %}{% endfor %}',
    );
    expect(out).toBe('true;11,12,true;21,22,');
  });
});

describe('search with filters and articles', () => {
  it('finds articles by their text, and keeps only the filtered products once a filter applies', () => {
    const ctx = dropContext(store, 'en', 'UAH');
    const found = new SearchDrop(ctx, new URLSearchParams('q=wool'));
    const types = found.results.map((r) => (r as { object_type: string }).object_type);
    expect(types).toContain('article');
    expect(types).toContain('product');
    const filtered = new SearchDrop(ctx, new URLSearchParams('q=wool&filter.v.availability=1'));
    expect(filtered.results.every((r) => (r as { object_type: string }).object_type === 'product')).toBe(true);
    expect(filtered.results_count).toBeLessThan(found.results_count);
    expect(filtered.filters.map((f) => f.param_name)).toContain('filter.v.availability');
    expect(new SearchDrop(ctx, new URLSearchParams('q=wool&type=product')).results.some((r) => r instanceof Object && 'blog' in r)).toBe(false);
  });

  it('answers articles in the Predictive Search API when asked for them', async () => {
    const response = await app.inject({ url: '/en/search/suggest.json?q=wool&resources[type]=article' });
    expect(response.statusCode).toBe(200);
    const articles = (response.json() as { resources: { results: { articles: { handle: string; url: string }[] } } }).resources.results.articles;
    expect(articles.map((a) => a.url)).toContain('/en/blogs/news/caring-for-wool');
  });
});
