// Draws the recently viewed products: for each stored handle but this page's own, the platform
// renders the product's card (the Section Rendering API on the product's address:
// /products/<handle>?section_id=product-card-render), all asked for at once. One request per
// card, each the same card every list draws, in the page's language and currency; the platform
// has no search by handle to ask for them in one. A product that is gone (a 404, or an answer
// without its card: an unknown product's page has no product to draw) is forgotten; a failed
// request is logged (spec §8) and that card left out. The section shows once a card came.
import { bootstrap } from '../../shared/bootstrap';
import { onUnload } from '../../shared/runtime/schedule';
import { forgetViewed, viewedHandles } from './history';

const CARD_SECTION = 'product-card-render';

export function cardUrl(rootUrl: string, handle: string): string {
  return `${rootUrl}products/${encodeURIComponent(handle)}?section_id=${CARD_SECTION}`;
}

type Card = { handle: string; card: Element | null; gone: boolean };

async function fetchCard(handle: string, signal: AbortSignal): Promise<Card> {
  const response = await fetch(cardUrl(bootstrap().rootUrl, handle), { signal, credentials: 'same-origin' });
  if (response.status === 404) return { handle, card: null, gone: true };
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${handle}`);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  // Kept in the inert parsed document until drawn: imported into the page earlier, its image
  // could load (from the cache) before it is in the page, where the theme's fade-in never hears of it.
  const card = doc.querySelector('.product-card');
  return { handle, card, gone: !card };
}

async function draw(slot: HTMLElement, signal: AbortSignal): Promise<void> {
  const section = slot.querySelector<HTMLElement>('.recently-viewed');
  const list = section?.querySelector<HTMLElement>('[data-recently-viewed-list]');
  if (!section || !list) return;
  const own = slot.dataset['productHandle'];
  const limit = Number(slot.dataset['limit']) || 4;
  const handles = viewedHandles()
    .filter((h) => h !== own)
    .slice(0, limit);
  if (!handles.length) return;
  const settled = await Promise.allSettled(handles.map((h) => fetchCard(h, signal)));
  if (signal.aborted) return;
  const gone: string[] = [];
  const items: HTMLLIElement[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') {
      console.error('Recently viewed: a product card failed', result.reason);
      continue;
    }
    if (result.value.gone) gone.push(result.value.handle);
    if (!result.value.card) continue;
    const item = document.createElement('li');
    item.append(document.importNode(result.value.card, true));
    items.push(item);
  }
  forgetViewed(gone);
  if (!items.length) return;
  list.replaceChildren(...items);
  section.hidden = false;
}

export function start(nodes: HTMLElement[]): void {
  for (const slot of nodes) {
    const controller = new AbortController();
    onUnload(slot, () => controller.abort());
    void draw(slot, controller.signal);
  }
}
