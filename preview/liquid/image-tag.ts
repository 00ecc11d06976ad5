import { toValue, type Context } from 'liquidjs';
import { escapeHtml } from './escape.js';
import { requestOf, type RenderRequest } from './context.js';
import { preloadImage } from './preload-links.js';
import { merchantFocalPoint } from '../platform/focal-point.js';

// The platform's image_tag (shopify.dev, Liquid filters: image_tag), for the URL image_url gives:
// - `width` and `height` attributes from the size the URL's image has (its width, height and
//   crop applied to the file's size, never enlarged, as the CDN serves it); the `width:` and
//   `height:` parameters override them, nil leaves one out, and given only one, only that one;
// - `srcset` of the platform's default widths up to the URL's width (352, 832, 1200, 1920, 2880,
//   3840, 4800, 5760), or of `widths:`, skipping widths beyond the file's; `srcset:` replaces
//   it, nil leaves it out; `sizes:` is printed as given;
// - `alt`: the image's alt text (the resource's title when it has none), or `alt:`;
// - `loading="lazy"` by itself for sections further down the page, unless `preload` or `loading:`
//   is given; `preload` is no attribute: the page is answered with a `Link: rel=preload` header
//   for the image (preload-links.ts);
// - any other parameter as an attribute.

/** The platform's default srcset widths. */
const DEFAULT_WIDTHS = [352, 832, 1200, 1920, 2880, 3840, 4800, 5760];

/** Sections of a template from this place on are "further down the page" and load lazily. */
const FIRST_LAZY_SECTION = 4;

/** What image_url knew of the image behind a URL: image_tag sees only the string. */
export interface ImageFacts {
  width: number;
  height: number;
  alt: string;
  /** The focal point the merchant set ("X% Y%"), written into the image's object-position. */
  focalPoint: string | null;
}

const factsByRender = new WeakMap<RenderRequest, Map<string, ImageFacts>>();

interface ImageLike {
  src?: unknown;
  width?: unknown;
  height?: unknown;
  alt?: unknown;
  featured_image?: unknown;
  preview_image?: unknown;
  presentation?: { focal_point?: unknown };
}

/** The image object an image_url input stands for: an image, or a resource's featured image. */
function imageOf(input: unknown): ImageLike | null {
  if (!input || typeof input !== 'object') return null;
  const image = input as ImageLike;
  if (image.src && Number(image.width) > 0) return image;
  if ('featured_image' in image) return imageOf(image.featured_image);
  if ('preview_image' in image) return imageOf(image.preview_image);
  return null;
}

/** Called by image_url: keeps the file's size and alt for an image_tag on the URL it returns. */
export function noteImageUrl(ctx: Context, url: string, input: unknown): void {
  const image = imageOf(input);
  if (!image || !url) return;
  const request = requestOf(ctx);
  let facts = factsByRender.get(request);
  if (!facts) {
    facts = new Map<string, ImageFacts>();
    factsByRender.set(request, facts);
  }
  facts.set(url, {
    width: Number(image.width),
    height: Number(image.height),
    alt: String(image.alt ?? ''),
    focalPoint: merchantFocalPoint(image.presentation?.focal_point),
  });
}

function factsOf(ctx: Context, url: string): ImageFacts | undefined {
  return factsByRender.get(requestOf(ctx))?.get(url);
}

interface UrlSize {
  width?: number;
  height?: number;
  crop?: string;
  region?: { width: number; height: number };
}

