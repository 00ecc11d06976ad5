// The orders list (spec §2): column header, one row per order, 'You have no orders yet' when
// there are none. The page embeds the orders it drew (props); when the customer has more than
// one page of them, every page comes from /pages/api/customer?page=n behind a spinner (the
// endpoint answers 20 orders a page, as the platform pages customer.orders), and until then (or
// if any page fails: spec §8, logged only) the server's page and its page links stay.
import { useEffect, useState } from 'react';
import { getJSON } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { normaliseOrders, type Order } from './order';
import { OrderRow } from './OrderRow';

export type PageLink = { title: string; url: string | null; current: boolean };
export type Pagination = { previous: string | null; next: string | null; parts: PageLink[] };

export type AccountOrdersProps = {
  /** The orders of the page the server drew, in the shape of spec §3 (order-json snippet). */
  orders?: unknown;
  /** How many pages of orders the customer has; more than one means the list is partial. */
  pages?: number;
  pagination?: Pagination | null;
  /** Orders the shopper opened before the island mounted (their keys). */
  initiallyOpen?: ReadonlySet<string>;
};

type CustomerPage = { orders?: unknown; ordersPages?: unknown };

function customerOrders(customer: unknown): Order[] | null {
  if (typeof customer !== 'object' || customer === null) return null;
  return normaliseOrders((customer as CustomerPage).orders);
}

/** Every order of the customer, page by page (page 1 says how many there are); null if any fails. */
async function allOrders(): Promise<Order[] | null> {
  const first = await getJSON<CustomerPage>('customer', { params: { page: 1 } });
  const firstOrders = customerOrders(first);
  if (!first || !firstOrders) {
    if (first !== null) console.error('customer: no orders list in the answer');
    return null;
  }
  const pages = typeof first.ordersPages === 'number' && first.ordersPages > 1 ? Math.min(first.ordersPages, 1250) : 1;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => getJSON<CustomerPage>('customer', { params: { page: i + 2 } })));
  const lists = rest.map(customerOrders);
  if (lists.some((list) => list === null)) return null;
  return [firstOrders, ...(lists as Order[][])].flat();
}

export function AccountOrders({ orders: embedded, pages = 1, pagination = null, initiallyOpen }: AccountOrdersProps) {
  const first = normaliseOrders(embedded);
  const partial = first === null || pages > 1;
  const [orders, setOrders] = useState<Order[] | null>(first);
  const [complete, setComplete] = useState(!partial);
  const [loading, setLoading] = useState(partial);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));

  useEffect(() => {
    if (!partial) return;
    let live = true;
    void allOrders().then((all) => {
      if (!live) return;
      if (all) {
        setOrders(all);
        setComplete(true);
      }
      setLoading(false);
    });
    return () => {
      live = false;
    };
    // Loads once per mount: the props never change.
  }, []);

  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const list = orders ?? [];
  return (
    <>
      {list.length > 0 && (
        <>
          <div className="orders__head" aria-hidden="true">
            <span>{t('orders.order_number')}</span>
            <span>{t('orders.expected_by')}</span>
            <span>{t('orders.status')}</span>
            <span>{t('orders.price')}</span>
          </div>
          <ul className="orders__list" role="list">
            {list.map((order) => (
              <OrderRow key={order.key} order={order} open={open.has(order.key)} onToggle={() => toggle(order.key)} />
            ))}
          </ul>
        </>
      )}
      {loading && (
        <p className="spinner orders__spinner" role="status">
          {t('common.loading')}
        </p>
      )}
      {!loading && list.length === 0 && <p className="orders__empty">{t('orders.empty')}</p>}
      {!complete && !loading && pagination && <PageLinks pagination={pagination} />}
    </>
  );
}

function PageLinks({ pagination }: { pagination: Pagination }) {
  return (
    <nav className="orders__pagination" aria-label={t('orders.pagination')}>
      {pagination.previous && <a href={pagination.previous}>{t('orders.previous')}</a>}
      {pagination.parts.map((part, index) =>
        part.url && !part.current ? (
          <a key={index} href={part.url} aria-label={t('orders.page', { number: part.title })}>
            {part.title}
          </a>
        ) : (
          <span key={index} aria-current={part.current ? 'page' : undefined}>
            {part.title}
          </span>
        ),
      )}
      {pagination.next && <a href={pagination.next}>{t('orders.next')}</a>}
    </nav>
  );
}
