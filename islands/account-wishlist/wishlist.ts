// The wishlist screen (spec §2, §3): the stored wishlist (shared/stores/wishlist.ts, this
// browser's localStorage) as product cards, each the server's card template filled
// (shared/catalogue/card.ts) with its heart as the remove button; when empty, a note and a link
// to the catalogue. No framework: the page stays within its start-up budget.
// A saved entry is what the product was when it was saved, in that page's language and currency:
// each card shows the shop's current name, address, price, compare-at price and availability in
// the page's language and the active currency (the platform's product endpoint,
// /products/<handle>.js under the page's language prefix, answers in both); the saved name and
// price only while that loads, the saved price only in the same currency, and no price rather
// than a wrong one. A product the shop no longer has is shown sold out, with no link to a page
// that is gone. A few small requests for the saved products, not the catalogue: the page stays
// within its budget.
import { $wishlist, toggleWishlist, type WishlistEntry } from '../../shared/stores/wishlist';
import { $currency } from '../../shared/stores/locale';
import { fillCard, findCardTemplate } from '../../shared/catalogue/card';
import { bootstrap, readIslandProps, withoutLanguagePrefix } from '../../shared/bootstrap';
import { language, t } from '../../shared/i18n';
import { safeUrl } from '../../shared/format/values';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** What the shop says of a saved product now, in the page's language and the active currency. */
export type LiveProduct = { title: string | null; price: number; compareAt: number | null; available: boolean };
/** The shop answered that it has no such product (404). */
export const GONE = 'gone';
/** Current products by saved handle. */
export type LiveProducts = ReadonlyMap<string, LiveProduct | typeof GONE>;

const PRICE_REQUESTS_AT_ONCE = 4;

const HANDLE = /^[\w-]{1,255}$/;

/**
 * Each saved product as the shop has it now, from the platform's product endpoint, a few requests
 * at a time. A product the shop answers 404 for is GONE; a failed request or a malformed answer
 * is left out (its card shows what was saved: no price, or the saved one in the same currency);
 * nothing here throws.
 */
