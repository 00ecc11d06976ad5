import type { Context, Liquid } from 'liquidjs';

type FilterFn = (this: { context: Context }, value: unknown, ...args: unknown[]) => unknown;
import { escapeHtml, platformJson } from './escape.js';
import { formatMoney } from './money.js';
import { requestOf } from './context.js';
import { translate } from './translate.js';

const MAX_IMAGE_WIDTH = 5760;

interface ImageLike { src?: string; url?: string; width?: number; height?: number; alt?: string }

function imageSrc(input: unknown): string | null {
  if (!input) return null;
  if (typeof input === 'string') return input;
  const image = input as ImageLike & { featured_image?: ImageLike };
  if (image.src) return String(image.src);
  if (image.url) return String(image.url);
  if (image.featured_image) return imageSrc(image.featured_image);
  return null;
}

export function handleize(value: unknown): string {
  return String(value ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['"]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** liquidjs hands keyword arguments (`width: 500`) to filters as [name, value] pairs. */
export function namedArgs(args: unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') named[arg[0]] = arg[1];
  }
  return named;
}

function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const [path, query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const text = search.toString();
  return text ? `${path}?${text}` : String(path);
}

export function registerFilters(liquid: Liquid): void {
  const filters: Record<string, FilterFn> = {
    json(value: unknown) {
      return platformJson(value);
    },
    t(this: { context: Context }, key: unknown, ...args: unknown[]) {
      return translate(requestOf(this.context), String(key), namedArgs(args));
    },
    asset_url(this: { context: Context }, file: unknown) {
      const name = String(file);
      return `/cdn/shop/t/1/assets/${name}?v=${requestOf(this.context).assetVersion(name)}`;
    },
    asset_img_url(this: { context: Context }, file: unknown) {
      return `/cdn/shop/t/1/assets/${String(file)}`;
    },
    image_url(input: unknown, ...args: unknown[]) {
      const options = namedArgs(args);
      const src = imageSrc(input);
      if (!src) return '';
      const width = Number(options['width'] ?? 0);
      const height = Number(options['height'] ?? 0);
      if (!width && !height) throw new Error('image_url: a width or height is required');
      return withQuery(src, {
        width: width ? Math.min(width, MAX_IMAGE_WIDTH) : undefined,
        height: height ? Math.min(height, MAX_IMAGE_WIDTH) : undefined,
      });
    },
    image_tag(url: unknown, ...args: unknown[]) {
      const attrs = Object.entries(namedArgs(args))
        .filter(([, v]) => v !== undefined && v !== null && v !== false)
        .map(([k, v]) => (v === true ? k : `${k}="${escapeHtml(v)}"`));
      return `<img src="${escapeHtml(url)}" ${attrs.join(' ')}>`;
    },
    money(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, requestOf(this.context).moneyFormat);
    },
    money_with_currency(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, requestOf(this.context).moneyWithCurrencyFormat);
    },
    money_without_currency(minor: unknown) {
      return formatMoney(minor, '{{amount}}');
    },
    money_without_trailing_zeros(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, requestOf(this.context).moneyFormat).replace(/[.,]00(?=\D*$)/, '');
    },
    handleize,
    handle: handleize,
    stylesheet_tag(url: unknown) {
      return `<link href="${escapeHtml(url)}" rel="stylesheet" type="text/css" media="all" />`;
    },
    script_tag(url: unknown) {
      return `<script src="${escapeHtml(url)}" type="text/javascript"></script>`;
    },
    link_to(text: unknown, url: unknown, title?: unknown) {
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(url)}"${titleAttr}>${String(text ?? '')}</a>`;
    },
    within(url: unknown, collection: unknown) {
      const handle = (collection as { handle?: string } | null)?.handle;
      const path = String(url ?? '');
      return handle ? path.replace(/^(\/en)?\/products\//, `$1/collections/${handle}/products/`) : path;
    },
    url_escape(value: unknown) {
      return encodeURI(String(value ?? '')).replace(/[&?#]/g, encodeURIComponent);
    },
    url_param_escape(value: unknown) {
      return encodeURIComponent(String(value ?? ''));
    },
    default_errors(errors: unknown) {
      const list = Array.isArray(errors) ? (errors as { message?: string }[]) : [];
      if (!list.length) return '';
      const items = list
        .map((e) => (errors as { messages?: Record<string, string> }).messages?.[String(e)] ?? String(e))
        .map((m) => `<li>${escapeHtml(m)}</li>`)
        .join('');
      return `<div class="errors"><ul>${items}</ul></div>`;
    },
    structured_data(input: unknown) {
      const data = (input as { toStructuredData?: () => unknown } | null)?.toStructuredData?.();
      return data ? `<script type="application/ld+json">${platformJson(data)}</script>` : '';
    },
    placeholder_svg_tag(name: unknown, className?: unknown) {
      const cls = className ? ` class="${escapeHtml(className)}"` : '';
      return `<svg${cls} role="presentation" aria-hidden="true" viewBox="0 0 2 3" data-placeholder="${escapeHtml(name)}"></svg>`;
    },
    pluralize(count: unknown, singular: unknown, plural: unknown) {
      return Number(count) === 1 ? String(singular) : String(plural);
    },
  };
  for (const [name, impl] of Object.entries(filters)) liquid.registerFilter(name, impl);
}
