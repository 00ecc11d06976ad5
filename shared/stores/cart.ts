// The bag (spec §3, §4, §7): the platform's AJAX cart, one queue of requests, cross-tab sync.
import { atom, computed } from 'nanostores';
import { bootstrap } from '../bootstrap';
import { endpointUrl } from '../api/endpoints';
import { getJSON, postJSON } from '../api/client';
import { readStorage, writeStorage } from '../storage';
import { t } from '../i18n';
import { openPanel } from './panel';
import { currencyAgrees, inOtherCurrency, redrawForCurrency } from './page-currency';

/** A line of GET /cart.js (fields the theme reads). */
export type CartItem = {
  /** The variant id; not unique across lines. */
  id: number;
  /** "<variantId>:<hash>", unique per line. */
  key: string;
  product_id: number;
  url: string;
  image: string | null;
  featured_image: { url: string; width: number; height: number; alt: string | null } | null;
  product_title: string;
  title: string;
  variant_title: string | null;
  options_with_values: { name: string; value: string }[];
  variant_options: string[];
  quantity: number;
  price: number;
  final_line_price: number;
  handle: string;
  /** Before the line's own discounts (the platform's; absent from older answers). */
  original_line_price?: number;
  /** The line's own discounts (automatic or a code aimed at products), each with its amount. */
  line_level_discount_allocations?: DiscountAllocation[];
  /** The price per unit of measure (sold as a set, per 100 ml…), when the variant has one. */
  unit_price?: number;
  unit_price_measurement?: UnitPriceMeasurement;
  /** The plan the line is bought with (a pre-order, a subscription), when it has one. */
  selling_plan_allocation?: { price: number; compare_at_price: number; selling_plan: { id: number; name: string } };
  /** Gift card recipient fields and any other line properties. */
  properties?: Record<string, string> | null;
};

/** A discount applied to a line or to the order, as the AJAX cart names it. */
export type DiscountApplication = { type: string; key?: string; title: string; total_allocated_amount: number };
export type DiscountAllocation = { amount: number; discount_application: DiscountApplication };
export type UnitPriceMeasurement = { measured_type: string; quantity_value: number; quantity_unit: string; reference_value: number; reference_unit: string };

export type Cart = {
  token: string;
  item_count: number;
  total_price: number;
  currency: string;
  items: CartItem[];
  /** Before any discount, and after the lines' own (the order's discounts come off after). */
  original_total_price?: number;
  items_subtotal_price?: number;
  total_discount?: number;
  /** Discounts on the whole order (a code such as WELCOME10), each with its amount. */
  cart_level_discount_applications?: DiscountApplication[];
  /** The codes the shopper entered, and whether each applies to the bag as it is. */
  discount_codes?: { code: string; applicable: boolean }[];
};

export const $cart = atom<Cart | null>(null);
/** Before the cart loads, the count the server rendered into the page. */
export const $cartCount = computed($cart, (cart) => (cart ? cart.item_count : bootstrap().cartItemCount));
/** True while a cart request is queued or running. */
export const $cartBusy = atom(false);
/**
 * The last line change that did not go through, for the shopper: the platform's own message
 * for a refused increase (422, e.g. no more stock), a generic one for a failed request.
 * Cleared by the next change that succeeds.
 */
export const $cartNotice = atom<{ key: string; message: string } | null>(null);

/** Forgets the last notice (the cart panel does, each time it opens: it spoke of an older click). */
export function dismissCartNotice(): void {
  $cartNotice.set(null);
}

// ---- display order --------------------------------------------------------------------------
// Spec §4: an added item (an upsell above all) shows at the top of the bag. Where the platform
// puts a new line in cart.items is its business (the preview appends it), and the line numbers
// /cart/change takes follow that order, so the order shown is kept apart from it: the keys of
// lines added from this browser, newest first, go first, the rest keep the server's order. The
// keys live in localStorage with the cart token, so reloads and other tabs show the same order.

const RECENT_STORAGE_KEY = 'cart:recent';
const RECENT_LIMIT = 50;
type Recent = { token: string; keys: string[] };

function readRecent(): Recent {
  try {
    const parsed = JSON.parse(readStorage(RECENT_STORAGE_KEY) ?? 'null') as Partial<Recent> | null;
    if (parsed && typeof parsed.token === 'string' && Array.isArray(parsed.keys)) {
      return { token: parsed.token, keys: parsed.keys.filter((k): k is string => typeof k === 'string') };
    }
  } catch {
    // A corrupt entry only costs the order: the server's is used.
  }
  return { token: '', keys: [] };
}

