// A sliding-window counter: the preview's stand-in for the platform's throttling of password
// recovery (spec §8 expects HTTP 429 once a client sends too many) and of wrong passwords.
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request from `client`; true when it is over the limit within the window. */
  exceeded(client: string): boolean {
    this.hit(client);
    return this.recent(client).length > this.limit;
  }

  /** Counts one event (a wrong password) for `client`. */
  hit(client: string): void {
    const recent = this.recent(client);
    recent.push(this.now());
    this.hits.set(client, recent);
    if (this.hits.size > 10_000) this.prune(this.now());
  }

  /** True when `client` has used up its allowance within the window (counts nothing). */
  isOver(client: string): boolean {
    return this.recent(client).length >= this.limit;
  }

  private recent(client: string): number[] {
    const now = this.now();
    return (this.hits.get(client) ?? []).filter((t) => now - t < this.windowMs);
  }

  /** Seconds until the oldest counted request leaves the window. */
  retryAfter(client: string): number {
    const oldest = this.recent(client)[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  private prune(now: number): void {
    for (const [client, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(client);
    }
  }
}
