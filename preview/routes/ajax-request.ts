import type { FastifyRequest } from 'fastify';

/**
 * Whether a cart call without `.js` comes from a script that reads the answer, and so gets the
 * Ajax API's JSON rather than the native form's redirect: the platform answers JSON when the
 * request says it accepts JSON or JavaScript, or that it is an XMLHttpRequest. Dawn posts its
 * product form to `routes.cart_add_url` (`/cart/add`) with `Accept: application/javascript` and
 * `X-Requested-With: XMLHttpRequest`, and `/cart/change` and `/cart/update` with
 * `Accept: application/json`. A browser's own form post accepts `text/html…, *\/*` and gets the page.
 */
export function asksForScriptAnswer(request: FastifyRequest): boolean {
  const requestedWith = request.headers['x-requested-with'];
  if (typeof requestedWith === 'string' && requestedWith.toLowerCase() === 'xmlhttprequest') return true;
  const accept = request.headers.accept ?? '';
  return accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some((type) => type === 'application/json' || type === 'application/javascript' || type === 'text/javascript');
}
