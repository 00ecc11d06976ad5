// The platform renders a page on one server while its CDN goes on answering assets, and no page's
// render runs into another's. The preview has one thread: a render (70 ms for a 250-product list
// index at 5,000 products) holds it, and twenty such renders asked for at once held every asset
// request behind them for 1.7 s. So renders take turns: one at a time, each started on a fresh
// turn of the event loop, which lets the requests that came in meanwhile (assets, kept pages)
// be answered between two renders.
//
// On the platform each request renders on a server of its own, so a page never waits for the
// renders another page asked for. Here the twenty index pages of a 5,000-product list queue for
// 1.5–2 s, and a page asked for meanwhile (a shopper's next page, the filters panel's type list)
// waited for all of them. So renders asked for in bulk (a list's alternate views, read by the
// list's code page after page) wait in a queue of their own, taken only when no other render waits.

/** Which queue a render waits in: `page` (the default) goes before `bulk`. */
export type RenderPriority = 'page' | 'bulk';

export class RenderTurns {
  private readonly waiting: Record<RenderPriority, (() => Promise<void>)[]> = { page: [], bulk: [] };
  private busy = false;

  /** Runs `render` on a turn of its own, after the renders of its priority asked for before it. */
  take<T>(render: () => Promise<T>, priority: RenderPriority = 'page'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A failed render is its caller's to handle; the next one still gets its turn.
      this.waiting[priority].push(() => Promise.resolve().then(render).then(resolve, reject));
      if (!this.busy) this.startNext();
    });
  }

  private startNext(): void {
    this.busy = true;
    // The choice is made on the next turn, after the requests that came in meanwhile have been
    // read: a page asked for during a bulk render goes before the bulk renders still waiting.
    setImmediate(() => {
      const next = this.waiting.page.shift() ?? this.waiting.bulk.shift();
      if (!next) {
        this.busy = false;
        return;
      }
      void next().finally(() => this.startNext());
    });
  }
}
