import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { CartError, cartJson, updateCart } from '../platform/cart.js';
import { notice } from '../platform/notices.js';
import { formatMoney } from '../liquid/money.js';
import { escapeHtml } from '../liquid/escape.js';
import { plainPage } from './plain-page.js';
import { formBody } from './return-to.js';
import { nestedField } from './cart.js';
import type { Session } from '../platform/globals.js';

// POST /cart: the cart form's native submit. On the platform it applies `updates` and, with
// `checkout` (the spec's checkout action), sends the shopper to the platform's checkout, which is
// no part of a theme. The preview answers with a short page in the shop's language saying so.
export function registerCheckoutRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  app.post(`${prefix}/cart`, async (request: FastifyRequest, reply: FastifyReply) => {
    const store = preview.store();
    const session = preview.session(request, reply);
    const body = formBody(request);
    try {
      updateCart(store, session.cart, language, { updates: nestedField(body, 'updates'), note: body['note'], attributes: nestedField(body, 'attributes') });
    } catch (error) {
      if (error instanceof CartError) return reply.status(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
      throw error;
    }
    const cart = cartJson({ store, language, localePrefix: prefix }, session.cart);
    // An empty bag, or a post without the checkout action, goes back to the bag (platform behaviour).
    if (Number(cart['item_count']) === 0 || body['checkout'] === undefined) return reply.redirect(`${prefix}/cart`, 302);
    return checkoutPage(reply, preview, session, language, prefix);
  });

  // Where a cart permalink without `storefront=true` sends the shopper (and the platform's own
  // `/checkout` address): the same page, or the bag when it is empty.
  app.get(`${prefix}/checkout`, async (request: FastifyRequest, reply: FastifyReply) => {
    const session = preview.session(request, reply);
    if (session.cart.lines.length === 0) return reply.redirect(`${prefix}/cart`, 302);
    return checkoutPage(reply, preview, session, language, prefix);
  });
}

function checkoutPage(reply: FastifyReply, preview: PreviewContext, session: Session, language: string, prefix: string): FastifyReply {
  const store = preview.store();
  const cart = cartJson({ store, language, localePrefix: prefix }, session.cart);
  const count = Number(cart['item_count']);
  const format = store.shop.money_with_currency_format[session.currency] ?? '{{amount}}';
  const total = formatMoney(cart['total_price'], format);
  const html = plainPage(
    language,
    notice(language, 'checkout.title'),
    `<p>${escapeHtml(notice(language, 'checkout.body'))}</p>` +
      `<p data-checkout-summary>${escapeHtml(notice(language, 'checkout.summary', { count, total }))}</p>` +
      `<p><a href="${escapeHtml(prefix)}/">${escapeHtml(notice(language, 'checkout.back'))}</a> · <a href="${escapeHtml(prefix)}/?rightSidebar=cart">${escapeHtml(notice(language, 'checkout.bag'))}</a></p>`,
  );
  return reply.header('content-language', language).type('text/html; charset=utf-8').send(html);
}
