import type { FastifyInstance } from 'fastify';
import type { PreviewContext } from '../context.js';
import { PredictiveSearchDrop, predictiveJson, predictiveQuery } from '../platform/predictive-search.js';

/** GET /search/suggest.json: the Predictive Search API's JSON (422 for a parameter it refuses). */
export function registerPredictiveSearchRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  app.get(`${prefix}/search/suggest.json`, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const drops = preview.drops(language, preview.session(request, reply).currency);
    const drop = new PredictiveSearchDrop(drops, predictiveQuery(query));
    return reply.type('application/json; charset=utf-8').send(predictiveJson(drop));
  });
}
