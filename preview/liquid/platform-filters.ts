import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'liquidjs';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { escapeHtml, platformJson } from './escape.js';
import { formatMoney } from './money.js';
import { requestOf } from './context.js';
import { translate } from './translate.js';
import { handleize } from './handleize.js';
import { FORM_RESOURCE } from './tags.js';
import { imageTag } from './image-tag.js';
import { placeholderSvg } from './placeholder-svg.js';
import { deprecatedFilters } from './deprecated-filters.js';

// The platform's filters that need the request, the theme's files or the platform's own
// services. Where the real output comes from the platform's servers (payment buttons, Shop Pay),
// the preview prints the markup the storefront gets before the platform's script replaces it,
// with words a shopper can read, never an object or a blank.

type FilterThis = { context: Context };
type Filter = (this: FilterThis, input: unknown, ...args: unknown[]) => unknown;

/** inline_asset_content inlines assets under 15 KB, as the platform's docs say. */
const INLINE_ASSET_LIMIT = 15 * 1024;
const SAFE_ASSET = /^[\w.@-][\w.@ /-]*$/;

const PAYMENT_NAMES: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  american_express: 'American Express',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  shopify_pay: 'Shop Pay',
  maestro: 'Maestro',
  discover: 'Discover',
  diners_club: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'Union Pay',
  klarna: 'Klarna',
  bancontact: 'Bancontact',
  ideal: 'iDEAL',
};

const WORDS: Record<string, Record<string, string>> = {
  buy_now: { uk: 'Купити зараз', en: 'Buy it now' },
  more_options: { uk: 'Інші способи оплати', en: 'More payment options' },
  follow: { uk: 'Стежити в Shop', en: 'Follow on Shop' },
  sign_in: { uk: 'Увійти через Shop', en: 'Sign in with Shop' },
  tag_title: { uk: 'Показати товари з тегом', en: 'Show products matching tag' },
  remove_tag: { uk: 'Прибрати тег', en: 'Remove tag' },
};

function word(ctx: Context, key: string): string {
  const entry = WORDS[key]!;
  return entry[requestOf(ctx).language] ?? entry['en']!;
}

function prefix(ctx: Context): string {
  return requestOf(ctx).rootUrl.replace(/\/$/, '');
}

/** The shop's origin (request.origin), which an embedded player is told. */
function requestOrigin(ctx: Context): string {
  const request = lookup(ctx, 'request') as { origin?: unknown } | undefined;
  return typeof request?.origin === 'string' ? request.origin : '';
}

function lookup(ctx: Context, name: string): unknown {
  return ctx.getSync([name]);
}

function currentTags(ctx: Context): string[] {
  const tags = lookup(ctx, 'current_tags');
  return Array.isArray(tags) ? tags.map(String) : [];
}

/** The collection page a tag link belongs to: the current collection, or all products. */
function tagBase(ctx: Context): string {
  const collection = lookup(ctx, 'collection') as { url?: string } | undefined;
  return collection?.url ?? `${prefix(ctx)}/collections/all`;
}

function tagUrl(ctx: Context, tags: string[]): string {
  const base = tagBase(ctx);
  return tags.length ? `${base}/${tags.map((t) => encodeURIComponent(handleize(t))).join('+')}` : base;
}

interface MediaLike {
  media_type?: string;
  alt?: string;
  id?: number;
  host?: string;
  external_id?: string;
  sources?: { url: string; mime_type: string; format?: string }[];
  preview_image?: { src?: string; width?: number; height?: number } | null;
}

function mediaAttrs(args: unknown[], skip: string[] = []): string {
  return args
    .filter((a): a is [string, unknown] => Array.isArray(a) && a.length === 2 && typeof a[0] === 'string' && !skip.includes(a[0]))
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
    .join('');
}

function videoUrl(media: MediaLike, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  if (media.host === 'vimeo') return `https://player.vimeo.com/video/${encodeURIComponent(media.external_id ?? '')}${query ? `?${query}` : ''}`;
  return `https://www.youtube.com/embed/${encodeURIComponent(media.external_id ?? '')}${query ? `?${query}` : ''}`;
}

