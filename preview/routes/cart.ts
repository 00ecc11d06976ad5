import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { addItems, CartError, cartJson, changeLine, lineJson, updateCart } from '../platform/cart.js';

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Body;
  if (body === undefined || body === null || body === '') return {};
  throw new CartError(400, { status: 'bad_request', message: 'Invalid request body', description: 'Invalid request body' });
}

/** Form posts name nested fields `items[0][id]` or `updates[123]`; JSON posts send objects. */
export function nestedField(body: Body, name: string): unknown {
  if (name in body) return body[name];
  const prefix = `${name}[`;
  const keys = Object.keys(body).filter((k) => k.startsWith(prefix));
  if (!keys.length) return undefined;
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    const inner = key.slice(prefix.length).replace(/\]$/, '');
    result[inner] = body[key];
  }
  return result;
}

function itemsOf(body: Body): { id: unknown; quantity?: unknown; properties?: unknown }[] {
  if (Array.isArray(body['items'])) {
    const items = body['items'] as unknown[];
    if (!items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
      throw new CartError(400, { status: 'bad_request', message: 'items must be objects', description: 'items must be objects' });
    }
    return items as { id: unknown }[];
  }
  if (body['items'] !== undefined) throw new CartError(400, { status: 'bad_request', message: 'items must be an array', description: 'items must be an array' });
  return [{ id: body['id'], quantity: body['quantity'], properties: nestedField(body, 'properties') }];
}

export function registerCartRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const cartContext = () => ({ store: preview.store(), language, localePrefix: prefix });
  const cartOf = (request: FastifyRequest, reply: FastifyReply) => preview.session(request, reply).cart;

  const handle = (run: (request: FastifyRequest, reply: FastifyReply) => unknown, htmlRedirect?: string | ((request: FastifyRequest) => string)) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isAjax = request.url.split('?')[0]!.endsWith('.js');
      try {
        const result = run(request, reply);
        if (!isAjax && htmlRedirect) {
          const target = typeof htmlRedirect === 'function' ? htmlRedirect(request) : `${prefix}${htmlRedirect}`;
          return reply.redirect(target, 302);
        }
        return reply.type('application/json; charset=utf-8').send(result);
      } catch (error) {
        if (error instanceof CartError) {
          if (!isAjax) return reply.status(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
          return reply.status(error.statusCode).type('application/json; charset=utf-8').send(error.body);
        }
        throw error;
      }
    };

  app.get(`${prefix}/cart.js`, handle((request, reply) => cartJson(cartContext(), cartOf(request, reply))));
  app.get(`${prefix}/cart.json`, handle((request, reply) => cartJson(cartContext(), cartOf(request, reply))));

  const add = handle((request, reply) => {
    const cart = cartOf(request, reply);
    const body = bodyOf(request);
    const lines = addItems(preview.store(), cart, language, itemsOf(body));
    const items = lines.map((l) => lineJson(cartContext(), cart, l));
    // A single-item post without `items` answers with the bare line, as the platform does.
    return Array.isArray(body['items']) ? { items } : items[0];
  }, '/cart');
  app.post(`${prefix}/cart/add.js`, add);
  app.post(`${prefix}/cart/add`, add);

  const change = handle((request, reply) => {
    const cart = cartOf(request, reply);
    const input = request.method === 'GET' ? (request.query as Body) : bodyOf(request);
    changeLine(preview.store(), cart, language, input);
    return cartJson(cartContext(), cart);
  }, '/cart');
  for (const path of ['/cart/change', '/cart/change.js']) {
    app.post(`${prefix}${path}`, change);
    app.get(`${prefix}${path}`, change);
  }

  const update = handle((request, reply) => {
    const session = preview.session(request, reply);
    const body = bodyOf(request);
    // The currency form posts here with form_type=currency.
    if (body['form_type'] === 'currency' || body['currency']) {
      const iso = String(body['currency'] ?? '').toUpperCase();
      if (!preview.store().shop.currencies.some((c) => c.iso_code === iso)) {
        throw new CartError(422, { status: 422, message: 'Cart Error', description: 'Unsupported currency' });
      }
      session.currency = iso;
      session.cart.currency = iso;
    }
    updateCart(preview.store(), session.cart, language, { updates: nestedField(body, 'updates'), note: body['note'], attributes: nestedField(body, 'attributes') });
    return cartJson(cartContext(), session.cart);
  }, (request) => {
    // return_to must stay on this shop: a path, never another origin.
    const returnTo = ((request.body ?? {}) as Body)['return_to'];
    return typeof returnTo === 'string' && /^\/(?!\/)/.test(returnTo) && !returnTo.includes('\\') ? returnTo : `${prefix}/cart`;
  });
  app.post(`${prefix}/cart/update.js`, update);
  app.post(`${prefix}/cart/update`, update);

  app.post(`${prefix}/cart/clear.js`, handle((request, reply) => {
    const cart = cartOf(request, reply);
    cart.lines = [];
    return cartJson(cartContext(), cart);
  }));
  app.post(`${prefix}/cart/clear`, handle((request, reply) => {
    cartOf(request, reply).lines = [];
    return {};
  }, '/cart'));
}
