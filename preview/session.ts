import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newCart } from './platform/cart.js';
import type { Session } from './platform/globals.js';
import { clientKey } from './platform/rate-limit.js';

export const SESSION_COOKIE = '_preview_session';
/** Sessions kept of each kind (empty guests, bags, signed-in customers), the least recently used going first. */
export const MAX_SESSIONS = 10_000;
/** Bags one client address may hold: a flood of adds from one address evicts only its own bags. */
export const MAX_BAGS_PER_CLIENT = 1_000;
/** Sessions one customer may be signed in with: signing in again and again evicts only her own. */
export const MAX_SESSIONS_PER_CUSTOMER = 100;
const RETIRED_FOR_MS = 60_000;
const COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

type Kind = 'guest' | 'bag' | 'customer';

/** What a session holds that a flood of new visitors must not take: a sign-in, or a bag. */
function kindOf(session: Session): Kind {
  if (session.customerId !== null) return 'customer';
  const cart = session.cart;
  return cart.lines.length > 0 || cart.note !== '' || Object.keys(cart.attributes).length > 0 ? 'bag' : 'guest';
}

/**
 * Sessions of one kind, least recently used first, with a quota per owner (a client address, a
 * customer): past it, the owner's own least recently used session goes, not someone else's.
 */
class SessionPool {
  private sessions = new Map<string, { session: Session; owner: string }>();
  private owned = new Map<string, Set<string>>();

  constructor(
    private readonly limit: number,
    private readonly perOwner: number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The session, now the most recently used, in the pool and among its owner's. */
  use(id: string): Session | undefined {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    this.sessions.delete(id);
    this.sessions.set(id, entry);
    const ids = this.owned.get(entry.owner);
    ids?.delete(id);
    ids?.add(id);
    return entry.session;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  add(session: Session, owner: string): void {
    this.delete(session.id);
    const ids = this.owned.get(owner) ?? new Set<string>();
    if (ids.size >= this.perOwner) this.delete(ids.values().next().value!);
    if (this.sessions.size >= this.limit) this.delete(this.sessions.keys().next().value!);
    this.sessions.set(session.id, { session, owner });
    ids.add(session.id);
    this.owned.set(owner, ids);
  }

  delete(id: string): void {
    const entry = this.sessions.get(id);
    if (!entry) return;
    this.sessions.delete(id);
    const ids = this.owned.get(entry.owner);
    ids?.delete(id);
    if (ids && ids.size === 0) this.owned.delete(entry.owner);
  }
}

type WithSession = FastifyRequest & { previewSession?: Session };

/**
 * Carts and sign-ins, one per browser (cookie), held in memory while the preview runs. Each kind
 * is bounded apart: a flood of cookie-less requests makes empty guest sessions, and evicts only
 * other empty guest sessions, never a signed-in customer or a bag with something in it.
 */
export class Sessions {
  private pools: Record<Kind, SessionPool> = {
    guest: new SessionPool(MAX_SESSIONS, Number.POSITIVE_INFINITY),
    bag: new SessionPool(MAX_SESSIONS, MAX_BAGS_PER_CLIENT),
    customer: new SessionPool(MAX_SESSIONS, MAX_SESSIONS_PER_CUSTOMER),
  };
  /**
   * Ids given up at sign-in. A request the page sent before the sign-in still carries one; it is
   * answered as a guest but sets no cookie, or its answer would overwrite the new id in the
   * browser and sign the shopper out again. After a minute nothing sent earlier is still on its
   * way, and a browser that still has the old id (it never got the answer) starts afresh.
   */
  private retired = new Map<string, number>();
  constructor(private defaultCurrency: string) {}

  /** How many sessions are kept of each kind. */
  counts(): Record<Kind, number> {
    return { guest: this.pools.guest.size, bag: this.pools.bag.size, customer: this.pools.customer.size };
  }

  /** The browser's session if it already has one; never creates one. */
  peek(request: FastifyRequest): Session | undefined {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || !/^[a-f0-9]{32}$/.test(id)) return undefined;
    const session = this.pools.customer.use(id) ?? this.pools.bag.use(id) ?? this.pools.guest.use(id);
    // Remembered, so that what the request changes in it (a sign-out) settles it afterwards.
    if (session) (request as WithSession).previewSession = session;
    return session;
  }

  /** The same session (cart, currency) under a fresh id, as at sign-in; the old cookie finds nothing. */
  renew(request: FastifyRequest, reply: FastifyReply): Session {
    const session = this.get(request, reply);
    this.forget(session.id);
    this.retire(session.id);
    session.id = randomBytes(16).toString('hex');
    this.keep(request, session);
    (request as WithSession).previewSession = session;
    reply.setCookie(SESSION_COOKIE, session.id, COOKIE_OPTIONS);
    return session;
  }

  get(request: FastifyRequest, reply: FastifyReply): Session {
    // One request may ask several times: the session made for it is remembered on the request.
    const made = (request as WithSession).previewSession;
    if (made) return made;
    const existing = this.peek(request);
    if (existing) return existing;
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      cart: newCart(randomBytes(16).toString('hex'), this.defaultCurrency),
      customerId: null,
      currency: this.defaultCurrency,
    };
    (request as WithSession).previewSession = session;
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie && (this.retired.get(cookie) ?? 0) > Date.now() - RETIRED_FOR_MS) return session;
    this.keep(request, session);
    reply.setCookie(SESSION_COOKIE, session.id, COOKIE_OPTIONS);
    return session;
  }

  /**
   * After a request: its session moves to the pool of what it now holds (signed in, a bag, or
   * neither). A session that was never kept (a late request of a retired id) stays unkept.
   */
  settle(request: FastifyRequest): void {
    const session = (request as WithSession).previewSession;
    if (!session) return;
    const kind = kindOf(session);
    if (this.pools[kind].has(session.id)) return;
    const kept = (['guest', 'bag', 'customer'] as const).some((other) => this.pools[other].has(session.id));
    if (kept) this.keep(request, session);
  }

  private keep(request: FastifyRequest, session: Session): void {
    this.forget(session.id);
    const kind = kindOf(session);
    this.pools[kind].add(session, kind === 'customer' ? `customer:${session.customerId}` : clientKey(request.ip));
  }

  private forget(id: string): void {
    for (const pool of Object.values(this.pools)) pool.delete(id);
  }

  private retire(id: string): void {
    if (this.retired.size >= MAX_SESSIONS) {
      const oldest = this.retired.keys().next().value;
      if (oldest) this.retired.delete(oldest);
    }
    this.retired.set(id, Date.now());
  }
}
