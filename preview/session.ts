import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newCart } from './platform/cart.js';
import type { Session } from './platform/globals.js';

export const SESSION_COOKIE = '_preview_session';
const MAX_SESSIONS = 10_000;
const RETIRED_FOR_MS = 60_000;
const COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

/** Carts and sign-ins, one per browser (cookie), held in memory while the preview runs. */
export class Sessions {
  private sessions = new Map<string, Session>();
  /**
   * Ids given up at sign-in. A request the page sent before the sign-in still carries one; it is
   * answered as a guest but sets no cookie, or its answer would overwrite the new id in the
   * browser and sign the shopper out again. After a minute nothing sent earlier is still on its
   * way, and a browser that still has the old id (it never got the answer) starts afresh.
   */
  private retired = new Map<string, number>();
  constructor(private defaultCurrency: string) {}

  /** The browser's session if it already has one; never creates one. */
  peek(request: FastifyRequest): Session | undefined {
    const id = request.cookies[SESSION_COOKIE];
    return id && /^[a-f0-9]{32}$/.test(id) ? this.sessions.get(id) : undefined;
  }

  /** The same session (cart, currency) under a fresh id, as at sign-in; the old cookie finds nothing. */
  renew(request: FastifyRequest, reply: FastifyReply): Session {
    const session = this.get(request, reply);
    this.sessions.delete(session.id);
    this.retire(session.id);
    session.id = randomBytes(16).toString('hex');
    this.sessions.set(session.id, session);
    (request as FastifyRequest & { previewSession?: Session }).previewSession = session;
    reply.setCookie(SESSION_COOKIE, session.id, COOKIE_OPTIONS);
    return session;
  }

  get(request: FastifyRequest, reply: FastifyReply): Session {
    // One request may ask several times: the session made for it is remembered on the request.
    const made = (request as FastifyRequest & { previewSession?: Session }).previewSession;
    if (made) return made;
    const existing = this.peek(request);
    if (existing) {
      // Keep recently used sessions at the end so the oldest are dropped first.
      this.sessions.delete(existing.id);
      this.sessions.set(existing.id, existing);
      return existing;
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      cart: newCart(randomBytes(16).toString('hex'), this.defaultCurrency),
      customerId: null,
      currency: this.defaultCurrency,
    };
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie && (this.retired.get(cookie) ?? 0) > Date.now() - RETIRED_FOR_MS) {
      (request as FastifyRequest & { previewSession?: Session }).previewSession = session;
      return session;
    }
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest) this.sessions.delete(oldest);
    }
    this.sessions.set(session.id, session);
    (request as FastifyRequest & { previewSession?: Session }).previewSession = session;
    reply.setCookie(SESSION_COOKIE, session.id, COOKIE_OPTIONS);
    return session;
  }

  private retire(id: string): void {
    if (this.retired.size >= MAX_SESSIONS) {
      const oldest = this.retired.keys().next().value;
      if (oldest) this.retired.delete(oldest);
    }
    this.retired.set(id, Date.now());
  }
}
