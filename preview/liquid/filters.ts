import { createHash, createHmac } from 'node:crypto';
import type { Context, Liquid } from 'liquidjs';

type FilterFn = (this: { context: Context }, value: unknown, ...args: unknown[]) => unknown;
import { escapeHtml, platformJson } from './escape.js';
import { formatMoney, MoneyDrop } from './money.js';
import { requestOf } from './context.js';
import { translate } from './translate.js';
import { colorFilters } from './colors.js';
import { fontFilters } from './fonts.js';
import { platformFilters } from './platform-filters.js';
import { handleize } from './handleize.js';
import { documentedFilters } from './platform-docs.js';
import { noteImageUrl } from './image-tag.js';

const MAX_IMAGE_WIDTH = 5760;

const ESCAPE_ONCE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

interface ImageLike {
  src?: string;
  url?: string;
  width?: number;
  height?: number;
  alt?: string;
}

function imageSrc(input: unknown): string | null {
  if (!input) return null;
  if (typeof input === 'string') return input;
  const image = input as ImageLike & { featured_image?: ImageLike; preview_image?: ImageLike };
  if (image.src) return String(image.src);
  // A product, variant or collection is an image source through its featured image; its own
  // `url` is a page, never an image.
  if ('featured_image' in image) return imageSrc(image.featured_image);
  if ('preview_image' in image) return imageSrc(image.preview_image);
  if (image.url) return String(image.url);
  return null;
}

const CROPS = ['top', 'center', 'bottom', 'left', 'right', 'region'];
const REGION_SIDES = ['crop_left', 'crop_top', 'crop_width', 'crop_height'] as const;

