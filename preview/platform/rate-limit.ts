// A sliding-window counter: the preview's stand-in for the platform's throttling of password
// recovery (spec §8 expects HTTP 429 once a client sends too many).
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** Counts one request from `client`; true when it is over the limit within the window. */
  exceeded(client: string): boolean {
    const now = this.now();
    const recent = (this.hits.get(client) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.hits.set(client, recent);
    if (this.hits.size > 10_000) this.prune(now);
    return recent.length > this.limit;
  }

  /** Seconds until the oldest counted request leaves the window. */
  retryAfter(client: string): number {
    const oldest = this.hits.get(client)?.[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  private prune(now: number): void {
    for (const [client, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(client);
    }
  }
}