function urlSize(url: string): UrlSize {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const number = (name: string): number | undefined => {
    const value = Number(query.get(name));
    return query.has(name) && Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const crop = query.get('crop') ?? undefined;
  const region = crop === 'region' ? { width: number('crop_width') ?? 1, height: number('crop_height') ?? 1 } : undefined;
  return { width: number('width'), height: number('height'), crop, region };
}

/** The size the CDN answers the URL with, for a file of `file` size (store/images.ts does the same). */
export function servedSize(file: { width: number; height: number }, size: UrlSize): { width: number; height: number } {
  const base = size.region ? { width: Math.min(size.region.width, file.width), height: Math.min(size.region.height, file.height) } : file;
  const { width: w, height: h } = size;
  if (size.crop && size.crop !== 'region' && w !== undefined && h !== undefined) {
    const scale = Math.min(1, base.width / w, base.height / h);
    return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
  }
  const scale = Math.min(1, w === undefined ? 1 : w / base.width, h === undefined ? 1 : h / base.height);
  return { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
}

function withWidth(url: string, width: number, size: UrlSize): string {
  const [path, search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  query.set('width', String(width));
  // A URL with both sides keeps its shape at every width; one with a height only is the same
  // image at each width (the height would cap them).
  if (size.width !== undefined && size.height !== undefined) query.set('height', String(Math.max(1, Math.round((size.height * width) / size.width))));
  else query.delete('height');
  return `${path}?${query}`;
}

function parseWidths(value: unknown): number[] {
  const widths = String(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  if (widths.some((w) => !Number.isInteger(w) || w <= 0)) throw new Error('image_tag: widths must be a comma-separated list of whole numbers');
  return widths;
}

function srcsetOf(url: string, size: UrlSize, facts: ImageFacts | undefined, servedWidth: number | undefined, widths: unknown): string | null {
  const fileWidth = facts ? (size.region ? Math.min(size.region.width, facts.width) : facts.width) : undefined;
  let list: number[];
  if (widths !== undefined && widths !== null) list = parseWidths(widths);
  else {
    const largest = size.width ?? servedWidth;
    if (largest === undefined) return null;
    list = [...DEFAULT_WIDTHS.filter((w) => w < largest), largest];
  }
  const kept = [...new Set(list.filter((w) => fileWidth === undefined || w <= fileWidth))].sort((a, b) => a - b);
  return kept.length ? kept.map((w) => `${withWidth(url, w, size)} ${w}w`).join(', ') : null;
}

/** Whether the section being rendered sits further down the page than the first screens. */
function furtherDown(ctx: Context): boolean {
  const section = ctx.getSync(['section']) as { index?: unknown; location?: unknown } | undefined;
  if (!section || typeof section !== 'object') return false;
  if (section.location === 'footer') return true;
  return section.location === 'template' && typeof section.index === 'number' && section.index >= FIRST_LAZY_SECTION;
}

function attribute(name: string, value: unknown): string {
  return value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
}

export function imageTag(ctx: Context, input: unknown, parameters: Record<string, unknown>): string {
  const url = String(input ?? '');
  // `nil` arrives as liquidjs's nil drop: read it as null, as every other value as itself.
  const named = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, toValue(v) as unknown]));
  if (!url) return '';
  const size = urlSize(url);
  const facts = factsOf(ctx, url);
  const served = facts ? servedSize(facts, size) : { width: size.width, height: size.height };
  const hasWidth = 'width' in named;
  const hasHeight = 'height' in named;
  // Given one of them, only that one is printed (the docs' rule).
  const width = hasWidth || hasHeight ? named['width'] : served.width;
  const height = hasWidth || hasHeight ? named['height'] : served.height;
  const srcset = 'srcset' in named ? named['srcset'] : srcsetOf(url, size, facts, facts ? served.width : undefined, named['widths']);
  const alt = 'alt' in named ? (named['alt'] ?? '') : (facts?.alt ?? '');
  const preload = named['preload'] === true || named['preload'] === 'true';
  const loading = 'loading' in named ? named['loading'] : !preload && furtherDown(ctx) ? 'lazy' : undefined;
  if (preload)
    preloadImage(ctx, url, typeof srcset === 'string' ? srcset : null, named['sizes'] === undefined || named['sizes'] === null ? null : String(named['sizes']));
  const handled = new Set(['width', 'height', 'srcset', 'widths', 'alt', 'preload', 'loading', 'sizes', 'style']);
  let html = `<img src="${escapeHtml(url)}"${attribute('alt', alt)}`;
  if (srcset !== undefined && srcset !== null && srcset !== '') html += attribute('srcset', srcset);
  if (named['sizes'] !== undefined && named['sizes'] !== null) html += attribute('sizes', named['sizes']);
  if (width !== undefined && width !== null) html += attribute('width', width);
  if (height !== undefined && height !== null) html += attribute('height', height);
  if (loading !== undefined && loading !== null) html += attribute('loading', loading);
  // The merchant's focal point stays in view however the theme crops the image (the docs' tip).
  const style = [facts?.focalPoint ? `object-position:${facts.focalPoint};` : '', named['style'] ?? ''].join('');
  if (style) html += attribute('style', style);
  for (const [name, value] of Object.entries(named)) {
    if (handled.has(name) || value === undefined || value === null || value === false) continue;
    html += attribute(name, value);
  }
  return `${html}>`;
}