function namedOf(args: unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const arg of args) if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') named[arg[0]] = arg[1];
  return named;
}

function imageTagOf(media: MediaLike, args: unknown[]): string {
  const image = media.preview_image;
  if (!image?.src) return '';
  const width = image.width ?? 0;
  return `<img src="${escapeHtml(`${image.src}${image.src.includes('?') ? '&' : '?'}width=${Math.min(width || 1100, 1100)}`)}" alt="${escapeHtml(media.alt ?? '')}" width="${width}" height="${image.height ?? 0}"${mediaAttrs(args, ['image_size'])}>`;
}

/** A preview image's address at the size `image_size` asks for ('1100x', 'x800', '600x600'), else as it is. */
function sizedPreview(src: string, args: unknown[]): string {
  const size = String(namedOf(args)['image_size'] ?? '');
  const match = /^(\d*)x(\d*)$/.exec(size);
  if (!src || !match || (!match[1] && !match[2])) return src;
  const query = [match[1] ? `width=${match[1]}` : '', match[2] ? `height=${match[2]}` : ''].filter(Boolean).join('&');
  return `${src}${src.includes('?') ? '&' : '?'}${query}`;
}

function videoTag(media: MediaLike, args: unknown[]): string {
  const sources = (media.sources ?? []).map((s) => `<source src="${escapeHtml(s.url)}" type="${escapeHtml(s.mime_type)}">`).join('');
  const posterSrc = sizedPreview(media.preview_image?.src ?? '', args);
  const poster = posterSrc ? ` poster="${escapeHtml(posterSrc)}"` : '';
  const attrs = mediaAttrs(args, ['image_size']) || ' playsinline="playsinline" controls="controls"';
  return `<video${attrs} preload="metadata" aria-label="${escapeHtml(media.alt ?? '')}"${poster}>${sources}<img src="${escapeHtml(posterSrc)}" alt="${escapeHtml(media.alt ?? '')}"></video>`;
}

function modelTag(media: MediaLike, args: unknown[]): string {
  const source = (media.sources ?? []).find((s) => s.format === 'glb') ?? media.sources?.[0];
  return `<model-viewer src="${escapeHtml(source?.url ?? '')}" alt="${escapeHtml(media.alt ?? '')}" camera-controls="true" data-shopify-feature="1.12" poster="${escapeHtml(sizedPreview(media.preview_image?.src ?? '', args))}"${mediaAttrs(args, ['image_size'])}></model-viewer>`;
}

/** The player parameters the platform's embed carries (the docs' media_tag output). */
function playerDefaults(media: MediaLike, origin: string): Record<string, string> {
  if (media.host === 'vimeo') return { byline: '0', playsinline: '1', portrait: '0', title: '0' };
  return { controls: '1', enablejsapi: '1', modestbranding: '1', origin, playsinline: '1', rel: '0' };
}

function externalVideoTag(input: unknown, args: unknown[], origin = ''): string {
  const media = (input && typeof input === 'object' ? input : null) as MediaLike | null;
  const src = media ? videoUrl(media, playerDefaults(media, origin)) : String(input ?? '');
  // A `title:` given replaces the media's alt text as the frame's title.
  const title = 'title' in namedOf(args) ? '' : ` title="${escapeHtml(media?.alt ?? '')}"`;
  return `<iframe src="${escapeHtml(src)}" frameborder="0" allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture" allowfullscreen="allowfullscreen"${title}${mediaAttrs(args)}></iframe>`;
}

function paymentSvg(type: string, className: unknown): string {
  const name = PAYMENT_NAMES[type] ?? type.replace(/_/g, ' ');
  const id = `pi-${escapeHtml(type.replace(/_/g, '-'))}`;
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  return `<svg${cls} viewBox="0 0 38 24" xmlns="http://www.w3.org/2000/svg" role="img" width="38" height="24" aria-labelledby="${id}"><title id="${id}">${escapeHtml(name)}</title><rect x=".5" y=".5" width="37" height="23" rx="3" fill="#fff" stroke="#000" stroke-opacity=".1"/><text x="19" y="15" font-size="7" text-anchor="middle" font-family="sans-serif">${escapeHtml(name.slice(0, 10))}</text></svg>`;
}

