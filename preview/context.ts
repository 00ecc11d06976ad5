import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Liquid } from 'liquidjs';
import type { Store } from './store/types.js';
import type { DropContext } from './platform/drops.js';
import type { PageMatch } from './routes/pages.js';
import type { Session } from './platform/globals.js';
import type { FormResult } from './liquid/context.js';
import type { CustomerAccounts } from './platform/customers.js';
import type { AccountMode } from './platform/account-mode.js';
import type { PageCache } from './page-cache.js';
import type { RenderTurns } from './render-turns.js';
import type { CompressedBodies } from './compressed-bodies.js';

/** What every route of the preview shares: the store, the theme, sessions and rendering. */
export interface PreviewContext {
  themeDir: string;
  storeDir: string;
  liquid: Liquid;
  store(): Store;
  /** Which customer accounts the shop has: today's (hosted) or legacy (the theme's templates). */
  accounts: AccountMode;
  /** Every page renders as inside the theme editor (PREVIEW_DESIGN_MODE=1). */
  designMode: boolean;
  /** Customer accounts: a mutable copy of the fixtures, kept while the preview runs. */
  customers: CustomerAccounts;
  drops(language: string, currency?: string): DropContext;
  session(request: FastifyRequest, reply: FastifyReply): Session;
  /** The browser's session if it has one already (never creates one). */
  existingSession(request: FastifyRequest): Session | undefined;
  /** The browser's session under a new id (sign-in): the old id no longer finds it. */
  renewSession(request: FastifyRequest, reply: FastifyReply): Session;
  /** The clock of throttles and link expiry (a test may move it). */
  now(): number;
  /**
   * This shop's origin as the browser addressed it (scheme, Host, port; a configured proxy's
   * X-Forwarded-Proto and -Host), checked on arrival: only hosts the preview serves (origin.ts).
   */
  origin(request: FastifyRequest): string;
  /** Rendered pages that are the same for every guest (page-cache.ts). */
  pageCache: PageCache;
  /** Page and section renders, one at a time with other requests answered between (render-turns.ts). */
  renderTurns: RenderTurns;
  /** Theme assets and cached pages compressed once per encoding, as the CDN keeps them. */
  compressedBodies: CompressedBodies;
  renderMatch(request: FastifyRequest, reply: FastifyReply, page: PageRequest): Promise<FastifyReply>;
  renderNotFound(request: FastifyRequest, reply: FastifyReply, language: string): Promise<FastifyReply>;
  /** A line for the developer running the preview (reset links); console by default. */
  log(line: string): void;
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
