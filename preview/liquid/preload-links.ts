import type { Context } from 'liquidjs';
import { requestOf, type RenderRequest } from './context.js';

// Resources a page asks the browser to fetch early, which the platform sends as `Link:
// <url>; rel=preload` headers with the page (image_tag's `preload: true`): collected while the
// page renders, read by the server when it answers.

const linksByRender = new WeakMap<RenderRequest, string[]>();

/** The platform keeps a page's Link header short; more preloads than this are not sent. */
const MAX_PRELOAD_LINKS = 20;

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** Adds an image preload (with its srcset and sizes, as `imagesrcset`/`imagesizes`). */
export function preloadImage(ctx: Context, url: string, srcset: string | null, sizes: string | null): void {
  const request = requestOf(ctx);
  let links = linksByRender.get(request);
  if (!links) {
    links = [];
    linksByRender.set(request, links);
  }
  if (links.length >= MAX_PRELOAD_LINKS) return;
  // A header value holds no line breaks (the URL's are encoded; srcset and sizes are the theme's words).
  const clean = (text: string) => text.replace(/[\r\n]+/g, ' ');
  let link = `<${url.replace(/[<>\s"]/g, encodeURIComponent)}>; rel=preload; as=image`;
  if (srcset) link += `; imagesrcset=${quoted(clean(srcset))}`;
  if (sizes) link += `; imagesizes=${quoted(clean(sizes))}`;
  if (!links.includes(link)) links.push(link);
}

/** The Link header value for a render's preloads, or null when it asked for none. */
export function preloadHeader(request: RenderRequest): string | null {
  const links = linksByRender.get(request);
  return links?.length ? links.join(', ') : null;
}
