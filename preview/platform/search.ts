import type { FixturePage, FixtureProduct } from '../store/types.js';
import type { Paginatable } from '../liquid/tags.js';
import { PageDrop, ProductDrop, sortOptionName, storefrontUrl, text, UNPAGINATED_LIMIT, variantAvailable, type DropContext } from './drops.js';
import { Filtering, type FilterDrop } from './filtering.js';
import { allArticles, type ArticleDrop } from './blogs.js';

// The storefront search (/search?q=&type=product,page&options[unavailable_products]=…): the
// `search` object the search template renders. Matching follows the platform's defaults: every
// term must match one of a product's searchable fields (title, type, tags, vendor, variant
// options and SKUs, description); a page matches on title and content, an article on title,
// tags, author and text.

export const SEARCH_TYPES = ['product', 'page', 'article'] as const;
const SORT_OPTIONS = ['relevance', 'price-ascending', 'price-descending'] as const;
const MAX_TERMS_LENGTH = 500;

type Result = ProductDrop | PageDrop | ArticleDrop;

function normalise(value: string, language: string): string {
  return value
    .toLocaleLowerCase(language)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

export interface SearchQuery {
  terms: string;
  types: string[];
  unavailable: 'show' | 'hide' | 'last';
  sortBy: string;
}

/** Reads the query as the platform does; unknown values fall back to the defaults. */
export function searchQuery(query: URLSearchParams): SearchQuery {
  const terms = (query.get('q') ?? '').slice(0, MAX_TERMS_LENGTH).trim();
  const requested = (query.get('type') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is (typeof SEARCH_TYPES)[number] => (SEARCH_TYPES as readonly string[]).includes(t));
  const unavailable = query.get('options[unavailable_products]');
  const sortBy = query.get('sort_by') ?? 'relevance';
  return {
    terms,
    types: requested.length ? [...new Set(requested)] : [...SEARCH_TYPES],
    unavailable: unavailable === 'show' || unavailable === 'hide' ? unavailable : 'last',
    sortBy: (SORT_OPTIONS as readonly string[]).includes(sortBy) ? sortBy : 'relevance',
  };
}

export class SearchDrop implements Paginatable {
  private window: { offset: number; size: number } | null = null;
  private all: Result[];
  readonly terms: string;
  readonly types: string[];
  readonly sort_by: string;
  readonly default_sort_by = 'relevance';
  /** The shop's storefront filters over the product results (none before a search is made). */
  private filtering: Filtering | null = null;

  constructor(
    private ctx: DropContext,
    query: URLSearchParams,
  ) {
    const parsed = searchQuery(query);
    this.terms = parsed.terms;
    this.types = parsed.types;
    this.sort_by = parsed.sortBy;
    this.all = this.performed ? this.narrow(this.find(parsed), query) : [];
  }

  get filters(): FilterDrop[] {
    return this.filtering?.filters() ?? [];
  }

  /** Applies the query's `filter.*` parameters: with any active, only matching products remain. */
  private narrow(found: Result[], query: URLSearchParams): Result[] {
    const products = found.filter((r): r is ProductDrop => r instanceof ProductDrop).map((p) => p.raw);
    this.filtering = new Filtering(this.ctx, products, storefrontUrl(this.ctx, '/search'), query);
    if (!this.filtering.active) return found;
    const kept = new Set(this.filtering.results());
    return found.filter((r) => r instanceof ProductDrop && kept.has(r.raw));
  }

  get performed(): boolean {
    return this.terms !== '';
  }
  get 'performed?'(): boolean {
    return this.performed;
  }
  get results_count(): number {
    return this.all.length;
  }
  get results(): Result[] {
    return this.window ? this.all.slice(this.window.offset, this.window.offset + this.window.size) : this.all.slice(0, UNPAGINATED_LIMIT);
  }
  get sort_options(): { name: string; value: string }[] {
    return SORT_OPTIONS.map((value) => ({ name: sortOptionName(value, this.ctx.language), value }));
  }
  paginationTotal(): number {
    return this.all.length;
  }
  setPageWindow(_property: string, window: { offset: number; size: number } | null): void {
    this.window = window;
  }
  toLiquidJSON(): unknown {
    return { performed: this.performed, terms: this.terms, results_count: this.results_count, types: this.types, results: this.results };
  }

  private find(query: SearchQuery): Result[] {
    const language = this.ctx.language;
    const terms = normalise(query.terms, language).split(/\s+/).filter(Boolean).slice(0, 20);
    const scored: { result: Result; score: number; available: boolean; price: number; index: number }[] = [];
    const { store } = this.ctx;
    if (query.types.includes('product')) {
      store.products.forEach((product, index) => {
        const score = productScore(this.ctx, product, terms);
        if (score <= 0) return;
        const drop = new ProductDrop(this.ctx, product);
        const available = product.variants.some((v) => variantAvailable(v, product.inventory_policy));
        if (!available && query.unavailable === 'hide') return;
        scored.push({ result: drop, score, available, price: drop.price, index });
      });
    }
    if (query.types.includes('page')) {
      store.pages.forEach((page, index) => {
        if (page.handle === 'api') return; // the theme's JSON endpoints are not content
        const score = pageScore(this.ctx, page, terms);
        if (score > 0) scored.push({ result: new PageDrop(this.ctx, page), score, available: true, price: 0, index: store.products.length + index });
      });
    }
    if (query.types.includes('article')) {
      allArticles(this.ctx).forEach((article, index) => {
        const score = articleScore(this.ctx, article, terms);
        const at = store.products.length + store.pages.length + index;
        if (score > 0) scored.push({ result: article, score, available: true, price: 0, index: at });
      });
    }
    scored.sort((a, b) => {
      if (query.unavailable === 'last' && a.available !== b.available) return a.available ? -1 : 1;
      if (query.sortBy === 'price-ascending') return a.price - b.price || a.index - b.index;
      if (query.sortBy === 'price-descending') return b.price - a.price || a.index - b.index;
      return b.score - a.score || a.index - b.index;
    });
    return scored.map((s) => s.result);
  }
}

function everyTerm(terms: string[], fields: { text: string; weight: number }[]): number {
  let total = 0;
  for (const term of terms) {
    const weights = fields.filter((f) => f.text.includes(term)).map((f) => f.weight);
    if (!weights.length) return 0;
    total += Math.max(...weights);
  }
  return total;
}

/**
 * A product's searchable fields, normalised, per language: made once per store load and kept
 * beside the product (the store does not change while the preview runs), so a search of 50,000
 * products compares text rather than normalising every product's fields on every request (each of
 * a 5,000-result search's 22 list pages took seconds, and the list's reads timed out).
 */
const searchFields = new WeakMap<FixtureProduct, Map<string, { text: string; weight: number }[]>>();

function productFields(ctx: DropContext, product: FixtureProduct): { text: string; weight: number }[] {
  let byLanguage = searchFields.get(product);
  if (!byLanguage) searchFields.set(product, (byLanguage = new Map<string, { text: string; weight: number }[]>()));
  let fields = byLanguage.get(ctx.language);
  if (!fields) {
    const n = (value: string): string => normalise(value, ctx.language);
    fields = [
      { text: n(text(ctx, product.title)), weight: 5 },
      { text: n(`${product.type} ${(product.tags ?? []).join(' ')}`), weight: 3 },
      { text: n(`${product.vendor ?? ''} ${product.variants.map((v) => `${v.options.join(' ')} ${v.sku}`).join(' ')}`), weight: 2 },
      { text: n(stripTags(text(ctx, product.description ?? null))), weight: 1 },
    ];
    byLanguage.set(ctx.language, fields);
  }
  return fields;
}

function productScore(ctx: DropContext, product: FixtureProduct, terms: string[]): number {
  return everyTerm(terms, productFields(ctx, product));
}

function articleScore(ctx: DropContext, article: ArticleDrop, terms: string[]): number {
  const n = (value: string): string => normalise(value, ctx.language);
  return everyTerm(terms, [
    { text: n(article.title), weight: 5 },
    { text: n(`${article.tags.join(' ')} ${article.author}`), weight: 3 },
    { text: n(stripTags(`${article.excerpt} ${article.content}`)), weight: 1 },
  ]);
}

function pageScore(ctx: DropContext, page: FixturePage, terms: string[]): number {
  const n = (value: string): string => normalise(value, ctx.language);
  return everyTerm(terms, [
    { text: n(text(ctx, page.title)), weight: 5 },
    { text: n(stripTags(text(ctx, page.body_html))), weight: 1 },
  ]);
}