const $recent = atom<Recent>(readRecent());

function rememberAdded(cart: Cart, added: string[]): void {
  const previous = $recent.get();
  const kept = previous.token === cart.token ? previous.keys : [];
  const present = new Set(cart.items.map((item) => item.key));
  const keys = [...added, ...kept.filter((k) => !added.includes(k))].filter((k) => present.has(k)).slice(0, RECENT_LIMIT);
  const next = { token: cart.token, keys };
  $recent.set(next);
  writeStorage(RECENT_STORAGE_KEY, JSON.stringify(next));
}

/** A line as shown: the item and its 1-based position in the server's cart (for /cart/change). */
export type CartLine = { item: CartItem; line: number };

/** The cart's lines in the order shown: recently added first (see above), then server order. */
export const $cartLines = computed([$cart, $recent], (cart, recent): CartLine[] => {
  if (!cart) return [];
  const lines = cart.items.map((item, index) => ({ item, line: index + 1 }));
  if (recent.token !== cart.token || !recent.keys.length) return lines;
  const rank = new Map(recent.keys.map((key, index) => [key, index]));
  const at = (l: CartLine) => rank.get(l.item.key) ?? RECENT_LIMIT;
  return lines.sort((a, b) => at(a) - at(b) || a.line - b.line);
});

function isCartItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const item = v as CartItem;
  return typeof item.key === 'string' && typeof item.id === 'number' && Number.isInteger(item.quantity) && item.quantity > 0;
}

/**
 * A cart as the platform sends it: lines that are lines, and a count that is their sum. Anything
 * else (a proxy's error page read as JSON, a truncated answer) is not shown as a bag: an empty
 * list with a count of 2 and checkout enabled would be a bag that lies.
 */
function isCart(v: unknown): v is Cart {
  if (typeof v !== 'object' || v === null) return false;
  const cart = v as Cart;
  if (!Array.isArray(cart.items) || typeof cart.item_count !== 'number' || typeof cart.total_price !== 'number') return false;
  if (!cart.items.every(isCartItem)) return false;
  return cart.items.reduce((sum, item) => sum + item.quantity, 0) === cart.item_count;
}

// ---- one queue ------------------------------------------------------------------------------
// Every load and mutation runs after the previous one has answered, so rapid clicks are
// neither lost nor applied twice, and each mutation starts from the server's latest cart.

let tail: Promise<unknown> = Promise.resolve();
let queued = 0;

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  queued++;
  $cartBusy.set(true);
  const run = tail.then(task);
  const settle = () => {
    if (--queued === 0) $cartBusy.set(false);
  };
  tail = run.then(settle, settle);
  return run;
}

async function fetchCart(): Promise<Cart | null> {
  const cart = await getJSON<Cart>('cart.js');
  if (cart !== null && !isCart(cart)) {
    console.error('cart.js: not a cart');
    return null;
  }
  if (cart && !showCart(cart)) return null;
  return cart;
}

/**
 * Puts a cart answer in $cart, unless it is priced in a currency the shopper chose in another tab
 * since this page was drawn: then the page is drawn again (false) rather than show the bag's
 * amounts beside the page's old ones.
 */
function showCart(cart: Cart): boolean {
  if (inOtherCurrency(cart.currency) && redrawForCurrency('The bag')) return false;
  currencyAgrees();
  $cart.set(cart);
  return true;
}

/** Reads of the cart queued or running. */
let reads = 0;

/** Loads the cart into $cart (kept as it was if the request fails). */
export function loadCart(): Promise<Cart | null> {
  reads++;
  const run = enqueue(fetchCart);
  const settle = (): void => void reads--;
  run.then(settle, settle);
  return run;
}

// ---- cross-tab sync ---------------------------------------------------------------------------

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('cart') : null;
// Another tab changed the bag: ours is stale, and so may be the order of its lines.
channel?.addEventListener('message', () => {
  $recent.set(readRecent());
  void loadCart();
});
// Node (tests, tooling) would otherwise wait on the open channel before exiting.
(channel as { unref?: () => void } | null)?.unref?.();

function announce(): void {
  channel?.postMessage('changed');
}

// ---- mutations ------------------------------------------------------------------------------------

/** sellingPlan: the plan chosen on the form; properties: the line's (a gift card's recipient). */
export type AddItem = { productId: number; id: number; sellingPlan?: number; properties?: Record<string, string> };
export type AddResult = { ok: true } | { ok: false; message: string };

