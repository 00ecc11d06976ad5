import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Liquid } from 'liquidjs';
import type { Store } from './store/types.js';
import type { DropContext } from './platform/drops.js';
import type { PageMatch } from './routes/pages.js';
import type { Session } from './platform/globals.js';
import type { FormResult } from './liquid/context.js';

/** What every route of the preview shares: the store, the theme, sessions and rendering. */
export interface PreviewContext {
  themeDir: string;
  storeDir: string;
  liquid: Liquid;
  store(): Store;
  drops(language: string, currency?: string): DropContext;
  session(request: FastifyRequest, reply: FastifyReply): Session;
  renderMatch(request: FastifyRequest, reply: FastifyReply, page: PageRequest): Promise<FastifyReply>;
  renderNotFound(request: FastifyRequest, reply: FastifyReply, language: string): Promise<FastifyReply>;
}

export interface PageRequest {
  language: string;
  match: PageMatch;
  /** The storefront path without its locale prefix, e.g. '/products/wool-coat'. */
  path: string;
  drops: DropContext;
  /** What a failed or finished form post hands to the page that renders it again. */
  formResults?: Record<string, FormResult>;
  status?: number;
}
