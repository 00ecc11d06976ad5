import { isIP } from 'node:net';

/** Clients a limiter keeps counts for at most: past it, the one counted longest ago is forgotten. */
export const MAX_COUNTED_CLIENTS = 10_000;

/**
 * Who a client is, for counting: its IPv4 address, or the /64 of its IPv6 address, the block a
 * single host or home network is given and can take any address in (one address each would let
 * it start afresh at will).
 */
export function clientKey(address: string | undefined): string {
  const bare = (address ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIP(bare) !== 6) return `ip:${bare}`;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (…:1.2.3.4) is two groups.
  const backGroups = back.length && back.at(-1)!.includes('.') ? back.length + 1 : back.length;
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - backGroups)).fill('0'), ...back];
  return `ip:${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

// A sliding-window counter: the preview's stand-in for the platform's throttling of password
// recovery (spec §8 expects HTTP 429 once a client sends too many) and of wrong passwords.
export class RateLimiter {
  private hits = new Map<string, number[]>();

  /** How many clients it keeps counts for (at most MAX_COUNTED_CLIENTS). */
  get size(): number {
    return this.hits.size;
  }

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
    // Last in the map's order: the clients counted longest ago come first.
    this.hits.delete(client);
    this.hits.set(client, recent);
    if (this.hits.size > MAX_COUNTED_CLIENTS) this.prune(this.now());
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
    // The map is in the order clients were last counted: those whose window has passed come
    // first, then, in a flood of clients all within the window, the ones counted longest ago,
    // forgotten so that memory stays bounded (a client only behind ten thousand others).
    for (const [client, times] of this.hits) {
      const expired = times.every((t) => now - t >= this.windowMs);
      if (!expired && this.hits.size <= MAX_COUNTED_CLIENTS) break;
      this.hits.delete(client);
    }
  }
}