function errorMessage(body: unknown): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { description?: unknown; message?: unknown };
  if (typeof b.description === 'string' && b.description) return b.description;
  if (typeof b.message === 'string' && b.message) return b.message;
  return t('cart.add_error');
}

/** The platform's answer to a POST: its status and its JSON body (null when it is none). */
export type AddAnswer = { status: number; body: unknown };

// Mutations queued and not yet settled: an add's request may leave at once only when there are
// none (reads alone do not change what an add does; a line change queued before it must reach
// the server first, as it counts its line by the cart it saw).
let mutationsQueued = 0;

function enqueueMutation<T>(task: () => Promise<T>): Promise<T> {
  mutationsQueued++;
  const run = enqueue(task);
  const settle = (): void => void mutationsQueued--;
  run.then(settle, settle);
  return run;
}

/**
 * Adds one unit of each variant (spec §7 POST /cart/add.js, spec §9 one unit per add) and opens
 * the cart panel (spec §4) showing the bag drawn from the add's own answer. A refusal (422: sold
 * out, no more stock) answers the platform's message.
 */
export function addToCart(items: AddItem[]): Promise<AddResult> {
  const send = (): Promise<AddAnswer> =>
    postJSON(endpointUrl('cart.add'), {
      items: items.map(({ productId, id, sellingPlan, properties }) => ({
        form_type: 'product',
        productId,
        id,
        quantity: '1',
        utf8: '✓',
        ...(sellingPlan ? { selling_plan: sellingPlan } : {}),
        ...(properties && Object.keys(properties).length ? { properties } : {}),
      })),
    });
  // Nothing queued that it must follow: the request leaves now, its answer is applied in turn.
  const sent = mutationsQueued === 0 ? send() : null;
  return answerAdd(() => sent ?? send());
}

/**
 * An add already sent (the product form's first tap, posted before its island came): its answer is
 * shown as the store's own adds are, in the queue's order.
 */
export function adoptAdd(sent: Promise<AddAnswer>): Promise<AddResult> {
  return answerAdd(() => sent);
}

/**
 * Applies an add's answer. The bag is drawn from it at once, with no second request before the
 * shopper sees it: the platform answers each added line whole, its quantity the line's new total
 * (reference: Ajax Cart API), so each replaces its line in the cart the page already has, or joins
 * it. That cart is the one read on the shopper's first input, or asked for beside the add when
 * there is none yet, so both travel together. The server's own cart follows, for what only it
 * knows: a discount on the whole bag, the lines' true order.
 */
function answerAdd(request: () => Promise<AddAnswer>): Promise<AddResult> {
  if ($cart.get() === null && reads === 0) void loadCart();
  return enqueueMutation(async (): Promise<AddResult> => {
    const { status, body } = await request();
    if (status < 200 || status >= 300) {
      if (status !== 422) console.error(`cart/add.js answered ${status}`);
      return { ok: false, message: errorMessage(body) };
    }
    const added = addedLines(body);
    if (!added.length) {
      // A 200 that is not the platform's answer (a proxy's page, a cut-off body) is not a
      // success: the shopper is told, and the bag count says what the bag holds either way.
      console.error('cart/add.js answered 200 without the lines it added');
      await fetchCart();
      return { ok: false, message: t('cart.add_error') };
    }
    const base = $cart.get() ?? (await fetchCart());
    if (base) {
      const cart = withAddedLines(base, added);
      if (showCart(cart))
        rememberAdded(
          cart,
          added.map((line) => line.key),
        );
    }
    announce();
    openPanel('cart');
    // Then the server's own cart, in the same turn of the queue: a line change tapped meanwhile
    // counts its line in it.
    const reconciled = await fetchCart();
    if (reconciled)
      rememberAdded(
        reconciled,
        added.map((line) => line.key),
      );
    return { ok: true };
  });
}

/** The lines an add answered with ({ items: [lines] }, or a bare line) that are lines. */
function addedLines(body: unknown): CartItem[] {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { items?: unknown };
  const lines: unknown[] = Array.isArray(b.items) ? b.items : [body];
  return lines.filter(isCartItem);
}

/**
 * The cart with an add's lines in it: each replaces the line of its key or joins the end, as the
 * preview's platform puts it (the order shown puts it first all the same: $cartLines), and the
 * count and total are the lines' sums. Idempotent, so a cart read before or after the add
 * reached the server gives the same bag.
 */
