import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import {
  $cart,
  $cartBusy,
  $cartCount,
  $cartLines,
  $cartNotice,
  addToCart,
  adoptAdd,
  cartIdle,
  changeLine,
  decreaseLine,
  forgetCartOrder,
  increaseLine,
  loadCart,
} from '../../shared/stores/cart';
import { $rightSidebar, closePanel } from '../../shared/stores/panel';
import { FakeCartServer } from '../unit/shared-support/fake-cart-server';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { forgetRedrawRequest } from '../../shared/stores/page-currency';

let server: FakeCartServer;
let errors: ReturnType<typeof vi.spyOn>;

function setRoot(rootUrl: string, cartItemCount = 0): void {
  setBootstrapScript({ rootUrl, cartItemCount });
  resetBootstrap();
}

beforeEach(async () => {
  await cartIdle();
  setRoot('/', 4);
  resetClient();
  server = new FakeCartServer([
    { id: 11, productId: 1, title: 'Coat', price: 459900, stock: 3 },
    { id: 22, productId: 2, title: 'Skirt', price: 129900, stock: 10 },
    { id: 33, productId: 3, title: 'Scarf', price: 49900, stock: 0 },
  ]);
  configureClient({ fetch: server.fetch, storage: null });
  $cart.set(null);
  closePanel();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => errors.mockRestore());

const mutations = () => server.requests.filter((r) => r.url !== '/cart.js').map((r) => r.body);
const quantities = () => $cart.get()?.items.map((i) => [i.id, i.quantity]);

describe('loading', () => {
  it('counts from the bootstrap until the cart loads, then from the cart', async () => {
    expect($cartCount.get()).toBe(4);
    server.put(22, 2);
    await loadCart();
    expect($cartCount.get()).toBe(2);
    expect($cart.get()?.items[0]?.product_title).toBe('Skirt');
  });

  it('one page, one currency: a bag priced in a currency chosen in another tab draws the page again, once, and never shows beside the old prices', async () => {
    server.put(22, 1);
    setBootstrapScript({ rootUrl: '/', cartItemCount: 1, locale: { cartCurrency: { isoCode: 'USD' } } });
    resetBootstrap();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    sessionStorage.clear();
    try {
      expect(await loadCart()).toBeNull();
      expect($cart.get()).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
      // Answers still arriving while the page is on its way out wait for it too: no second reload, no log.
      expect(await loadCart()).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(errors).not.toHaveBeenCalled();

      // Drawn again, the page still disagrees: the bag is shown as the shop has it (no loop), and logged.
      forgetRedrawRequest();
      expect((await loadCart())?.currency).toBe('UAH');
      expect($cart.get()?.items[0]?.product_title).toBe('Skirt');
      expect(reload).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls.some((c: unknown[]) => String(c[0]).includes('another currency'))).toBe(true);
    } finally {
      reload.mockRestore();
      sessionStorage.clear();
      forgetRedrawRequest();
    }
  });

  it('keeps the cart it has when loading fails', async () => {
    server.put(22, 1);
    await loadCart();
    configureClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    await loadCart();
    expect($cart.get()?.item_count).toBe(1);
  });

  it('is busy while requests are queued', async () => {
    server.delayMs = 5;
    const done = loadCart();
    expect($cartBusy.get()).toBe(true);
    await done;
    await cartIdle();
    expect($cartBusy.get()).toBe(false);
  });
});

