// A small stand-in for the platform's AJAX cart: /cart.js, /cart/add.js, /cart/change.js with
// stock limits (422 beyond them), a delay per answer and a log of what it was asked; and the
// product endpoint /products/<handle>.js, with each variant's price and compare-at price.
import type { Cart, CartItem } from '../../../shared/stores/cart';

type Variant = { id: number; productId: number; title: string; price: number; stock: number; compareAt?: number };

export class FakeCartServer {
  lines: { variant: Variant; quantity: number; key: string }[] = [];
  requests: { url: string; body: unknown }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  delayMs = 0;
  /** Where a new line goes: the top (as the fake always did) or the end (as the preview does). */
  newLines: 'top' | 'end' = 'top';

  constructor(readonly variants: Variant[]) {}

  variant(id: number): Variant | undefined {
    return this.variants.find((v) => v.id === id);
  }

  put(id: number, quantity: number): void {
    const variant = this.variant(id)!;
    this.lines.push({ variant, quantity, key: `${id}:k${this.lines.length}` });
  }

  cart(): Cart {
    const items: CartItem[] = this.lines.map(({ variant: v, quantity, key }) => ({
      id: v.id,
      key,
      product_id: v.productId,
      url: `/products/p${v.productId}?variant=${v.id}`,
      image: null,
      featured_image: null,
      product_title: v.title,
      title: v.title,
      variant_title: null,
      options_with_values: [],
      variant_options: [],
      quantity,
      price: v.price,
      final_line_price: v.price * quantity,
      handle: `p${v.productId}`,
    }));
    return {
      token: 't',
      currency: 'UAH',
      item_count: items.reduce((n, i) => n + i.quantity, 0),
      total_price: items.reduce((n, i) => n + i.final_line_price, 0),
      items,
    };
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    this.requests.push({ url, body });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((r) => setTimeout(r, this.delayMs));
      return this.answer(url, body);
    } finally {
      this.inFlight--;
    }
  };

  private json(data: unknown, status = 200): Response {
    return new Response(JSON.stringify(data), { status });
  }

  private answer(url: string, body: unknown): Response {
    const path = url.replace(/^\/en\//, '/');
    if (path === '/cart.js') return this.json(this.cart());
    if (path === '/cart/add.js') {
      const items = (body as { items: { id: number; quantity: string }[] }).items;
      const added: string[] = [];
      for (const item of items) {
        const v = this.variant(item.id);
        if (!v) return this.json({ status: 404, message: 'Cart Error', description: 'Cannot find variant' }, 404);
        const line = this.lines.find((l) => l.variant.id === v.id);
        const want = (line?.quantity ?? 0) + Number(item.quantity);
        if (want > v.stock) {
          return this.json({ status: 422, message: 'Cart Error', description: `The product '${v.title}' is already sold out.` }, 422);
        }
        if (line) {
          line.quantity = want;
          added.push(line.key);
        } else {
          const created = { variant: v, quantity: want, key: `${v.id}:k${this.lines.length}` };
          if (this.newLines === 'top') this.lines.unshift(created);
          else this.lines.push(created);
          added.push(created.key);
        }
      }
      // The platform answers with the lines added, each with its key (not every field here).
      return this.json({ items: added.map((key) => this.cart().items.find((i) => i.key === key)) });
    }
    if (path === '/cart/change.js') {
      const { line, quantity } = body as { line: number; quantity: number };
      const target = this.lines[line - 1];
      if (!target) return this.json({ status: 'bad_request', message: 'no valid id or line parameter' }, 400);
      if (quantity > target.variant.stock) {
        return this.json({ status: 422, message: 'Cart Error', description: `You can't add more ${target.variant.title} to the cart.` }, 422);
      }
      if (quantity === 0) this.lines.splice(line - 1, 1);
      else target.quantity = quantity;
      return this.json(this.cart());
    }
    const product = /^\/products\/p(\d+)\.js$/.exec(path);
    if (product) {
      const variants = this.variants.filter((v) => v.productId === Number(product[1]));
      if (variants.length)
        return this.json({ handle: `p${product[1]}`, variants: variants.map((v) => ({ id: v.id, price: v.price, compare_at_price: v.compareAt ?? null })) });
    }
    return this.json({ message: 'Not found' }, 404);
  }
}