export function withAddedLines(cart: Cart, added: CartItem[]): Cart {
  let items = cart.items;
  for (const line of added) {
    const at = items.findIndex((item) => item.key === line.key);
    items = at < 0 ? [...items, line] : items.map((item, index) => (index === at ? line : item));
  }
  return {
    ...cart,
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: items.reduce((sum, item) => sum + item.final_line_price, 0),
  };
}

/**
 * Replaces the bag's discount codes (POST /cart/update.js with the platform's `discount`
 * parameter: a comma-separated list, "" removes them all) and shows the cart it answers. False
 * when the request failed (the bag is as it was).
 */
export function setDiscountCodes(codes: string[]): Promise<boolean> {
  return enqueueMutation(async () => {
    const { status, body } = await postJSON(endpointUrl('cart.update'), { discount: codes.join(',') });
    if (status < 200 || status >= 300 || !isCart(body)) return false;
    if (!showCart(body)) return false;
    announce();
    return true;
  });
}

/** Where a line sits in the latest cart: found by its key, else by its variant id. */
function locate(cart: Cart, key: string | undefined, line: number): { line: number; item: CartItem } | null {
  let index = key === undefined ? line - 1 : cart.items.findIndex((item) => item.key === key);
  if (index < 0 && key !== undefined) {
    const variant = Number(key.split(':')[0]);
    index = cart.items.findIndex((item) => item.id === variant);
  }
  const item = cart.items[index];
  return item ? { line: index + 1, item } : null;
}

export type LineOutcome = 'changed' | 'refused' | 'failed' | 'missing';

/**
 * Queues a change of one line. The line is pinned to its key when the shopper clicks (the
 * cart they see), and its position and quantity are read again when the request's turn comes,
 * from the cart the previous request returned.
 */
function mutateLine(line: number, target: (quantity: number) => number, refusal?: string): Promise<LineOutcome> {
  const seen = $cart.get();
  const key = seen?.items[line - 1]?.key;
  if (seen && key === undefined) {
    console.error('Item not found');
    return Promise.resolve('missing');
  }
  return enqueueMutation(async (): Promise<LineOutcome> => {
    const cart = $cart.get() ?? (await fetchCart());
    const found = cart && locate(cart, key, line);
    if (!found) {
      console.error('Item not found');
      return 'missing';
    }
    const { status, body } = await postJSON(endpointUrl('cart.change'), {
      line: found.line,
      quantity: target(found.item.quantity),
    });
    if (status === 422 && refusal) {
      console.error(refusal);
      $cartNotice.set({ key: found.item.key, message: errorMessage(body) });
      return 'refused';
    }
    if ((status === 400 || status === 404) && !(await lineStillThere(found.item.key))) {
      // The bag changed elsewhere (another device emptied it): show it as it is now, without
      // the line, rather than an error under a line that no longer exists.
      $cartNotice.set(null);
      return 'missing';
    }
    if (status < 200 || status >= 300 || !isCart(body)) {
      console.error(`cart/change.js answered ${status}`);
      $cartNotice.set({ key: found.item.key, message: t('errors.generic') });
      return 'failed';
    }
    $cartNotice.set(null);
    showCart(body);
    announce();
    return 'changed';
  });
}

/** Reloads the bag; true when the line with `key` is still in it (or the bag could not load). */
async function lineStillThere(key: string): Promise<boolean> {
  const fresh = await fetchCart();
  return fresh === null || fresh.items.some((item) => item.key === key);
}

/** Sets a line (1-based) to quantity; 0 removes it (spec §7 /cart/change). */
export function changeLine(line: number, quantity: number): Promise<LineOutcome> {
  return mutateLine(line, () => Math.max(0, Math.floor(quantity)));
}

/** Spec §4: one more, applied only if the server does not refuse it (422). */
export function increaseLine(line: number): Promise<LineOutcome> {
  return mutateLine(line, (q) => q + 1, 'Could not increase quantity');
}

/** Spec §4: one fewer; a quantity of 1 removes the line. */
export function decreaseLine(line: number): Promise<LineOutcome> {
  return mutateLine(line, (q) => (q <= 1 ? 0 : q - 1));
}

/** Tests only: forgets the remembered order of lines (here and in storage). */
export function forgetCartOrder(): void {
  $recent.set({ token: '', keys: [] });
  writeStorage(RECENT_STORAGE_KEY, JSON.stringify($recent.get()));
}

/** Tests only: waits for every queued cart request to settle. */
export function cartIdle(): Promise<unknown> {
  return tail;
}
