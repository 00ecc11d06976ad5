import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { DEFAULT_LIMIT, INTENTS, MAX_LIMIT, recommendationsObject, recommendedProducts, type Intent } from '../platform/recommendations.js';
import { platformJson } from '../liquid/escape.js';

// GET /recommendations/products?section_id=&product_id=&limit=&intent= renders the named section
// with `recommendations`; /recommendations/products.json answers {intent, products} [REC].

function invalid(reply: FastifyReply, description: string): FastifyReply {
  return reply.status(422).type('application/json; charset=utf-8').send({ status: 422, message: 'Invalid parameter error', description });
}

function notFound(reply: FastifyReply, description: string): FastifyReply {
  return reply.status(404).type('application/json; charset=utf-8').send({ status: 404, message: 'Not Found', description });
}

export function registerRecommendationRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  const handler = (asJson: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const store = preview.store();
    const rawId = (query.get('product_id') ?? '').trim();
    if (!rawId) return invalid(reply, 'A product_id value is missing');
    if (!/^\d{1,18}$/.test(rawId)) return invalid(reply, 'The product_id parameter must be a product ID');
    const rawIntent = query.get('intent') ?? 'related';
    if (!(INTENTS as readonly string[]).includes(rawIntent)) return invalid(reply, 'The intent parameter must be one of related, complementary');
    const rawLimit = query.get('limit');
    const limit = rawLimit === null || rawLimit === '' ? DEFAULT_LIMIT : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return invalid(reply, `The limit parameter must be an integer from 1 to ${MAX_LIMIT}`);
    const product = store.productsById.get(Number(rawId));
    if (!product) return notFound(reply, 'Product not found');
    const intent = rawIntent as Intent;
    const session = preview.session(request, reply);
    const drops = preview.drops(language, session.currency);
    const inCart = new Set(session.cart.lines.map((line) => store.productByVariantId.get(line.variantId)?.id).filter((id): id is number => id !== undefined));
    const recommendations = recommendationsObject(drops, recommendedProducts(store, product, intent, limit, inCart), intent);
    if (asJson) {
      return reply.type('application/json; charset=utf-8').send(platformJson({ intent, products: recommendations.products }));
    }
    const sectionId = query.get('section_id');
    if (!sectionId) return notFound(reply, 'A section_id value is missing');
    // Rendered in the context of the product page, whose template decides which section type
    // `main-product` is; the section gets `recommendations`, not `product` (as on the platform).
    return preview.renderMatch(request, reply, {
      language,
      match: { template: 'product', pageType: 'product', objects: { recommendations } },
      path: '/recommendations/products',
      drops,
    });
  };
  app.get(`${prefix}/recommendations/products`, handler(false));
  app.get(`${prefix}/recommendations/products.json`, handler(true));
}
