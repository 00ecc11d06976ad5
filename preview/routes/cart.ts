import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { addItems, CartError, cartJson, changeLine, lineJson, updateCart } from '../platform/cart.js';
import { notice } from '../platform/notices.js';
import { parseSectionList } from '../liquid/section-rendering.js';
import { SESSION_COOKIE } from '../session.js';
import { refererPath, returnTarget, safePath } from './return-to.js';
import { plainPage } from './plain-page.js';
import { escapeHtml } from '../liquid/escape.js';
import { asksForScriptAnswer } from './ajax-request.js';

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Body;
  if (body === undefined || body === null || body === '') return {};
  throw new CartError(400, { status: 'bad_request', message: 'Invalid request body', description: 'Invalid request body' });
}

/** Form posts name nested fields `items[0][id]`, `updates[123]` or `updates[]`; JSON posts send objects. */
export function nestedField(body: Body, name: string): unknown {
  if (name in body) return body[name];
  const list = body[`${name}[]`];
  if (list !== undefined) return Array.isArray(list) ? list : [list];
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

/** items[0][id]=…&items[0][quantity]=… (a form post) as the array a JSON post sends. */
function formItems(body: Body): unknown[] | undefined {
  const keys = Object.keys(body).filter((k) => /^items\[\d+\]\[\w+\]$/.test(k));
  if (!keys.length) return undefined;
  const items: Record<string, unknown>[] = [];
  for (const key of keys) {
    const [, index, name] = /^items\[(\d+)\]\[(\w+)\]$/.exec(key)!;
    const i = Number(index);
    if (i >= 1000) continue;
    (items[i] ??= {})[name!] = body[key];
  }
  return items.filter(Boolean);
}

function itemsOf(body: Body): { list: unknown[]; explicit: boolean } {
  if (Array.isArray(body['items'])) return { list: body['items'], explicit: true };
  if (body['items'] !== undefined)
    throw new CartError(400, { status: 'bad_request', message: 'items must be an array', description: 'items must be an array' });
  const fromForm = formItems(body);
  if (fromForm) return { list: fromForm, explicit: true };
  return {
    list: [{ id: body['id'], quantity: body['quantity'], properties: nestedField(body, 'properties'), selling_plan: body['selling_plan'] }],
    explicit: false,
  };
}

export function registerCartRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const cartContext = () => ({ store: preview.store(), language, localePrefix: prefix });
  const cartOf = (request: FastifyRequest, reply: FastifyReply) => preview.session(request, reply).cart;

  /**
   * Bundled section rendering [CART]: `sections` (≤ 5) rendered after the change, in the context
   * of `sections_url` or the Referer page. The page is rendered by the preview itself (the
   * Section Rendering API on that URL), with this browser's session.
   */
  async function bundledSections(request: FastifyRequest, reply: FastifyReply, body: Body): Promise<Record<string, string | null> | undefined> {
    if (body['sections'] === undefined || body['sections'] === '') return undefined;
    const parsed = parseSectionList(body['sections']);
    if ('error' in parsed) throw new CartError(400, { status: 'bad_request', message: parsed.error, description: parsed.error });
    const rawUrl = body['sections_url'];
    const url = rawUrl === undefined || rawUrl === '' ? (refererPath(request) ?? `${prefix}/`) : safePath(rawUrl);
    if (!url)
      throw new CartError(400, {
        status: 'bad_request',
        message: 'sections_url must be a path starting with /',
        description: 'sections_url must be a path starting with /',
      });
    const [path, search = ''] = url.split('#')[0]!.split('?');
    const query = new URLSearchParams(search);
    query.delete('section_id');
    query.set('sections', parsed.ids.join(','));
    const session = preview.session(request, reply);
    const response = await app.inject({
      method: 'GET',
      url: `${path}?${query}`,
      headers: { cookie: `${SESSION_COOKIE}=${session.id}`, host: request.host || '127.0.0.1' },
    });
    if (response.statusCode !== 200) return Object.fromEntries(parsed.ids.map((id) => [id, null]));
    return response.json<Record<string, string | null>>();
  }

  const handle =
    (
      run: (request: FastifyRequest, reply: FastifyReply) => Record<string, unknown> | Promise<Record<string, unknown>>,
      htmlRedirect?: string | ((request: FastifyRequest) => string),
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isAjax = request.url.split('?')[0]!.endsWith('.js') || asksForScriptAnswer(request);
      try {
        const result = await run(request, reply);
        if (!isAjax && htmlRedirect) {
          const target = typeof htmlRedirect === 'function' ? htmlRedirect(request) : `${prefix}${htmlRedirect}`;
          return reply.redirect(target, 302);
        }
        if (isAjax && request.method === 'POST') {
          const sections = await bundledSections(request, reply, bodyOf(request));
          if (sections) result['sections'] = sections;
        }
        return reply.type('application/json; charset=utf-8').send(result);
      } catch (error) {
        if (error instanceof CartError) {
          // A native form (no JavaScript) gets a page in the shop's language that says what
          // went wrong and leads back to the bag, as the platform's cart error page does.
          if (!isAjax) return cartErrorPage(reply, error, language, prefix);
          return reply.status(error.statusCode).type('application/json; charset=utf-8').send(error.body);
        }
        throw error;
      }
    };

  app.get(
    `${prefix}/cart.js`,
    handle((request, reply) => cartJson(cartContext(), cartOf(request, reply))),
  );
  app.get(
    `${prefix}/cart.json`,
    handle((request, reply) => cartJson(cartContext(), cartOf(request, reply))),
  );

  const add = handle((request, reply) => {
    const cart = cartOf(request, reply);
    const body = bodyOf(request);
    const { list, explicit } = itemsOf(body);
    const lines = addItems(preview.store(), cart, language, list);
    const items = lines.map((l) => lineJson(cartContext(), cart, l)).filter((l): l is Record<string, unknown> => !!l);
    // A single-item post without `items` answers with the bare line, as the platform does.
    return explicit ? { items } : items[0]!;
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

  const update = handle(
    (request, reply) => {
      const session = preview.session(request, reply);
      const body = bodyOf(request);
      // The currency form posts here with form_type=currency.
      if (body['form_type'] === 'currency' || body['currency'] !== undefined) {
        const iso = String(body['currency'] ?? '')
          .trim()
          .toUpperCase();
        if (!preview.store().shop.currencies.some((c) => c.iso_code === iso)) {
          throw new CartError(422, {
            status: 422,
            message: 'Cart Error',
            description: notice(language, 'unsupported_currency', { currency: iso.slice(0, 10) || '?' }),
          });
        }
        session.currency = iso;
        session.cart.currency = iso;
      }
      updateCart(preview.store(), session.cart, language, {
        updates: nestedField(body, 'updates'),
        note: body['note'],
        attributes: nestedField(body, 'attributes'),
        discount: body['discount'],
      });
      return cartJson(cartContext(), session.cart);
    },
    (request) => returnTarget(request, ((request.body ?? {}) as Body)['return_to'], `${prefix}/cart`),
  );
  app.post(`${prefix}/cart/update.js`, update);
  app.post(`${prefix}/cart/update`, update);

  // Clearing keeps the note and attributes [CART].
  const clear = handle((request, reply) => {
    const cart = cartOf(request, reply);
    cart.lines = [];
    return cartJson(cartContext(), cart);
  }, '/cart');
  app.post(`${prefix}/cart/clear.js`, clear);
  app.post(`${prefix}/cart/clear`, clear);
  app.get(`${prefix}/cart/clear`, clear);
}

/** The platform's cart error page: what went wrong, in the shop's language, and the way back to the bag. */
export function cartErrorPage(reply: FastifyReply, error: CartError, language: string, prefix: string): FastifyReply {
  const body = `<p>${escapeHtml(error.message)}</p><p><a href="${prefix}/cart">${escapeHtml(notice(language, 'back_to_cart'))}</a></p>`;
  return reply
    .status(error.statusCode)
    .header('content-language', language)
    .type('text/html; charset=utf-8')
    .send(plainPage(language, notice(language, 'cart_error'), body));
}
