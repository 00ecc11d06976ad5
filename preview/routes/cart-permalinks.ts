import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { addItems, CartError, newCart, updateCart, MAX_CART_LINES } from '../platform/cart.js';
import { cartErrorPage, nestedField } from './cart.js';

// Cart permalinks (shopify.dev, "Create cart permalinks"): `/cart/<variant_id>:<quantity>,…`
// loads a cart with exactly those items and sends the shopper to checkout, or with
// `storefront=true` to the online store's cart page. Query parameters the link may carry:
// `note`, `attributes[<name>]=<value>`, `discount=<code>` (applied at checkout, kept as the
// platform's `discount_code` cookie), and checkout-only ones (`checkout[email]`, `payment`,
// `ref`, `access_token`) that the cart does not hold. A link naming a variant the shop does not
// sell, or one sold out, gets the cart's error page and leaves the shopper's cart as it was.

const ITEM = /^(\d{1,18}):(\d{1,9})$/;

type Item = { id: string; quantity: string };

/** The items of a permalink's path segment, or null when it is not one (`/cart/foo`, `/cart/1:`). */
export function permalinkItems(segment: string): Item[] | null {
  const parts = segment.split(',');
  if (parts.length > MAX_CART_LINES) return null;
  const items: Item[] = [];
  for (const part of parts) {
    const match = ITEM.exec(part.trim());
    if (!match) return null;
    items.push({ id: match[1]!, quantity: match[2]! });
  }
  return items;
}

/** Query parameters as a form post names them (`attributes[gift]`), one value each. */
function queryFields(request: FastifyRequest): Record<string, unknown> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const fields: Record<string, unknown> = {};
  for (const [key, value] of query) fields[key] = value;
  return fields;
}

export function registerCartPermalinkRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  app.get(`${prefix}/cart/:items`, async (request: FastifyRequest, reply: FastifyReply) => {
    const items = permalinkItems((request.params as { items: string }).items);
    if (!items) return preview.renderNotFound(request, reply, language);
    const store = preview.store();
    const session = preview.session(request, reply);
    const fields = queryFields(request);
    // Built apart and put in place only when every item could be added: a bad link changes nothing.
    const cart = newCart(session.cart.token, session.cart.currency);
    cart.note = session.cart.note;
    cart.attributes = { ...session.cart.attributes };
    try {
      addItems(store, cart, language, items);
      updateCart(store, cart, language, {
        note: fields['note'],
        attributes: nestedField(fields, 'attributes'),
      });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      return cartErrorPage(reply, error, language, prefix);
    }
    session.cart.lines = cart.lines;
    session.cart.note = cart.note;
    session.cart.attributes = cart.attributes;
    const discount = fields['discount'];
    if (typeof discount === 'string' && discount.trim()) {
      reply.setCookie('discount_code', discount.trim().slice(0, 255), { path: '/', sameSite: 'lax', httpOnly: false });
    }
    return reply.redirect(fields['storefront'] === 'true' ? `${prefix}/cart` : `${prefix}/checkout`, 302);
  });
}
