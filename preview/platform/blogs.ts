import { join } from 'node:path';
import type { FixtureArticle, FixtureBlog, FixtureComment } from '../store/types.js';
import type { Paginatable } from '../liquid/tags.js';
import { imageSize } from '../store/image-size.js';
import { imageObject, storefrontUrl, text, UNPAGINATED_LIMIT, type DropContext, type ImageObject } from './drops.js';
import type { MetafieldDrop } from './metafields.js';

// The shop's blogs (blogs.json): the `blog`, `article` and `comment` objects of /blogs/<blog>,
// /blogs/<blog>/tagged/<tag> and /blogs/<blog>/<article>, and the `blogs` and `articles`
// globals. Only published comments are shown; a moderated blog holds new ones back.

/** The page window a `{% paginate %}` sets on a list, applied to what the list shows. */
function windowed<T>(all: T[], window: { offset: number; size: number } | null): T[] {
  return window ? all.slice(window.offset, window.offset + window.size) : all.slice(0, UNPAGINATED_LIMIT);
}

export class CommentDrop {
  constructor(
    private ctx: DropContext,
    private raw: FixtureComment,
    private articleUrl: string,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get author(): string {
    return this.raw.author;
  }
  get email(): string {
    return this.raw.email;
  }
  get content(): string {
    return text(this.ctx, this.raw.body);
  }
  get status(): string {
    return this.raw.status;
  }
  get created_at(): string {
    return this.raw.created_at;
  }
  get updated_at(): string {
    return this.raw.created_at;
  }
  get url(): string {
    return `${this.articleUrl}#${this.raw.id}`;
  }
}

export class ArticleDrop implements Paginatable {
  private window: { offset: number; size: number } | null = null;
  constructor(
    private ctx: DropContext,
    readonly blog: FixtureBlog,
    readonly raw: FixtureArticle,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get handle(): string {
    return this.raw.handle;
  }
  get title(): string {
    return text(this.ctx, this.raw.title);
  }
  get author(): string {
    return this.raw.author;
  }
  /** What a search result is (search.results mixes products, pages and articles). */
  get object_type(): string {
    return 'article';
  }
  /** The staff member behind the author: the platform's user object, which the preview has none of. */
  get user(): null {
    return null;
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/blogs/${this.blog.handle}/${this.raw.handle}`);
  }
  get template_suffix(): string | null {
    return this.raw.template_suffix;
  }
  get created_at(): string {
    return this.raw.published_at;
  }
  get published_at(): string {
    return this.raw.published_at;
  }
  get updated_at(): string {
    return this.raw.updated_at;
  }
  get tags(): string[] {
    return this.raw.tags;
  }
  get content(): string {
    return text(this.ctx, this.raw.body_html);
  }
  get excerpt(): string {
    return text(this.ctx, this.raw.excerpt_html);
  }
  get excerpt_or_content(): string {
    return this.excerpt || this.content;
  }
  get image(): ImageObject | null {
    const file = this.raw.image;
    if (!file) return null;
    const size = imageSize(join(this.ctx.store.imagesDir, file)) ?? { width: 1600, height: 1000 };
    return imageObject(this.ctx, file, size.width, size.height, this.raw.title);
  }
  get featured_image(): ImageObject | null {
    return this.image;
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return {};
  }
  get 'comments_enabled?'(): boolean {
    return this.blog.comments !== 'disabled';
  }
  get 'moderated?'(): boolean {
    return this.blog.comments === 'moderated';
  }
  get comment_post_url(): string {
    return `${this.url}/comments`;
  }
  private published(): FixtureComment[] {
    if (this.blog.comments === 'disabled') return [];
    return this.raw.comments.filter((c) => c.status === 'published').sort((a, b) => a.created_at.localeCompare(b.created_at));
  }
  get comments_count(): number {
    return this.published().length;
  }
  get comments(): CommentDrop[] {
    return windowed(this.published(), this.window).map((c) => new CommentDrop(this.ctx, c, this.url));
  }
  paginationTotal(): number {
    return this.published().length;
  }
  setPageWindow(_property: string, window: { offset: number; size: number } | null): void {
    this.window = window;
  }
  toLiquidJSON(): unknown {
    return { id: this.id, title: this.title, handle: this.handle, author: this.author, published_at: this.published_at, tags: this.tags, url: this.url };
  }
}

export class BlogDrop implements Paginatable {
  private window: { offset: number; size: number } | null = null;
  /** The tag of a /blogs/<blog>/tagged/<tag> page: the articles shown carry it. */
  tag: string | null = null;
  /** The article page's article, for next_article and previous_article. */
  current: FixtureArticle | null = null;
  constructor(
    private ctx: DropContext,
    readonly raw: FixtureBlog,
  ) {}
  get id(): number {
    return this.raw.id;
  }
  get handle(): string {
    return this.raw.handle;
  }
  get title(): string {
    return text(this.ctx, this.raw.title);
  }
  get url(): string {
    return storefrontUrl(this.ctx, `/blogs/${this.raw.handle}`);
  }
  get template_suffix(): string | null {
    return this.raw.template_suffix;
  }
  get metafields(): Record<string, Record<string, MetafieldDrop>> {
    return {};
  }
  get 'comments_enabled?'(): boolean {
    return this.raw.comments !== 'disabled';
  }
  get 'moderated?'(): boolean {
    return this.raw.comments === 'moderated';
  }
  private shown(): FixtureArticle[] {
    const tag = this.tag?.toLowerCase();
    return tag ? this.raw.articles.filter((a) => a.tags.some((t) => t.toLowerCase() === tag)) : this.raw.articles;
  }
  get articles(): ArticleDrop[] {
    return windowed(this.shown(), this.window).map((a) => new ArticleDrop(this.ctx, this.raw, a));
  }
  get articles_count(): number {
    return this.shown().length;
  }
  get all_tags(): string[] {
    return [...new Set(this.raw.articles.flatMap((a) => a.tags))].sort();
  }
  get tags(): string[] {
    return [...new Set(this.shown().flatMap((a) => a.tags))].sort();
  }
  /** Neighbours of the article page's article in the blog's order (newest first). */
  get next_article(): ArticleDrop | null {
    return this.neighbour(1);
  }
  get previous_article(): ArticleDrop | null {
    return this.neighbour(-1);
  }
  private neighbour(step: number): ArticleDrop | null {
    const at = this.current ? this.raw.articles.indexOf(this.current) : -1;
    const article = at < 0 ? undefined : this.raw.articles[at + step];
    return article ? new ArticleDrop(this.ctx, this.raw, article) : null;
  }
  paginationTotal(): number {
    return this.shown().length;
  }
  setPageWindow(_property: string, window: { offset: number; size: number } | null): void {
    this.window = window;
  }
  toLiquidJSON(): unknown {
    return { id: this.id, handle: this.handle, title: this.title, url: this.url, articles_count: this.articles_count };
  }
}

/** Every article of the shop, newest first, for the `articles` global and article search. */
export function allArticles(ctx: DropContext): ArticleDrop[] {
  return ctx.store.blogs
    .flatMap((blog) => blog.articles.map((article) => ({ blog, article })))
    .sort((a, b) => b.article.published_at.localeCompare(a.article.published_at))
    .map(({ blog, article }) => new ArticleDrop(ctx, blog, article));
}
