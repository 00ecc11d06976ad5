import type { FastifyRequest } from 'fastify';

// Where a form post may send the browser next. Only paths of this shop: an absolute URL, a
// protocol-relative `//host`, a backslash or a control character could lead off-site (or
// confuse a browser into doing so), so they are never followed.
const MAX_LENGTH = 2000;

export function safePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  return raw;
}

/** The path and query of a same-site Referer, or null. */
export function refererPath(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    // Compared as URLs, so a default port written out (localhost:80) still matches.
    if (!request.host || url.host !== new URL(`http://${request.host}`).host) return null;
    return safePath(url.pathname + url.search);
  } catch {
    return null;
  }
}

/** return_to as the platform reads it: a path of this shop, or `back` (the Referer), else the fallback. */
export function returnTarget(request: FastifyRequest, raw: unknown, fallback: string): string {
  if (raw === 'back') return refererPath(request) ?? fallback;
  return safePath(raw) ?? fallback;
}

/** Form bodies arrive as objects (urlencoded, multipart, JSON); anything else reads as empty. */
export function formBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** One text field of a form body (the first value if it was sent twice); '' when absent. */
export function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : typeof first === 'number' ? String(first) : '';
}