/** image_url's `crop` (and, for `region`, its rectangle) as URL parameters the CDN reads. */
function imageCrop(options: Record<string, unknown>): Record<string, string | number | undefined> {
  const crop = options['crop'];
  if (crop === undefined || crop === null || crop === '') return {};
  if (!CROPS.includes(String(crop))) throw new Error(`image_url: crop must be one of ${CROPS.join(', ')}`);
  if (crop !== 'region') return { crop: String(crop) };
  const sides: Record<string, number> = {};
  for (const name of REGION_SIDES) {
    const value = Number(options[name]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`image_url: crop: 'region' needs a whole ${name}`);
    sides[name] = value;
  }
  return { crop: 'region', ...sides };
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
  // The common case, a store file and whole numbers, without URLSearchParams: a list index of
  // 250 products calls this for every card, and parsing a query each time showed in profiles.
  if (!url.includes('?') && Object.values(params).every((v) => v === undefined || (typeof v === 'number' && Number.isInteger(v)))) {
    const pairs = Object.entries(params).filter(([, v]) => v !== undefined);
    return pairs.length ? `${url}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : url;
  }
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
    image_url(this: { context: Context }, input: unknown, ...args: unknown[]) {
      const options = namedArgs(args);
      const src = imageSrc(input);
      if (!src) return '';
      const width = Number(options['width'] ?? 0);
      const height = Number(options['height'] ?? 0);
      if (!Number.isFinite(width) || !Number.isFinite(height) || width < 0 || height < 0)
        throw new Error('image_url: width and height must be positive numbers');
      // Without a size the platform answers the image at its own size, as themes use in srcset.
      const url = withQuery(src, {
        width: width ? Math.min(width, MAX_IMAGE_WIDTH) : undefined,
        height: height ? Math.min(height, MAX_IMAGE_WIDTH) : undefined,
        ...imageCrop(options),
      });
      noteImageUrl(this.context, url, input);
      return url;
    },
    // An order's amounts keep their own currency (MoneyDrop); other amounts are in the shopper's.
    money(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, minor instanceof MoneyDrop ? minor.format : requestOf(this.context).moneyFormat);
    },
    money_with_currency(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, minor instanceof MoneyDrop ? minor.withCurrencyFormat : requestOf(this.context).moneyWithCurrencyFormat);
    },
    money_without_currency(minor: unknown) {
      return formatMoney(minor, '{{amount}}');
    },
    money_without_trailing_zeros(this: { context: Context }, minor: unknown) {
      return formatMoney(minor, minor instanceof MoneyDrop ? minor.format : requestOf(this.context).moneyFormat).replace(/[.,]00(?=\D*$)/, '');
    },
    // The platform's escape_once (Liquid's Ruby) leaves every entity alone, numeric ones too;
    // liquidjs's own escapes &#91; again.
    escape_once(value: unknown) {
      return String(value ?? '').replace(/["'<>]|&(?!(?:[a-zA-Z]+|#\d+);)/g, (c) => ESCAPE_ONCE[c] ?? c);
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
      // The platform prints the form-level message as is and a field's as "Field message.".
      const list = Array.isArray(errors) ? (errors as unknown[]) : [];
      if (!list.length) return '';
      const { messages = {}, translated_fields: fields = {} } = errors as { messages?: Record<string, string>; translated_fields?: Record<string, string> };
      const items = list
        .map((key) => {
          const field = String(key);
          const message = messages[field] ?? field;
          if (field === 'form' || !fields[field]) return message;
          const sentence = `${capitalize(fields[field])} ${message}`;
          return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
        })
        .map((m) => `<li>${escapeHtml(m)}</li>`)
        .join('');
      return `<div class="errors"><ul>${items}</ul></div>`;
    },
    structured_data(input: unknown) {
      const data = (input as { toStructuredData?: () => unknown } | null)?.toStructuredData?.();
      return data ? `<script type="application/ld+json">${platformJson(data)}</script>` : '';
    },
    pluralize(count: unknown, singular: unknown, plural: unknown) {
      return Number(count) === 1 ? String(singular) : String(plural);
    },
    camelize(value: unknown) {
      return String(value ?? '')
        .replace(/[-_\s]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
        .replace(/^./, (c) => c.toUpperCase());
    },
    md5(value: unknown) {
      return createHash('md5')
        .update(String(value ?? ''))
        .digest('hex');
    },
    sha1(value: unknown) {
      return createHash('sha1')
        .update(String(value ?? ''))
        .digest('hex');
    },
    hmac_sha1(value: unknown, secret: unknown) {
      return createHmac('sha1', String(secret ?? ''))
        .update(String(value ?? ''))
        .digest('hex');
    },
    base64_url_safe_encode(value: unknown) {
      return Buffer.from(String(value ?? '')).toString('base64url');
    },
    base64_url_safe_decode(value: unknown) {
      return Buffer.from(String(value ?? ''), 'base64url').toString('utf8');
    },
    highlight(value: unknown, terms: unknown) {
      // Search terms come from the shopper: escaped for the pattern, never treated as markup.
      const text = String(value ?? '');
      const words = String(terms ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => escapeHtml(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      if (!words.length) return text;
      return text.replace(new RegExp(`(${words.join('|')})`, 'giu'), '<strong class="highlight">$1</strong>');
    },
    time_tag(this: { context: Context }, value: unknown, ...args: unknown[]) {
      const date = new Date(String(value ?? ''));
      if (Number.isNaN(date.getTime())) return '';
      const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
      const named = namedArgs(args);
      // A positional strftime string, or format: one of the shop's date formats (in its language).
      const positional = args.find((a) => typeof a === 'string') as string | undefined;
      const datetime = typeof named['datetime'] === 'string' ? strftime(date, named['datetime']) : iso;
      const language = requestOf(this.context).language;
      const label = positional !== undefined ? strftime(date, positional) : namedDateFormat(date, named['format'], language);
      const attrs = Object.entries(named)
        .filter(([k]) => k !== 'format' && k !== 'datetime')
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join('');
      return `<time datetime="${escapeHtml(datetime)}"${attrs}>${escapeHtml(label)}</time>`;
    },
    format_address(address: unknown) {
      if (!address || typeof address !== 'object') return '';
      const a = address as Record<string, unknown>;
      const line = (...keys: string[]): string =>
        keys
          .map((k) => String(a[k] ?? '').trim())
          .filter(Boolean)
          .join(' ');
      const lines = [
        line('first_name', 'last_name'),
        line('company'),
        line('address1'),
        line('address2'),
        line('city', 'province_code', 'zip'),
        line('country'),
      ].filter(Boolean);
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    },
    default_pagination(paginate: unknown) {
      const p = paginate as {
        previous?: { url: string; title: string } | null;
        next?: { url: string; title: string } | null;
        parts?: { title: string; url: string; is_link: boolean }[];
      } | null;
      if (!p) return '';
      const out: string[] = [];
      if (p.previous) out.push(`<span class="prev"><a href="${escapeHtml(p.previous.url)}">${p.previous.title}</a></span>`);
      for (const part of p.parts ?? []) {
        if (part.is_link) out.push(`<span class="page"><a href="${escapeHtml(part.url)}">${escapeHtml(part.title)}</a></span>`);
        else if (part.title === '&hellip;') out.push('<span class="deco">&hellip;</span>');
        else out.push(`<span class="page current">${escapeHtml(part.title)}</span>`);
      }
      if (p.next) out.push(`<span class="next"><a href="${escapeHtml(p.next.url)}">${p.next.title}</a></span>`);
      return out.join(' ');
    },
    preload_tag(url: unknown, ...args: unknown[]) {
      const options = namedArgs(args);
      const as = String(options['as'] ?? '');
      return `<link href="${escapeHtml(url)}" rel="preload" as="${escapeHtml(as)}"${as === 'font' ? ' crossorigin="anonymous"' : ''}>`;
    },
    file_url(this: { context: Context }, file: unknown) {
      return `/cdn/shop/files/${encodeURIComponent(String(file ?? ''))}`;
    },
    customer_login_link(this: { context: Context }, label: unknown) {
      return `<a href="${escapeHtml(prefixOf(this.context))}/account/login" id="customer_login_link">${escapeHtml(label)}</a>`;
    },
    customer_logout_link(this: { context: Context }, label: unknown) {
      return `<a href="${escapeHtml(prefixOf(this.context))}/account/logout" id="customer_logout_link">${escapeHtml(label)}</a>`;
    },
    customer_register_link(this: { context: Context }, label: unknown) {
      return `<a href="${escapeHtml(prefixOf(this.context))}/account/register" id="customer_register_link">${escapeHtml(label)}</a>`;
    },
    url_for_type(this: { context: Context }, type: unknown) {
      return `${prefixOf(this.context)}/collections/types?q=${encodeURIComponent(String(type ?? ''))}`;
    },
    url_for_vendor(this: { context: Context }, vendor: unknown) {
      return `${prefixOf(this.context)}/collections/vendors?q=${encodeURIComponent(String(vendor ?? ''))}`;
    },
    sort_by(url: unknown, value: unknown) {
      return withQuery(String(url ?? ''), { sort_by: String(value ?? '') });
    },
    weight_with_unit(grams: unknown, unit?: unknown) {
      const value = Number(grams) || 0;
      return unit === 'kg' ? `${(value / 1000).toString()} kg` : `${value} g`;
    },
    item_count_for_variant(cart: unknown, variantId: unknown) {
      const items = (cart as { items?: { variant_id?: number; quantity?: number }[] } | null)?.items ?? [];
      return items.filter((i) => String(i.variant_id) === String(variantId)).reduce((sum, i) => sum + (i.quantity ?? 0), 0);
    },
    metafield_text(metafield: unknown) {
      const value = (metafield as { value?: unknown } | null)?.value ?? metafield;
      return escapeHtml(Array.isArray(value) ? value.join(', ') : (value ?? ''));
    },
  };
  const themeDir = (liquid.options as unknown as { themeDir: string }).themeDir;
  // The platform's date also takes `format:` with one of the shop's named date formats.
  const strftimeDate = liquid.filters['date'] as unknown as FilterFn;
  filters['date'] = function (this: { context: Context }, value: unknown, ...args: unknown[]) {
    const named = namedArgs(args);
    if (named['format'] === undefined) return strftimeDate.call(this, value, ...args);
    const date = value === 'now' || value === 'today' ? new Date() : new Date(typeof value === 'number' ? value * 1000 : String(value ?? ''));
    if (Number.isNaN(date.getTime())) return value;
    return namedDateFormat(date, named['format'], requestOf(this.context).language);
  };
  const all: Record<string, FilterFn> = {
    ...filters,
    ...(colorFilters as Record<string, FilterFn>),
    ...(fontFilters(namedArgs) as Record<string, FilterFn>),
    ...platformFilters(themeDir),
  };
  for (const [name, impl] of Object.entries(all)) liquid.registerFilter(name, impl);
  // Strict as the platform: a filter it does not document (liquidjs's own extras such as
  // `jsonify` or `group_by`) is an unknown filter here too.
  const documented = documentedFilters();
  for (const name of Object.keys(liquid.filters)) if (!documented.has(name)) delete liquid.filters[name];
}

function capitalize(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

/** '' in the primary language, '/en' in English: the prefix of the page's storefront URLs. */
function prefixOf(ctx: Context): string {
  return requestOf(ctx).rootUrl.replace(/\/$/, '');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The platform's named date formats (time_tag's and date's `format:`), per language. */
const DATE_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  abbreviated_date: { month: 'short', day: 'numeric', year: 'numeric' },
  basic: { month: 'numeric', day: 'numeric', year: 'numeric' },
  date: { month: 'long', day: 'numeric', year: 'numeric' },
  date_at_time: { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  default: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  on_date: { month: 'long', day: 'numeric', year: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  long: { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  month_day_year: { month: 'long', day: 'numeric', year: 'numeric' },
};

export function namedDateFormat(date: Date, format: unknown, language: string): string {
  const name = format === undefined || format === null ? 'default' : String(format);
  const options = DATE_FORMATS[name];
  if (!options) throw new Error(`unknown date format '${name}' (the platform's are ${Object.keys(DATE_FORMATS).join(', ')})`);
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date);
}

/** The strftime subset time_tag formats use (%d %b %B %Y %m %H %M %a %A %e %y). */
function strftime(date: Date, format: string): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const map: Record<string, string> = {
    d: pad(date.getUTCDate()),
    e: String(date.getUTCDate()),
    m: pad(date.getUTCMonth() + 1),
    Y: String(date.getUTCFullYear()),
    y: pad(date.getUTCFullYear() % 100),
    b: MONTHS[date.getUTCMonth()]!.slice(0, 3),
    B: MONTHS[date.getUTCMonth()]!,
    a: DAYS[date.getUTCDay()]!.slice(0, 3),
    A: DAYS[date.getUTCDay()]!,
    H: pad(date.getUTCHours()),
    M: pad(date.getUTCMinutes()),
    '%': '%',
  };
  return format.replace(/%([a-zA-Z%])/g, (whole, c: string) => map[c] ?? whole);
}
