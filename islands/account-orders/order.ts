// An order as the orders screen shows it (spec §3 Order and Line item), and the one function
// that turns what the server sent (island props, or /pages/api/customer) into it. The server is
// trusted for meaning, not for shape: a missing field becomes empty, never a crash (spec §3:
// missing values treated as empty).

export type OrderLineItem = {
  id: string;
  image: string;
  image2x: string;
  width: number;
  height: number;
  price: number;
  /** The price as the server's money filter wrote it. */
  priceText: string;
  quantity: number;
  name: string;
  options: string[];
  /** The unit price before the line's own discounts, when they took something off ('' otherwise). */
  originalPriceText: string;
  /** The line's own discounts. */
  discounts: OrderDiscount[];
};

/** A discount with its amount as the server's money filter wrote it. */
export type OrderDiscount = { title: string; amountText: string };

export type Order = {
  /** For element ids: the name's digits ('#1010' → '1010'), as handleize does in Liquid. */
  key: string;
  name: string;
  createdAt: string;
  financialStatus: string;
  totalPrice: number;
  /** The total as the server's money filter wrote it (orders carry no currency code on the platform). */
  totalText: string;
  email: string;
  recipient: string;
  phone: string;
  /** The first shipping method's title, '' when there is none (the screen then says 'Standard delivery'). */
  shippingTitle: string;
  lineItems: OrderLineItem[];
  /** The lines' total after their own discounts, before the order's. */
  subtotalText: string;
  /** Discounts on the whole order (a code), each with its amount. */
  discounts: OrderDiscount[];
};

/** The nine payment statuses of spec §3; any other is shown as the server wrote it. */
export const PAYMENT_STATUSES = ['authorized', 'expired', 'paid', 'partially_paid', 'partially_refunded', 'pending', 'refunded', 'unpaid', 'voided'] as const;

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const record = (v: unknown): Raw => (isRecord(v) ? v : {});

/** Liquid's handleize, enough for an order name: lower case, runs of other characters → '-'. */
export function handleize(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function discounts(v: unknown): OrderDiscount[] {
  return (Array.isArray(v) ? v : []).map(record).map((d) => ({ title: str(d['title']), amountText: str(d['amount_text']) }));
}

/** An image field may be a URL or an image object ({ src | url }). */
function imageUrl(v: unknown): string {
  if (typeof v === 'string') return v;
  const image = record(v);
  return str(image['src']) || str(image['url']);
}

function lineItem(raw: unknown, index: number): OrderLineItem {
  const item = record(raw);
  const product = record(item['product']);
  const variant = record(item['variant']);
  const image = item['image'];
  const image1x = imageUrl(image);
  const objectImage = record(image);
  const options = Array.isArray(variant['options']) ? variant['options'].map(str).filter(Boolean) : [];
  return {
    id: str(item['id']) || String(index),
    image: image1x,
    image2x: str(item['image2x']) || image1x,
    width: num(item['width']) || num(objectImage['width']),
    height: num(item['height']) || num(objectImage['height']),
    price: num(item['price']),
    priceText: str(item['price_text']),
    quantity: num(item['quantity']),
    name: str(product['name']) || str(product['title']) || str(item['title']),
    options,
    originalPriceText: str(item['original_price_text']),
    discounts: discounts(item['discounts']),
  };
}

export function normaliseOrder(raw: unknown, index = 0): Order {
  const order = record(raw);
  const name = str(order['name']);
  const address = record(order['shipping_address']);
  const methods = Array.isArray(order['shipping_methods']) ? order['shipping_methods'] : [];
  const items = Array.isArray(order['line_items']) ? order['line_items'] : [];
  return {
    key: handleize(name) || `order-${index + 1}`,
    name,
    createdAt: str(order['created_at']),
    financialStatus: str(order['financial_status']),
    totalPrice: num(order['total_price']),
    totalText: str(order['total_price_text']),
    email: str(order['email']),
    recipient: str(address['name']) || [str(address['first_name']), str(address['last_name'])].filter(Boolean).join(' '),
    phone: str(address['phone']),
    shippingTitle: str(record(methods[0])['title']),
    lineItems: items.map(lineItem),
    subtotalText: str(order['subtotal_text']),
    discounts: discounts(order['discounts']),
  };
}

/** A list of raw orders → orders; anything but a list → null (nothing to show). */
export function normaliseOrders(raw: unknown): Order[] | null {
  return Array.isArray(raw) ? raw.map(normaliseOrder) : null;
}