describe('addToCart', () => {
  it('posts the spec payload, reloads the cart and opens the cart panel', async () => {
    const result = await addToCart([{ productId: 2, id: 22 }]);
    expect(result).toEqual({ ok: true });
    expect(server.requests[0]).toEqual({
      url: '/cart/add.js',
      body: { items: [{ form_type: 'product', productId: 2, id: 22, quantity: '1', utf8: '✓' }] },
    });
    expect(server.requests[1]?.url).toBe('/cart.js');
    expect(quantities()).toEqual([[22, 1]]);
    expect($rightSidebar.get()).toBe('cart');
  });

  it('answers the platform message on 422 and changes nothing', async () => {
    const result = await addToCart([{ productId: 3, id: 33 }]);
    expect(result).toEqual({ ok: false, message: "The product 'Scarf' is already sold out." });
    // The bag may have been read beside the add (to draw it from the answer): it holds nothing.
    await cartIdle();
    expect($cart.get()?.items ?? []).toEqual([]);
    expect($rightSidebar.get()).toBeNull();
  });

  it('falls back to body.message, then to a generic message', async () => {
    configureClient({ fetch: async () => new Response(JSON.stringify({ message: 'Cart Error' }), { status: 422 }) });
    expect(await addToCart([{ productId: 1, id: 11 }])).toEqual({ ok: false, message: 'Cart Error' });
    configureClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    const offline = await addToCart([{ productId: 1, id: 11 }]);
    expect(offline.ok).toBe(false);
    expect(offline.ok === false && offline.message.length > 0).toBe(true);
  });

  it.each([
    ['cut-off JSON', '{"items":'],
    ['a page of HTML', '<!doctype html><title>Sign in</title>'],
    ['JSON that is no line', '{"status":"ok"}'],
  ])('does not take a 200 with %s for an add: it says the add failed, and the count follows the bag', async (_, body) => {
    server.put(22, 2);
    const real = server.fetch;
    configureClient({ fetch: (url, init) => (String(url).endsWith('/cart/add.js') ? Promise.resolve(new Response(body, { status: 200 })) : real(url, init)) });
    const result = await addToCart([{ productId: 1, id: 11 }]);
    // The dictionary's add-error text (no dictionary is loaded here: its key).
    expect(result).toEqual({ ok: false, message: 'cart.add_error' });
    expect($rightSidebar.get()).toBeNull();
    expect($cartCount.get()).toBe(2);
    expect(errors).toHaveBeenCalledWith('cart/add.js answered 200 without the lines it added');
  });

  it('builds URLs from the English root', async () => {
    setRoot('/en/');
    await addToCart([{ productId: 2, id: 22 }]);
    // The add, and the bag read beside it and after it.
    expect(new Set(server.requests.map((r) => r.url))).toEqual(new Set(['/en/cart/add.js', '/en/cart.js']));
  });

  it('draws the bag from the add’s own answer: nothing else is asked for before it shows', async () => {
    server.put(11, 1);
    await loadCart();
    server.requests = [];
    server.delayMs = 2;
    let requestsWhenShown = -1;
    const stop = $cart.listen((cart) => {
      if (requestsWhenShown < 0 && cart?.items.some((item) => item.id === 22)) requestsWhenShown = server.requests.length;
    });
    let requestsWhenOpened = -1;
    const stopPanel = $rightSidebar.listen((name) => {
      if (name === 'cart' && requestsWhenOpened < 0) requestsWhenOpened = server.requests.length;
    });
    expect(await addToCart([{ productId: 2, id: 22 }])).toEqual({ ok: true });
    stop();
    stopPanel();
    expect(requestsWhenShown).toBe(1); // the add alone
    expect(requestsWhenOpened).toBe(1);
    expect($cartCount.get()).toBe(2);
  });

  it('counts an added line once, whether the bag it is drawn on was read before or after the add', async () => {
    server.put(11, 1);
    server.delayMs = 5;
    // The bag read while the add is on its way: the server may answer it either side of the add.
    const read = loadCart();
    const added = addToCart([{ productId: 1, id: 11 }]);
    await read;
    expect(await added).toEqual({ ok: true });
    expect($cartCount.get()).toBe(2);
    expect(quantities()).toEqual([[11, 2]]);
  });

  it('shows an add sent before the store came (the product form’s first tap) as its own', async () => {
    server.put(11, 1);
    await loadCart();
    const sent = server.fetch('/cart/add.js', { method: 'POST', body: JSON.stringify({ items: [{ id: 22, quantity: 1 }] }) }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
    }));
    expect(await adoptAdd(sent)).toEqual({ ok: true });
    expect(quantities()).toEqual(
      expect.arrayContaining([
        [11, 1],
        [22, 1],
      ]),
    );
    expect($cartCount.get()).toBe(2);
    expect($rightSidebar.get()).toBe('cart');
  });
});