interface MetafieldLike {
  value?: unknown;
  type?: string;
}

/** metafield_tag: the platform's HTML for a metafield, by its type. */
function metafieldTag(input: unknown, args: unknown[]): string {
  const metafield = (input ?? {}) as MetafieldLike;
  const type = String(metafield.type ?? 'single_line_text_field');
  const value = metafield.value;
  const named = namedOf(args);
  const list = type.startsWith('list.');
  const base = list ? type.slice(5) : type;
  const one = (v: unknown): string => metafieldItem(base, v, named);
  if (list) {
    const items = Array.isArray(value) ? value : [];
    const tag = named['list_format'] === 'ordered' ? 'ol' : 'ul';
    return `<${tag} class="metafield-${escapeHtml(base.replace(/_/g, '-'))}_list">${items.map((v) => `<li class="metafield-${escapeHtml(base.replace(/_/g, '-'))}">${one(v)}</li>`).join('')}</${tag}>`;
  }
  return one(value);
}

function metafieldItem(type: string, value: unknown, named: Record<string, unknown>): string {
  const cls = `metafield-${type.replace(/_/g, '-')}`;
  const v = value as Record<string, unknown> | null;
  switch (type) {
    case 'boolean':
      return `<span class="${cls}">${value ? 'true' : 'false'}</span>`;
    case 'multi_line_text_field':
      return `<span class="${cls}">${escapeHtml(value).replace(/\n/g, '<br />')}</span>`;
    case 'rich_text_field':
      return `<div class="${cls}">${String(v?.['html'] ?? value ?? '')}</div>`;
    case 'url':
      return `<a class="${cls}" href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    case 'color':
      return `<span class="${cls}" style="background-color: ${escapeHtml(value)}">${escapeHtml(value)}</span>`;
    case 'date':
      return `<time class="${cls}" datetime="${escapeHtml(value)}">${escapeHtml(value)}</time>`;
    case 'date_time':
      return `<time class="${cls}" datetime="${escapeHtml(value)}">${escapeHtml(value)}</time>`;
    case 'file_reference': {
      const src = String(v?.['src'] ?? v?.['url'] ?? '');
      return `<img class="${cls}" src="${escapeHtml(src)}" alt="${escapeHtml(v?.['alt'] ?? '')}" loading="lazy">`;
    }
    case 'product_reference':
    case 'collection_reference':
    case 'page_reference':
    case 'variant_reference':
      return `<a class="${cls}" href="${escapeHtml(v?.['url'] ?? '')}">${escapeHtml(v?.['title'] ?? '')}</a>`;
    case 'metaobject_reference': {
      const field = named['field'] ? (v as Record<string, MetafieldLike> | null)?.[String(named['field'])] : null;
      if (!field) throw new Error('metafield_tag: a metaobject_reference needs field: with the field to print');
      return metafieldItem(String(field.type), field.value, {});
    }
    case 'json':
      return `<script type="application/json" class="${cls}">${platformJson(value)}</script>`;
    default:
      return `<span class="${cls}">${escapeHtml(typeof value === 'object' && value !== null ? platformJson(value) : (value ?? ''))}</span>`;
  }
}

export function platformFilters(themeDir: string): Record<string, Filter> {
  return {
    inline_asset_content(name) {
      const file = String(name ?? '');
      const path = join(themeDir, 'assets', file);
      if (!SAFE_ASSET.test(file) || file.includes('..') || !existsSync(path)) throw new Error(`inline_asset_content: Could not find asset ${file}`);
      if (!/\.(svg|js|css)$/i.test(file)) throw new Error(`inline_asset_content: only SVG, JS and CSS assets can be inlined, not ${file}`);
      if (statSync(path).size >= INLINE_ASSET_LIMIT) throw new Error(`inline_asset_content: ${file} is larger than ${INLINE_ASSET_LIMIT / 1024} KB`);
      return readFileSync(path, 'utf8');
    },
    translate(this: FilterThis, key, ...args) {
      return translate(requestOf(this.context), String(key), namedOf(args));
    },
    money_amount(this: FilterThis, minor) {
      // The shop's money format without its symbols: only the {{ amount… }} placeholder.
      const placeholder = /\{\{\s*\w+\s*\}\}/.exec(requestOf(this.context).moneyFormat)?.[0] ?? '{{amount}}';
      return formatMoney(minor, placeholder);
    },
    unit_price_with_measurement(this: FilterThis, price, measurement) {
      const m = (measurement ?? {}) as { reference_value?: number; reference_unit?: string };
      const value = Number(m.reference_value ?? 1);
      // A number is formatted with the shop's money format (the docs' "HTML without currency");
      // a string is a price a money filter already formatted.
      const amount = typeof price === 'string' ? price : formatMoney(price, requestOf(this.context).moneyFormat);
      return `${amount}/${value === 1 ? '' : value}${escapeHtml(m.reference_unit ?? '')}`;
    },
    standard_event_data(input, eventType, ...args) {
      const named = namedOf(args);
      const value = (input as { toLiquidJSON?: () => unknown } | null)?.toLiquidJSON?.() ?? input;
      return platformJson({ event: String(eventType ?? ''), context: named['context'] ?? null, data: value });
    },
    blake3(value) {
      return bytesToHex(blake3(new TextEncoder().encode(String(value ?? ''))));
    },
    line_items_for(cart, object) {
      const items = (cart as { items?: { product_id?: number; variant_id?: number }[] } | null)?.items ?? [];
      const target = object as { id?: number; product_id?: number; variants?: unknown } | null;
      if (!target?.id) return [];
      const isProduct = target.variants !== undefined;
      return items.filter((item) => (isProduct ? item.product_id === target.id : item.variant_id === target.id));
    },
    highlight_active_tag(this: FilterThis, tag, className) {
      const text = String(tag ?? '');
      return currentTags(this.context).includes(text) ? `<span class="${escapeHtml(className ?? 'active')}">${escapeHtml(text)}</span>` : text;
    },
    link_to_type(this: FilterThis, type) {
      const text = String(type ?? '');
      return `<a href="${escapeHtml(`${prefix(this.context)}/collections/types?q=${encodeURIComponent(text)}`)}" title="${escapeHtml(text)}">${escapeHtml(text)}</a>`;
    },
    link_to_vendor(this: FilterThis, vendor) {
      const text = String(vendor ?? '');
      return `<a href="${escapeHtml(`${prefix(this.context)}/collections/vendors?q=${encodeURIComponent(text)}`)}" title="${escapeHtml(text)}">${escapeHtml(text)}</a>`;
    },
    link_to_tag(this: FilterThis, label, tag) {
      const t = String(tag ?? '');
      return `<a href="${escapeHtml(tagUrl(this.context, [t]))}" title="${escapeHtml(`${word(this.context, 'tag_title')} ${t}`)}">${String(label ?? '')}</a>`;
    },
    link_to_add_tag(this: FilterThis, label, tag) {
      const t = String(tag ?? '');
      const tags = [...new Set([...currentTags(this.context), t])];
      return `<a href="${escapeHtml(tagUrl(this.context, tags))}" title="${escapeHtml(`${word(this.context, 'tag_title')} ${t}`)}">${String(label ?? '')}</a>`;
    },
    link_to_remove_tag(this: FilterThis, label, tag) {
      const t = String(tag ?? '');
      const tags = currentTags(this.context).filter((c) => c !== t);
      return `<a href="${escapeHtml(tagUrl(this.context, tags))}" title="${escapeHtml(`${word(this.context, 'remove_tag')} ${t}`)}">${String(label ?? '')}</a>`;
    },
    file_img_url(file, size) {
      const name = String(file ?? '');
      const width = /^(\d+)x/.exec(String(size ?? ''))?.[1];
      return `/cdn/shop/files/${encodeURIComponent(name)}${width ? `?width=${width}` : ''}`;
    },
    global_asset_url(file) {
      return `/cdn/s/global/${String(file ?? '')
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`;
    },
    shopify_asset_url(file) {
      // A folder in the name stays a folder of the URL ('vendor/qrcode.js'), as on the CDN.
      return `/cdn/shopify/s/files/assets/${String(file ?? '')
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`;
    },
    avatar(customer) {
      // The platform's avatar element; the initials are what it shows without a picture.
      const c = (customer ?? {}) as { first_name?: string; last_name?: string; email?: string };
      const initials = `${(c.first_name ?? '').charAt(0)}${(c.last_name ?? '').charAt(0)}`.toUpperCase() || (c.email ?? '?').charAt(0).toUpperCase();
      return `<shop-user-avatar class="customer-avatar" aria-hidden="true"><span class="customer-avatar__initials">${escapeHtml(initials)}</span></shop-user-avatar>`;
    },
    login_button(this: FilterThis, _shop, ...args) {
      const action = String(namedOf(args)['action'] ?? 'default');
      if (action !== 'follow' && action !== 'default') throw new Error(`login_button: action must be 'follow', got '${action}'`);
      const label = word(this.context, action === 'follow' ? 'follow' : 'sign_in');
      return `<shop-login-button action="${escapeHtml(action)}"><a class="shop-login-button" href="https://shop.app" rel="noopener">${escapeHtml(label)}</a></shop-login-button>`;
    },
    payment_button(this: FilterThis, form) {
      if (!form || typeof form !== 'object') throw new Error('payment_button: use it on the form object inside {% form "product" %}');
      // What the page holds before the platform's script fetches the shop's wallets: an
      // unbranded "buy it now" button that submits the product form to checkout.
      return `<div data-shopify="payment-button" class="shopify-payment-button"><button class="shopify-payment-button__button shopify-payment-button__button--unbranded" type="submit" name="checkout">${escapeHtml(word(this.context, 'buy_now'))}</button></div>`;
    },
    payment_terms(form) {
      if (!form || typeof form !== 'object') throw new Error('payment_terms: use it on the form object inside {% form "product" %}');
      // Shop Pay Installments' element: its script fills it in on a shop that offers them.
      const product = (form as Record<symbol, unknown>)[FORM_RESOURCE] as
        { variants?: { id: number; price: number }[]; selected_or_first_available_variant?: { id: number } | null } | undefined;
      const variant = product?.selected_or_first_available_variant ?? null;
      const meta = { type: 'product', variants: (product?.variants ?? []).map((v) => ({ id: v.id, price: v.price })) };
      return `<shopify-payment-terms variant-id="${escapeHtml(variant?.id ?? '')}" shopify-meta="${escapeHtml(platformJson(meta))}"></shopify-payment-terms>`;
    },
    // A gift card code as its page shows it: in groups of four (undocumented; Dawn uses it).
    format_code(code) {
      return String(code ?? '')
        .replace(/\s+/g, '')
        .replace(/(.{4})(?=.)/g, '$1 ');
    },
    payment_type_svg_tag(type, ...args) {
      return paymentSvg(String(type ?? ''), namedOf(args)['class']);
    },
    payment_type_img_url(type) {
      return `/cdn/shopifycloud/payment-icons/${encodeURIComponent(String(type ?? ''))}.svg`;
    },
    media_tag(this: FilterThis, media, ...args) {
      const m = (media ?? {}) as MediaLike;
      switch (m.media_type) {
        case 'video':
          return videoTag(m, args);
        case 'external_video':
          return externalVideoTag(m, args, requestOrigin(this.context));
        case 'model':
          return modelTag(m, args);
        default:
          return imageTagOf(m, args);
      }
    },
    video_tag(media, ...args) {
      return videoTag((media ?? {}) as MediaLike, args);
    },
    model_viewer_tag(media, ...args) {
      return modelTag((media ?? {}) as MediaLike, args);
    },
    external_video_url(media, ...args) {
      const params = Object.fromEntries(Object.entries(namedOf(args)).map(([k, v]) => [k, String(v)]));
      return videoUrl((media ?? {}) as MediaLike, params);
    },
    external_video_tag(this: FilterThis, input, ...args) {
      return externalVideoTag(input, args, requestOrigin(this.context));
    },
    metafield_tag(metafield, ...args) {
      return metafieldTag(metafield, args);
    },
    image_tag(this: FilterThis, url, ...args) {
      return imageTag(this.context, url, namedOf(args));
    },
    placeholder_svg_tag(name, className) {
      return placeholderSvg(name, className);
    },
    ...deprecatedFilters(),
  };
}
