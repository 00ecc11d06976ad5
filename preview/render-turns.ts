// The platform renders a page on one server while its CDN goes on answering assets, and no page's
// render runs into another's. The preview has one thread: a render (70 ms for a 250-product list
// index at 5,000 products) holds it, and twenty such renders asked for at once held every asset
// request behind them for 1.7 s. So renders take turns: one at a time, each started on a fresh
// turn of the event loop, which lets the requests that came in meanwhile (assets, kept pages)
// be answered between two renders.

/** Waits until the event loop has had a chance to handle waiting I/O. */
const nextLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class RenderTurns {
  private last: Promise<unknown> = Promise.resolve();

  /** Runs `render` after the renders asked for before it, on a turn of its own. */
  take<T>(render: () => Promise<T>): Promise<T> {
    const turn = this.last.then(nextLoopTurn).then(render);
    // A failed render is its caller's to handle; the next one still gets its turn.
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
