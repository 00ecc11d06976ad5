// Quick add, loaded on the shopper's intent by the page's few lines (snippets/quick-add-loader:
// a finger down, focus or the pointer on a card's quick-add button, or its click): the product
// from the platform's product endpoint,
// then the panel to choose its colour and size (islands/panels/quick-add), or for a product of
// one variant the bag at once, through the cart store's one add path (spec §7 POST /cart/add.js:
// the bag opens with the line, spec §4). A refused add keeps the panel, says why and loses
// nothing the shopper chose.
import { $leftMenuOpen, $rightSidebar, $searchOpen, writePanelParam } from '../../shared/stores/panel';
import { addItem, prepareAddItem } from '../../shared/stores/add-item';
import { $quickAdd, type QuickAddProduct } from '../../shared/stores/quick-add';
import { readProduct } from './product';

const answers = new Map<string, Promise<QuickAddProduct | null>>();

/** The product the card's link leads to: its address (no query), and the colour a list filtered by one gave it (spec §2). */
function linkOf(button: HTMLElement): { url: string; color: string | null } {
  const href = button.closest('.product-card')?.querySelector('a.product-card__link')?.getAttribute('href') ?? '';
  if (!href) return { url: '', color: null };
  const url = new URL(href, window.location.href);
  return { url: url.pathname, color: url.searchParams.get('color') };
}
const addressOf = (button: HTMLElement): string => linkOf(button).url;

/** The product, asked for once a page; a failed answer is asked for again next time. */
function productOf(button: HTMLElement): Promise<QuickAddProduct | null> {
  const url = addressOf(button);
  let answer = answers.get(url);
  if (!answer) {
    // A pre-order is the theme's metafield, which the endpoint does not carry: the card says it.
    const preorder = button.closest('.product-card')?.querySelector('.badge--preorder') !== null;
    answer = fetch(`${url}.js`, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((json: unknown) => readProduct(json, url, preorder))
      .catch((error: unknown) => {
        console.error(`Quick add: ${url} could not be read`, error);
        return null;
      })
      .then((product) => {
        if (!product) answers.delete(url);
        return product;
      });
    answers.set(url, answer);
  }
  return answer;
}

// shared/runtime/panel-intent.ts's event, spelled here: importing the name made it a chunk of its
// own that every page loaded.
const intent = (panel: string): boolean => document.dispatchEvent(new CustomEvent('panel:intent', { detail: panel }));

/** The shopper is about to press: the product, the panel host's, this panel's and the bag's code are asked for now. */
export function prepare(button: HTMLButtonElement): void {
  if (!addressOf(button)) return;
  void productOf(button);
  void prepareAddItem();
  // The host and the bag's panel on the bag's intent; this panel's module is the one the host loads.
  intent('cart');
  void import('../panels/quick-add/QuickAddPanel');
}

/**
 * Opens the panel as openPanel does (one panel, the menu and search closed), but not by the
 * address: the panel is this card's product, which no address names, so the address names none
 * (a reload, or Back, leaves the page as it was under the panel).
 */
function openQuickAddPanel(): void {
  $leftMenuOpen.set(false);
  $searchOpen.set(false);
  $rightSidebar.set('quick-add');
  writePanelParam(null);
}

let busy = false;

export async function open(button: HTMLButtonElement): Promise<void> {
  const url = addressOf(button);
  if (!url || busy) return;
  busy = true;
  button.setAttribute('aria-busy', 'true');
  prepare(button);
  // Focus on the button, which Safari does not give on a click: the panel hands it back there.
  button.focus({ preventScroll: true });
  try {
    const product = await productOf(button);
    if (!product) {
      // Nothing to choose from: the product page has it all.
      window.location.assign(url);
      return;
    }
    if (product.variants.length === 1 && product.variants[0]!.available) {
      const result = await addItem(product.id, product.variants[0]!.id);
      // Added: the store opened the bag. Refused: the panel says why, with the button to try again.
      if (!result.ok) {
        $quickAdd.set({ product, error: result.message });
        openQuickAddPanel();
      }
      return;
    }
    $quickAdd.set({ product, color: linkOf(button).color });
    openQuickAddPanel();
  } finally {
    busy = false;
    button.removeAttribute('aria-busy');
  }
}
