import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { MAX_DISCOUNT_CODES, parseDiscountCodes } from '../platform/discounts.js';
import { safePath } from './return-to.js';

// The platform's shareable discount link: GET /discount/<code> puts the code on the shopper's
// cart (the cart then shows whether it applies) and sends her on to `redirect`, a path of the
// shop, or the home page.

export function registerDiscountRoutes(app: FastifyInstance, preview: PreviewContext, prefix: string): void {
  app.get(`${prefix}/discount/:code`, (request: FastifyRequest, reply: FastifyReply) => {
    const { code = '' } = request.params as { code?: string };
    const cart = preview.session(request, reply).cart;
    const [entered] = parseDiscountCodes(code);
    if (entered && !cart.discountCodes.some((c) => c.toUpperCase() === entered.toUpperCase()) && cart.discountCodes.length < MAX_DISCOUNT_CODES) {
      cart.discountCodes = [...cart.discountCodes, entered];
    }
    const redirect = safePath((request.query as Record<string, unknown>)['redirect']);
    return reply.redirect(redirect ?? (prefix || '/'), 302);
  });
}
