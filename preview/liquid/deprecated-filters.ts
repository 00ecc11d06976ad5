import type { Context } from 'liquidjs';
import { escapeHtml } from './escape.js';
import { parseColor } from './colors.js';
import { requestOf } from './context.js';

// Filters the platform's docs list as deprecated but a shop still answers, for themes written
// before their successors: img_url and its resource forms (image_url), img_tag (image_tag),
// hex_to_rgba (color_modify), currency_selector (the localization form).

type FilterThis = { context: Context };
type Filter = (this: FilterThis, input: unknown, ...args: unknown[]) => unknown;

const MAX_SIZE = 5760;

/** img_url's named sizes, each a square box the image is fitted in. */
const NAMED_SIZES: Record<string, number> = {
  pico: 16,
  icon: 32,
  thumb: 50,
  small: 100,
  compact: 160,
  medium: 240,
  large: 480,
  grande: 600,
  original: 1024,
  '1024x1024': 1024,
  '2048x2048': 2048,
};

interface Source {
  src: string;
  alt: string;
}

/** An image URL or object, or a resource through its featured image. */
function sourceOf(input: unknown): Source | null {
  if (!input) return null;
  if (typeof input === 'string') return { src: input, alt: '' };
  if (typeof input !== 'object') return null;
  const image = input as { src?: unknown; alt?: unknown; featured_image?: unknown; preview_image?: unknown };
  if (typeof image.src === 'string' && image.src) return { src: image.src, alt: String(image.alt ?? '') };
  if ('featured_image' in image) return sourceOf(image.featured_image);
  if ('preview_image' in image) return sourceOf(image.preview_image);
  return null;
}

function namedOf(args: unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const arg of args) if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') named[arg[0]] = arg[1];
  return named;
}

/** The box a size names: 'large', '480x', 'x300', '300x200'; 'master' is the file itself. */
function sizeBox(size: unknown): { width?: number; height?: number } {
  const text = size === undefined || size === null ? 'small' : String(size).trim().toLowerCase();
  if (text === 'master') return {};
  const named = NAMED_SIZES[text];
  if (named) return { width: named, height: named };
  const match = /^(\d*)x(\d*)$/.exec(text);
  if (!match || (!match[1] && !match[2])) throw new Error(`img_url: invalid size '${String(size)}' (a named size, or WIDTHxHEIGHT, WIDTHx, xHEIGHT, master)`);
  return { width: match[1] ? Number(match[1]) : undefined, height: match[2] ? Number(match[2]) : undefined };
}

/** img_url in the preview's CDN addresses: the file with the box as width/height (fitted inside). */
function imgUrl(input: unknown, size: unknown, named: Record<string, unknown>): string {
  const source = sourceOf(input);
  if (!source) return '';
  const box = sizeBox(size);
  const scale = named['scale'] === undefined ? 1 : Number(named['scale']);
  if (![1, 2, 3].includes(scale)) throw new Error('img_url: scale must be 2 or 3');
  const params = new URLSearchParams();
  if (box.width) params.set('width', String(Math.min(box.width * scale, MAX_SIZE)));
  if (box.height) params.set('height', String(Math.min(box.height * scale, MAX_SIZE)));
  const crop = named['crop'];
  if (crop !== undefined && crop !== null && crop !== '') {
    if (!['top', 'center', 'bottom', 'left', 'right'].includes(String(crop))) throw new Error('img_url: crop must be top, center, bottom, left or right');
    params.set('crop', String(crop));
  }
  const query = params.toString();
  if (!query) return source.src;
  return `${source.src}${source.src.includes('?') ? '&' : '?'}${query}`;
}

function alphaText(alpha: number): string {
  return Number.isInteger(alpha) ? alpha.toFixed(1) : String(alpha);
}

export function deprecatedFilters(): Record<string, Filter> {
  const img_url: Filter = (input, size, ...args) => imgUrl(input, size, namedOf(args));
  return {
    img_url,
    product_img_url: img_url,
    collection_img_url: img_url,
    article_img_url: img_url,
    img_tag(input, alt, className) {
      const source = sourceOf(input);
      if (!source) return '';
      const src = typeof input === 'string' ? input : imgUrl(input, 'small', {});
      const altText = alt === undefined || alt === null ? source.alt : String(alt);
      const cls = className === undefined || className === null || className === '' ? '' : ` class="${escapeHtml(className)}"`;
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(altText)}"${cls} />`;
    },
    hex_to_rgba(input, alpha) {
      const color = parseColor(input);
      if (!color) throw new Error(`hex_to_rgba: invalid color '${String(input)}'`);
      const a = alpha === undefined || alpha === null ? 1 : Number(alpha);
      if (!Number.isFinite(a) || a < 0 || a > 1) throw new Error('hex_to_rgba: alpha must be between 0 and 1');
      return `rgba(${color.r}, ${color.g}, ${color.b}, ${alphaText(a)})`;
    },
    currency_selector(this: FilterThis, _form, ...args) {
      const request = requestOf(this.context);
      const named = namedOf(args);
      const currencies = request.drops?.store.shop.currencies ?? [];
      const attrs = ['class', 'id'].filter((k) => named[k]).map((k) => ` ${k}="${escapeHtml(named[k])}"`);
      const options = currencies
        .map(
          (c) =>
            `<option value="${escapeHtml(c.iso_code)}"${c.iso_code === request.currency ? ' selected="selected"' : ''}>${escapeHtml(`${c.iso_code} ${c.symbol}`)}</option>`,
        )
        .join('');
      return `<select${attrs.join('')} name="currency">${options}</select>`;
    },
  };
}
