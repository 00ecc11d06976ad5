// Whether the page is inside the platform's theme editor. The theme says so in its bootstrap
// (request.design_mode); the platform's content_for_header says so too (Shopify.designMode).
import { bootstrap } from '../bootstrap';

/** True inside the theme editor: the page then never navigates, jumps language or takes focus. */
export function inDesignMode(): boolean {
  if (typeof window === 'undefined') return false;
  const shopify = (window as { Shopify?: { designMode?: unknown } }).Shopify;
  return shopify?.designMode === true || bootstrap().designMode;
}
