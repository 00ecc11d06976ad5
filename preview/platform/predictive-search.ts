import { Drop } from 'liquidjs';
import { CollectionDrop, type PageDrop, type ProductDrop, storefrontUrl, text, type DropContext } from './drops.js';
import { SearchDrop } from './search.js';
import type { ArticleDrop } from './blogs.js';
import { escapeHtml } from '../liquid/escape.js';
import { allProductsCollection } from './all-products.js';

// The Predictive Search API (GET /search/suggest.json, and /search/suggest?section_id= through
// the Section Rendering API with the `predictive_search` object): products, collections, pages,
// articles and query suggestions as a shopper types. Parameters as the platform's:
// q (required), resources[type] (query,product,collection,page by default), resources[limit]
// 1–10 (10), resources[limit_scope] all|each (all), resources[options][unavailable_products]
// show|hide|last (last).

export const PREDICTIVE_TYPES = ['query', 'product', 'collection', 'page', 'article'] as const;
type PredictiveType = (typeof PREDICTIVE_TYPES)[number];
const DEFAULT_TYPES: PredictiveType[] = ['query', 'product', 'collection', 'page'];
export const PREDICTIVE_LIMIT = 10;

export interface PredictiveQuery {
  terms: string;
  types: PredictiveType[];
  limit: number;
  limitScope: 'all' | 'each';
  unavailable: 'show' | 'hide' | 'last';
}

export class PredictiveSearchError extends Error {
  readonly statusCode = 422;
}

