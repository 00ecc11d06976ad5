import type { Context } from 'liquidjs';
import type { DropContext } from '../platform/drops.js';

// Request facts the platform tags and filters need but that Liquid cannot see. They travel
// in the render's globals under a name no theme would use.
export interface RenderRequest {
  language: string; // 'uk' | 'en'
  primaryLanguage: string;
  rootUrl: string; // '/' or '/en/'
  currency: string;
  moneyFormat: string;
  moneyWithCurrencyFormat: string;
  query: URLSearchParams;
  path: string;
  translations: Record<string, unknown>;
  fallbackTranslations: Record<string, unknown>;
  assetVersion: (file: string) => string;
  /** What a POST of a platform form left for the page that renders it again. */
  formResults: Record<string, FormResult | undefined>;
  /** all_products answers at most 20 unique handles a page, as on the platform. */
  allProductsSeen: Set<string>;
  sectionCounter: { value: number };
  /** The store and language the page's objects are made for (settings resolve resources with it). */
  drops?: DropContext;
  /** Rendering as inside the theme editor: sections and blocks carry the editor's data attributes. */
  designMode?: boolean;
  /** Set by {% layout %}: undefined means the default layout, null means none. */
  layout?: string | null;
}

export interface FormResult {
  errors: { field: string; message: string; translatedField: string }[];
  postedSuccessfully: boolean;
  values: Record<string, string>;
}

export const REQUEST_KEY = '__preview_request';

export function requestOf(ctx: Context): RenderRequest {
  const globals = ctx.globals as Record<string, unknown>;
  const request = globals[REQUEST_KEY];
  if (!request) throw new Error('render without preview request');
  return request as RenderRequest;
}