export async function fetchLiveProducts(handles: readonly string[]): Promise<LiveProducts> {
  const root = bootstrap().rootUrl || '/';
  const queue = [...new Set(handles.filter((h) => HANDLE.test(h)))];
  const products = new Map<string, LiveProduct | typeof GONE>();
  const worker = async (): Promise<void> => {
    for (let handle = queue.shift(); handle !== undefined; handle = queue.shift()) {
      try {
        // The endpoint table's product.js (shared/api/endpoints.ts), written out: loading the
        // table would add 0.6 KB to this page's start-up script, past its 12 KB budget.
        const response = await fetch(`${root}products/${handle}.js`, { headers: { Accept: 'application/json' } });
        if (response.status === 404) {
          products.set(handle, GONE);
          continue;
        }
        type Answer = { title?: unknown; price?: unknown; compare_at_price?: unknown; available?: unknown };
        const product = response.ok ? ((await response.json()) as Answer) : null;
        if (typeof product?.price === 'number') {
          const compareAt = typeof product.compare_at_price === 'number' ? product.compare_at_price : null;
          const title = typeof product.title === 'string' && product.title.trim() ? product.title : null;
          products.set(handle, { title, price: product.price, compareAt, available: product.available !== false });
        }
      } catch (error) {
        console.warn(`Wishlist: no current price for ${handle}`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: PRICE_REQUESTS_AT_ONCE }, worker));
  return products;
}

/** The price a card shows: the live one, else the saved one when it is in this currency, else none. */
export function cardPrice(entry: WishlistEntry, currency: string, live: LiveProducts | null): number | null {
  const current = live?.get(entry.handle);
  if (current === GONE) return null;
  if (current !== undefined) return current.price;
  return entry.currency === currency && Number.isFinite(Number(entry.price)) ? Number(entry.price) : null;
}

/**
 * The card's link: the product under this page's root, in the page's language whichever one it
 * was saved in (the platform answers a handle under any language's root); none for a product the
 * shop no longer has, the saved address for an entry whose handle is not one.
 */
function cardUrl(entry: WishlistEntry, now: LiveProduct | typeof GONE | undefined): string | null {
  if (now === GONE) return null;
  return HANDLE.test(entry.handle) ? `${bootstrap().rootUrl || '/'}products/${entry.handle}` : safeUrl(String(entry.url));
}

/** Whether the entry was saved on a page in this page's language (its address says which; one that says nothing counts as this). */
function savedInThisLanguage(entry: WishlistEntry): boolean {
  const path = String(entry.url ?? '').replace(/^https?:\/\/[^/]+/, '');
  return !path.startsWith('/') || (withoutLanguagePrefix(path) !== path) === (language() === 'en');
}

function card(template: HTMLTemplateElement, entry: WishlistEntry, currency: string, live: LiveProducts | null): HTMLElement {
  const now = live?.get(entry.handle);
  const current = now === GONE ? undefined : now;
  const saved = String(entry.title ?? '');
  // A name saved in the other language waits for the shop's answer (a moment), and is shown only
  // if none comes: the page reads in its own language.
  const title = current?.title ?? (live === null && !savedInThisLanguage(entry) ? '' : saved);
  const url = cardUrl(entry, now);
  const image = entry.image ? safeUrl(String(entry.image)) : '';
  const article = fillCard(
    template,
    {
      id: String(entry.id),
      url: url ?? '',
      title,
      price: cardPrice(entry, currency, live),
      compareAt: current?.compareAt ?? null,
      image,
      available: now === GONE ? false : (current?.available ?? true),
      preorder: now !== GONE && entry.preorder === true,
    },
    currency,
  );
  // A page that is gone is not offered: the card stays, to be read and removed.
  if (url === null) article.querySelector('.product-card__link')?.removeAttribute('href');
  article.classList.add('account-wishlist__card');
  // The heart is the remove button here: every card on this page is in the wishlist.
  const remove = article.querySelector<HTMLButtonElement>('button.wishlist-toggle__control');
  if (remove) {
    remove.classList.add('account-wishlist__remove', 'is-active');
    const label = remove.querySelector('.visually-hidden');
    if (label) label.textContent = t('wishlist.remove', { title: title || saved });
    remove.addEventListener('click', () => toggleWishlist(entry));
  }
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
export function renderWishlist(
  node: HTMLElement,
  template: HTMLTemplateElement,
  list: readonly WishlistEntry[],
  currency: string,
  catalogueUrl: string,
  live: LiveProducts | null = null,
): void {
  if (list.length === 0) {
    node.replaceChildren(emptyState(catalogueUrl));
    return;
  }
  const grid = element('ul', 'product-grid product-grid--four account-wishlist__grid');
  grid.setAttribute('role', 'list');
  for (const entry of list) {
    const item = element('li', '');
    item.append(card(template, entry, currency, live));
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
  // Null while the shop's answer for the saved products is awaited; none is asked for an empty list.
  let live: LiveProducts | null = $wishlist.get().length > 0 ? null : new Map();
  // Read before the first draw, which replaces the node's children.
  const template = findCardTemplate(node);
  if (!template) throw new Error('no card template');
  const draw = (list: readonly WishlistEntry[]): void => {
    const active = document.activeElement;
    const removedAt =
      active instanceof HTMLElement && node.contains(active) && active.classList.contains('account-wishlist__remove')
        ? Array.from(node.querySelectorAll('.account-wishlist__remove')).indexOf(active)
        : -1;
    renderWishlist(node, template, list, $currency.get(), catalogueUrl, live);
    if (removedAt >= 0 && list.length < previous.length) {
      const buttons = node.querySelectorAll<HTMLElement>('.account-wishlist__remove');
      (buttons[Math.min(removedAt, buttons.length - 1)] ?? node.querySelector<HTMLElement>('a'))?.focus();
    }
    previous = list;
  };
  const stop = $wishlist.subscribe(draw);
  if ($wishlist.get().length > 0) {
    void fetchLiveProducts($wishlist.get().map((entry) => entry.handle)).then((products) => {
      live = products;
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