/** Reads and checks the parameters; a value the platform refuses is a 422 naming it. */
export function predictiveQuery(query: URLSearchParams): PredictiveQuery {
  const terms = (query.get('q') ?? '').trim().slice(0, 500);
  if (!terms) throw new PredictiveSearchError('Missing parameter: q');
  const typeText = query.get('resources[type]');
  const types =
    typeText === null
      ? DEFAULT_TYPES
      : [
          ...new Set(
            typeText
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ];
  const unknown = types.find((t) => !(PREDICTIVE_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined || !types.length) throw new PredictiveSearchError(`Invalid parameter: resources[type] ${unknown ?? ''}`.trim());
  const limitText = query.get('resources[limit]');
  const limit = limitText === null ? PREDICTIVE_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > PREDICTIVE_LIMIT)
    throw new PredictiveSearchError(`Invalid parameter: resources[limit] must be 1 to ${PREDICTIVE_LIMIT}`);
  const scope = query.get('resources[limit_scope]') ?? 'all';
  if (scope !== 'all' && scope !== 'each') throw new PredictiveSearchError('Invalid parameter: resources[limit_scope] must be all or each');
  const unavailable = query.get('resources[options][unavailable_products]') ?? 'last';
  if (unavailable !== 'show' && unavailable !== 'hide' && unavailable !== 'last')
    throw new PredictiveSearchError('Invalid parameter: resources[options][unavailable_products]');
  return { terms, types: types as PredictiveType[], limit, limitScope: scope, unavailable };
}

interface Suggestion {
  text: string;
  styled_text: string;
  url: string;
}

function matchesAll(haystack: string, terms: string[], language: string): boolean {
  const text = haystack.toLocaleLowerCase(language);
  return terms.every((t) => text.includes(t));
}

/** The `predictive_search` object: what the predictive-search section renders. */
export class PredictiveSearchDrop extends Drop {
  readonly performed = true;
  readonly terms: string;
  readonly types: string[];
  readonly resources: { products: ProductDrop[]; collections: CollectionDrop[]; pages: PageDrop[]; articles: ArticleDrop[]; queries: Suggestion[] };

  constructor(ctx: DropContext, query: PredictiveQuery) {
    super();
    this.terms = query.terms;
    this.types = query.types;
    const terms = query.terms.toLocaleLowerCase(ctx.language).split(/\s+/).filter(Boolean);
    const search = (type: 'product' | 'page' | 'article'): unknown[] => {
      const params = new URLSearchParams({ q: query.terms, type, 'options[unavailable_products]': query.unavailable });
      return new SearchDrop(ctx, params).results;
    };
    const found: Record<PredictiveType, unknown[]> = {
      query: [],
      product: query.types.includes('product') ? search('product') : [],
      collection: query.types.includes('collection')
        ? [allProductsCollection(ctx.store), ...ctx.store.collections.filter((c) => c.handle !== 'all')]
            .filter((c) => c.products.length && matchesAll(text(ctx, c.title), terms, ctx.language))
            .map((c) => new CollectionDrop(ctx, c))
        : [],
      page: query.types.includes('page') ? search('page') : [],
      article: query.types.includes('article') ? search('article') : [],
    };
    if (query.types.includes('query')) {
      const titles = [...(found.product as ProductDrop[]).map((p) => p.title), ...(found.collection as CollectionDrop[]).map((c) => c.title)];
      // The typed words, then titles that contain every one of them. Suggestions come from the
      // shop's own words: words that find nothing in it are no suggestion at all.
      const matching = titles.map((t) => t.toLocaleLowerCase(ctx.language)).filter((t) => matchesAll(t, terms, ctx.language));
      const findsSomething = found.product.length + found.collection.length + found.page.length + found.article.length > 0;
      const typed = findsSomething ? [query.terms.toLocaleLowerCase(ctx.language)] : [];
      const suggestions = [...typed, ...matching].filter((t, i, all) => all.indexOf(t) === i);
      found.query = suggestions.map((suggestion) => ({
        text: suggestion,
        styled_text: styled(suggestion, terms),
        url: storefrontUrl(ctx, `/search?q=${encodeURIComponent(suggestion)}&_pos=1&_psq=${encodeURIComponent(query.terms)}&_ss=e&_v=1.0`),
      }));
    }
    // `each` gives every type the limit; `all` shares it, taking one result of each type in
    // turn, so one type with many matches does not crowd the others out.
    const ordered = Object.fromEntries(query.types.map((type) => [type, [] as unknown[]])) as Record<PredictiveType, unknown[]>;
    if (query.limitScope === 'each') {
      for (const type of query.types) ordered[type] = found[type].slice(0, query.limit);
    } else {
      let left = query.limit;
      for (let round = 0; left > 0 && query.types.some((t) => found[t].length > round); round++) {
        for (const type of query.types) {
          if (left > 0 && found[type].length > round) {
            ordered[type].push(found[type][round]);
            left--;
          }
        }
      }
    }
    this.resources = {
      products: (ordered.product ?? []) as ProductDrop[],
      collections: (ordered.collection ?? []) as CollectionDrop[],
      pages: (ordered.page ?? []) as PageDrop[],
      articles: (ordered.article ?? []) as ArticleDrop[],
      queries: (ordered.query ?? []) as Suggestion[],
    };
  }
}

/** The suggestion with the typed terms in plain text and the completion in <mark>, as the platform styles it. */
function styled(suggestion: string, terms: string[]): string {
  const escaped = escapeHtml(suggestion);
  const typed = terms.find((t) => suggestion.startsWith(t));
  if (!typed) return `<mark>${escaped}</mark>`;
  if (typed === suggestion) return escaped;
  return `${escapeHtml(typed)}<mark>${escapeHtml(suggestion.slice(typed.length))}</mark>`;
}

const money = (minor: number): string => (minor / 100).toFixed(2);

/** GET /search/suggest.json's body. */
export function predictiveJson(drop: PredictiveSearchDrop): Record<string, unknown> {
  const { products, collections, pages, articles, queries } = drop.resources;
  const results: Record<string, unknown> = {};
  if (drop.types.includes('query')) results['queries'] = queries;
  if (drop.types.includes('product')) {
    results['products'] = products.map((p) => ({
      available: p.available,
      body: p.description,
      compare_at_price_max: money(p.compare_at_price_max ?? 0),
      compare_at_price_min: money(p.compare_at_price_min ?? 0),
      handle: p.handle,
      id: p.id,
      image: p.featured_image?.src ?? null,
      price: money(p.price),
      price_max: money(p.price_max),
      price_min: money(p.price_min),
      tags: p.tags,
      title: p.title,
      type: p.type,
      url: p.url,
      vendor: p.vendor,
      featured_image: p.featured_image
        ? {
            alt: p.featured_image.alt,
            aspect_ratio: p.featured_image.aspect_ratio,
            height: p.featured_image.height,
            url: p.featured_image.src,
            width: p.featured_image.width,
          }
        : null,
      variants: p.variants.map((v) => ({
        available: v.available,
        compare_at_price: v.compare_at_price === null ? null : money(v.compare_at_price),
        id: v.id,
        image: p.featured_image?.src ?? null,
        price: money(v.price),
        title: v.title,
        url: v.url,
      })),
    }));
  }
  if (drop.types.includes('collection')) {
    results['collections'] = collections.map((c) => ({
      body: c.description,
      handle: c.handle,
      id: c.id,
      image: c.image?.src ?? null,
      published_at: c.published_at,
      title: c.title,
      url: c.url,
    }));
  }
  if (drop.types.includes('page')) {
    results['pages'] = pages.map((p) => ({
      author: p.author,
      body: p.content,
      created_at: null,
      handle: p.handle,
      id: p.id,
      published_at: p.published_at,
      title: p.title,
      url: p.url,
    }));
  }
  if (drop.types.includes('article')) {
    results['articles'] = articles.map((a) => ({
      author: a.author,
      body: a.content,
      handle: a.handle,
      id: a.id,
      image: a.image?.src ?? null,
      published_at: a.published_at,
      summary_html: a.excerpt,
      tags: a.tags,
      title: a.title,
      url: a.url,
    }));
  }
  return { resources: { results } };
}