describe('line changes', () => {
  beforeEach(async () => {
    server.put(11, 2); // line 1: Coat ×2, stock 3
    server.put(22, 1); // line 2: Skirt ×1
    await loadCart();
    server.requests = [];
    server.delayMs = 2;
  });

  it('changeLine posts line and quantity and takes the server cart', async () => {
    await changeLine(2, 4);
    expect(mutations()).toEqual([{ line: 2, quantity: 4 }]);
    expect(quantities()).toEqual([
      [11, 2],
      [22, 4],
    ]);
  });

  it('queues rapid increases, each from the previous answer, and keeps a 422 from applying', async () => {
    const clicks = [increaseLine(1), increaseLine(1), increaseLine(1)];
    expect(await Promise.all(clicks)).toEqual(['changed', 'refused', 'refused']);
    expect(server.maxInFlight).toBe(1);
    expect(mutations()).toEqual([
      { line: 1, quantity: 3 },
      { line: 1, quantity: 4 },
      { line: 1, quantity: 4 },
    ]);
    expect(quantities()).toEqual([
      [11, 3],
      [22, 1],
    ]);
    expect(errors).toHaveBeenCalledWith('Could not increase quantity');
  });

  it('decreasing a quantity of 1 removes the line; a click on a removed line logs Item not found', async () => {
    const clicks = [decreaseLine(1), decreaseLine(1), decreaseLine(1)];
    expect(await Promise.all(clicks)).toEqual(['changed', 'changed', 'missing']);
    expect(mutations()).toEqual([
      { line: 1, quantity: 1 },
      { line: 1, quantity: 0 },
    ]);
    expect(quantities()).toEqual([[22, 1]]);
    expect(errors).toHaveBeenCalledWith('Item not found');
  });

  it('follows a line that moved because an earlier queued change removed the one above', async () => {
    const removeCoat = changeLine(1, 0);
    const moreSkirts = increaseLine(2); // the skirt the shopper sees on line 2
    await Promise.all([removeCoat, moreSkirts]);
    expect(mutations()).toEqual([
      { line: 1, quantity: 0 },
      { line: 1, quantity: 2 },
    ]);
    expect(quantities()).toEqual([[22, 2]]);
  });

  it('logs Item not found for a line index outside the cart and sends nothing', async () => {
    expect(await increaseLine(5)).toBe('missing');
    expect(await decreaseLine(0)).toBe('missing');
    expect(mutations()).toEqual([]);
    expect(errors).toHaveBeenCalledWith('Item not found');
  });

  it('leaves the cart as it was when the change request fails', async () => {
    configureClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    expect(await decreaseLine(1)).toBe('failed');
    expect(quantities()).toEqual([
      [11, 2],
      [22, 1],
    ]);
  });
});

describe('what the shopper is told about a change', () => {
  beforeEach(async () => {
    server.put(11, 3); // Coat ×3: all the stock there is
    server.put(22, 1);
    await loadCart();
  });

  it('keeps the platform message of a refused increase for that line, until a change goes through', async () => {
    expect(await increaseLine(1)).toBe('refused');
    expect($cartNotice.get()).toEqual({ key: '11:k0', message: "You can't add more Coat to the cart." });
    expect(await decreaseLine(1)).toBe('changed');
    expect($cartNotice.get()).toBeNull();
  });

  it('says something went wrong when a change fails, and names the line', async () => {
    configureClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    expect(await increaseLine(2)).toBe('failed');
    expect($cartNotice.get()?.key).toBe('22:k1');
    expect($cartNotice.get()?.message).toBeTruthy();
  });
});

describe('the order lines are shown in', () => {
  beforeEach(() => forgetCartOrder());
  const shown = () => $cartLines.get().map(({ item, line }) => [item.id, line]);

  it('follows the server before anything is added here', async () => {
    server.put(11, 1);
    server.put(22, 1);
    await loadCart();
    expect(shown()).toEqual([
      [11, 1],
      [22, 2],
    ]);
  });

  it('puts an added item first even when the server appends it, keeping each line number', async () => {
    server.newLines = 'end';
    server.put(11, 1);
    await loadCart();
    await addToCart([{ productId: 2, id: 22 }]);
    expect(quantities()).toEqual([
      [11, 1],
      [22, 1],
    ]); // the server's order
    expect(shown()).toEqual([
      [22, 2],
      [11, 1],
    ]); // shown: newest first; line numbers for /cart/change
    await addToCart([{ productId: 1, id: 11 }]); // adding to an existing line makes it the newest
    expect(shown()).toEqual([
      [11, 1],
      [22, 2],
    ]);
  });

  it('changes the line the shopper sees when the display order differs from the server order', async () => {
    server.newLines = 'end';
    server.put(11, 1);
    await loadCart();
    await addToCart([{ productId: 2, id: 22 }]);
    const [top] = $cartLines.get();
    server.requests = [];
    await increaseLine(top!.line);
    expect(mutations()).toEqual([{ line: 2, quantity: 2 }]);
    expect(quantities()).toEqual([
      [11, 1],
      [22, 2],
    ]);
  });
});

describe('cross-tab sync', () => {
  it('announces successful changes on the cart channel', async () => {
    const other = new BroadcastChannel('cart');
    const heard = vi.fn();
    other.onmessage = heard;
    try {
      await addToCart([{ productId: 2, id: 22 }]);
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
      await addToCart([{ productId: 3, id: 33 }]); // refused: no announcement
      await new Promise((r) => setTimeout(r, 20));
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      other.close();
    }
  });

  it('reloads the cart when another tab announces a change', async () => {
    const other = new BroadcastChannel('cart');
    try {
      server.put(22, 3);
      other.postMessage('changed');
      await vi.waitFor(() => expect($cart.get()?.item_count).toBe(3));
    } finally {
      other.close();
    }
  });

  it('works where BroadcastChannel does not exist', async () => {
    vi.resetModules();
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const client = await import('../../shared/api/client');
      client.configureClient({ fetch: server.fetch, storage: null });
      const cart = await import('../../shared/stores/cart');
      expect(await cart.addToCart([{ productId: 2, id: 22 }])).toEqual({ ok: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
