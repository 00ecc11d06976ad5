// The wishlist screen (spec §2, §3): the stored wishlist (shared/stores/wishlist.ts, this
// browser's localStorage) as product cards with the markup and classes of
// snippets/product-card.liquid, each with a remove button; when empty, a note and a link to the
// catalogue. Drawn with the DOM alone (text through textContent, addresses checked): a grid of
// cards needs no framework, and the page stays within its start-up budget.
// A saved price is in the currency that was active when it was saved, and prices change: each
// card shows the shop's current price in the active currency (the platform's product endpoint,
// /products/<handle>.js, which answers in the shopper's currency), the saved one only while that
// loads and only when it is in the same currency, and no price rather than a wrong one. A few
// small requests for the saved products, not the catalogue: the page stays within its budget.
import { $wishlist, toggleWishlist, type WishlistEntry } from '../../shared/stores/wishlist';
import { $currency } from '../../shared/stores/locale';
import { formatPrice } from '../../shared/format/price';
import { bootstrap, readIslandProps } from '../../shared/bootstrap';
import { t } from '../../shared/i18n';
import { PLACEHOLDER_IMAGE } from '../../shared/dom/placeholder';

const SVG = 'http://www.w3.org/2000/svg';
const HEART = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';

/** Only same-site paths and http(s) addresses are used: a stored entry is not trusted. */
export function safeUrl(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '#';
  } catch {
    return '#';
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function heartIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ class: 'icon', 'aria-hidden': 'true', focusable: 'false', width: '24', height: '24', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5' })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', HEART);
  svg.append(path);
  return svg;
}

/** Current prices by product handle, in the active currency. */
export type LivePrices = ReadonlyMap<string, number>;

const PRICE_REQUESTS_AT_ONCE = 4;

/**
 * Each saved product's current price from the platform's product endpoint, a few requests at a
 * time. A product that is gone or a failed request is left out (its card shows no price, or its
 * saved one in the same currency); nothing here throws.
 */
export async function fetchLivePrices(handles: readonly string[]): Promise<LivePrices> {
  const root = bootstrap().rootUrl || '/';
  const queue = [...new Set(handles.filter((h) => /^[\w-]{1,255}$/.test(h)))];
  const prices = new Map<string, number>();
  const worker = async (): Promise<void> => {
    for (let handle = queue.shift(); handle !== undefined; handle = queue.shift()) {
      try {
        const response = await fetch(`${root}products/${handle}.js`, { headers: { Accept: 'application/json' } });
        const product = response.ok ? ((await response.json()) as { price?: unknown }) : null;
        if (typeof product?.price === 'number') prices.set(handle, product.price);
      } catch (error) {
        console.warn(`Wishlist: no current price for ${handle}`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: PRICE_REQUESTS_AT_ONCE }, worker));
  return prices;
}

/** The price a card shows: the live one, else the saved one when it is in this currency, else none. */
export function cardPrice(entry: WishlistEntry, currency: string, live: LivePrices | null): number | null {
  const current = live?.get(entry.handle);
  if (current !== undefined) return current;
  return entry.currency === currency && Number.isFinite(Number(entry.price)) ? Number(entry.price) : null;
}

function card(entry: WishlistEntry, currency: string, live: LivePrices | null): HTMLElement {
  const title = String(entry.title ?? '');
  const article = element('article', 'product-card account-wishlist__card');
  article.dataset['productId'] = String(entry.id);
  const link = element('a', 'product-card__link');
  link.href = safeUrl(String(entry.url || `/products/${entry.handle}`));
  const image = element('img', 'product-card__image');
  const src = entry.image ? safeUrl(String(entry.image)) : '';
  if (src) {
    const src2x = entry.image2x ? safeUrl(String(entry.image2x)) : src;
    image.src = src;
    image.srcset = `${src} 500w, ${src2x} 1000w`;
    image.sizes = '(min-width: 768px) 25vw, 50vw';
    image.width = 500;
    image.height = 750;
    image.loading = 'lazy';
  } else {
    image.className += ' product-card__image--placeholder';
    image.src = PLACEHOLDER_IMAGE;
    image.width = 1;
    image.height = 1;
  }
  // The name follows in the link: the image says nothing more.
  image.alt = '';
  link.append(image, element('h2', 'product-card__title', title));
  const amount = cardPrice(entry, currency, live);
  const price = element('p', 'product-card__price', amount === null ? '' : formatPrice(amount, currency));
  const remove = element('button', 'account-wishlist__remove');
  remove.type = 'button';
  remove.setAttribute('aria-label', t('wishlist.remove', { title }));
  remove.append(heartIcon());
  remove.addEventListener('click', () => toggleWishlist(entry));
  article.append(link, price, remove);
  return article;
}

function emptyState(catalogueUrl: string): HTMLElement {
  const box = element('div', 'account-wishlist__empty');
  const link = element('a', 'button', t('wishlist.to_catalogue'));
  link.href = safeUrl(catalogueUrl);
  box.append(element('p', '', t('wishlist.empty')), link);
  return box;
}

/** Draws the list into node (replacing what was there). */
export function renderWishlist(node: HTMLElement, list: readonly WishlistEntry[], currency: string, catalogueUrl: string, live: LivePrices | null = null): void {
  if (list.length === 0) {
    node.replaceChildren(emptyState(catalogueUrl));
    return;
  }
  const grid = element('ul', 'product-grid product-grid--four account-wishlist__grid');
  grid.setAttribute('role', 'list');
  for (const entry of list) {
    const item = element('li', '');
    item.append(card(entry, currency, live));
    grid.append(item);
  }
  node.replaceChildren(grid);
}

/**
 * Keeps node in step with the stored wishlist. When a remove button took the focus with it, the
 * focus moves to the next card's button (or the previous one, or the catalogue link), so a
 * keyboard user is not sent back to the top of the page.
 */
export function mountWishlist(node: HTMLElement, catalogueUrl = '/collections/all'): () => void {
  let previous: readonly WishlistEntry[] = [];
  let live: LivePrices | null = null;
  const draw = (list: readonly WishlistEntry[]): void => {
    const active = document.activeElement;
    const removedAt = active instanceof HTMLElement && node.contains(active) && active.classList.contains('account-wishlist__remove')
      ? Array.from(node.querySelectorAll('.account-wishlist__remove')).indexOf(active)
      : -1;
    renderWishlist(node, list, $currency.get(), catalogueUrl, live);
    if (removedAt >= 0 && list.length < previous.length) {
      const buttons = node.querySelectorAll<HTMLElement>('.account-wishlist__remove');
      (buttons[Math.min(removedAt, buttons.length - 1)] ?? node.querySelector<HTMLElement>('a'))?.focus();
    }
    previous = list;
  };
  const stop = $wishlist.subscribe(draw);
  if ($wishlist.get().length > 0) {
    void fetchLivePrices($wishlist.get().map((entry) => entry.handle)).then((prices) => {
      live = prices;
      draw($wishlist.get());
    });
  }
  return stop;
}

export function start(nodes: HTMLElement[]): void {
  for (const node of nodes) {
    try {
      mountWishlist(node, readIslandProps<{ catalogueUrl?: string }>(node)?.catalogueUrl);
    } catch (error) {
      console.error('Island "account-wishlist" failed', error);
    }
  }
}
