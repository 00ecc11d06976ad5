// The platform answers storefront pages from its page cache: a list's alternate views
// (/collections/all?view=…&page=n, the same for every guest) come back in milliseconds, while
// the preview would render each again in Liquid. This keeps rendered pages, as that cache does,
// where the page is the same for every guest (preview/server.ts decides):
// - GET alternate views (?view=) of a collection or a search, not Section Rendering requests;
// - for a guest with an empty bag and no form result to show (nothing of the session's own);
// - keyed by everything else the page depends on: the address (path with its language prefix,
//   view, page, sort_by, q…), the host it was asked of, the currency and the theme's change
//   count. The store is loaded once when the preview starts and each preview has its own cache,
//   so a store change is a new preview; a theme edit makes every kept page stale at once.
// Where the theme's changes cannot be watched, nothing is kept (correct first, fast second).

/** Enough for every 250-product page of a few 5,000-product lists in both languages and currencies. */
const MAX_ENTRIES = 400;

export class PageCache {
  private entries = new Map<string, Promise<string>>();

  /** The kept page, or undefined. A hit becomes the most recently used. */
  peek(key: string): Promise<string> | undefined {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
    }
    return kept;
  }

  /** The kept page, or the one `render` makes, kept unless it fails. */
  get(key: string, render: () => Promise<string>): Promise<string> {
    const kept = this.peek(key);
    if (kept) return kept;
    // Kept at once, so requests for the same page while it renders share the one render.
    const made = render();
    made.catch(() => this.entries.delete(key));
    this.entries.set(key, made);
    // The least recently used go first.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }

  get size(): number {
    return this.entries.size;
  }
}
