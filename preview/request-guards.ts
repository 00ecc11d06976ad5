import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkOrigin, type ServedHosts } from './origin.js';

// What every request passes before a route sees it: an origin this preview serves, and, for the
// forms that change who is signed in or what an account holds, a post from this shop's own pages.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A form another site's page must not post (a forged sign-in): refused with 403. */
    sameSiteOnly?: boolean;
  }
}

/** Route options of a form only this shop's pages may post. */
export const SAME_SITE_ONLY = { config: { sameSiteOnly: true } } as const;

const origins = new WeakMap<FastifyRequest, string>();

/** The request's origin, checked on arrival (guardRequests); loopback for one that never arrived. */
export function originOf(request: FastifyRequest): string {
  return origins.get(request) ?? `${request.protocol === 'https' ? 'https' : 'http'}://127.0.0.1`;
}

export function guardRequests(app: FastifyInstance, served: ServedHosts): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const checked = checkOrigin(request, served);
    if ('error' in checked) {
      const message = checked.error === 'host' ? 'The Host header is not valid.' : 'The forwarded scheme is not valid.';
      await reply.status(400).type('text/plain; charset=utf-8').send(message);
      return;
    }
    origins.set(request, checked.origin);
    // Keyed on the route the router matched, so any spelling of its address it answers
    // (percent-encoded letters, a trailing slash) is guarded as the plain one is.
    if (request.routeOptions.config.sameSiteOnly && isCrossSite(request)) {
      await reply.status(403).type('text/plain; charset=utf-8').send('This form can only be sent from this shop.');
    }
  });
}

// Browsers name the page's origin in Origin (and say cross-site in Sec-Fetch-Site); a client that
// sends neither is not a browser on another site.
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== new URL(originOf(request)).host;
  } catch {
    return true; // `null` (a sandboxed or data: page) or garbage: not this shop
  }
}
