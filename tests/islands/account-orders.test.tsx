// The orders list of the account area: what a signed-in shopper sees and can open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { configureClient, resetClient } from '../../shared/api/client';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { AccountOrders } from '../../islands/account-orders/AccountOrders';
import { normaliseOrder, PAYMENT_STATUSES } from '../../islands/account-orders/order';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');
const uk = await islandStrings('uk');

function rawOrder(n: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 3000001000 + n,
    name: `#${1000 + n}`,
    created_at: `2026-03-0${(n % 9) + 1}T10:00:00Z`,
    financial_status: status,
    total_price: 1268000 + n,
    // As the money filter writes it: the platform's order has no currency code.
    total_price_text: '12 680 UAH',
    email: 'olena@example.com',
    shipping_address: { name: 'Олена Коваль', phone: '+380671234567' },
    shipping_methods: [{ title: 'Нова Пошта — кур’єр' }],
    line_items: [
      {
        id: n * 10,
        image: '/cdn/a.jpg?width=100',
        image2x: '/cdn/a.jpg?width=200',
        width: 1000,
        height: 1500,
        price: 289000,
        price_text: '2 890 UAH',
        quantity: 2,
        product: { name: 'Cropped denim jacket' },
        variant: { options: ['light-blue', 'S'] },
      },
    ],
    ...extra,
  };
}

function page(lang: 'en' | 'uk') {
  setBootstrapScript({ rootUrl: lang === 'en' ? '/en/' : '/', locale: { requestLocale: { isoCode: lang }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  if (lang === 'uk') setDictionary('uk', uk);
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  resetClient();
});
afterEach(() => {
  cleanup();
  errors.mockRestore();
});

describe('orders list', () => {
  it('shows a row per order with date, payment status, total and a closed +/- toggle', () => {
    page('en');
    const orders = PAYMENT_STATUSES.map((status, i) => rawOrder(i + 1, status));
    render(<AccountOrders orders={orders} pages={1} />);
    const rows = screen.getAllByRole('button');
    expect(rows).toHaveLength(9);
    const labels = rows.map((row) => row.querySelector('.order__status')?.textContent?.replace('Status ', ''));
    expect(labels).toEqual(['Authorized', 'Expired', 'Paid', 'Partially paid', 'Partially refunded', 'Pending', 'Refunded', 'Waiting for payment', 'Voided']);
    const first = rows[0]!;
    expect(first.textContent).toContain('#1001');
    expect(first.textContent).toContain('02 Mar 2026');
    expect(first.textContent).toContain('12 680 UAH');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(first.getAttribute('aria-controls')!)?.hidden).toBe(true);
  });

  it('reads every status and month in Ukrainian', () => {
    page('uk');
    render(<AccountOrders orders={PAYMENT_STATUSES.map((status, i) => rawOrder(i + 1, status))} pages={1} />);
    const labels = screen.getAllByRole('button').map((row) => row.querySelector('.order__status')?.lastChild?.textContent);
    expect(labels).toEqual([
      'Авторизовано',
      'Термін оплати минув',
      'Оплачено',
      'Частково оплачено',
      'Частково повернено',
      'Обробляється',
      'Повернено',
      'Очікує на оплату',
      'Скасовано',
    ]);
    expect(screen.getAllByRole('button')[0]!.textContent).toContain('02 бер 2026');
  });

  it('opens and closes an order: shipping details, default shipping method, line items', () => {
    page('en');
    render(<AccountOrders orders={[rawOrder(1, 'paid', { shipping_methods: [] })]} pages={1} />);
    const row = screen.getByRole('button', { name: /#1001/ });
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(row.getAttribute('aria-controls')!)!;
    expect(body.hidden).toBe(false);
    const details = within(body);
    expect(details.getByText('Олена Коваль')).toBeTruthy();
    expect(details.getByText('+380671234567')).toBeTruthy();
    expect(details.getByText('olena@example.com')).toBeTruthy();
    expect(details.getByText('Standard delivery')).toBeTruthy();
    expect(details.getByText('Cropped denim jacket')).toBeTruthy();
    expect(details.getByText('Light blue, S')).toBeTruthy();
    expect(details.getByText('Quantity: 2')).toBeTruthy();
    expect(details.getByText('2 890 UAH')).toBeTruthy();
    expect(body.querySelector('img')?.getAttribute('srcset')).toBe('/cdn/a.jpg?width=100 100w, /cdn/a.jpg?width=200 200w');
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
  });

  it('says so when there are no orders', () => {
    page('en');
    render(<AccountOrders orders={[]} pages={1} />);
    expect(screen.getByText('You have no orders yet')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('orders beyond the first page', () => {
  it('shows a spinner while /pages/api/customer loads, then every order of every page', async () => {
    page('en');
    const answers = new Map<string, (r: Response) => void>();
    configureClient({
      storage: null,
      fetch: (input) => new Promise<Response>((resolve) => answers.set(String(input), resolve)),
    });
    const all = Array.from({ length: 25 }, (_, i) => rawOrder(i + 1, 'paid'));
    // The page the server drew is page 2 (?page=2): its 5 orders.
    render(<AccountOrders orders={all.slice(20)} pages={2} pagination={{ previous: '/en/account?page=1', next: null, parts: [] }} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getAllByRole('button')).toHaveLength(5);
    // The endpoint answers one page of 20 at a time, as the platform pages customer.orders.
    await waitFor(() => expect([...answers.keys()]).toEqual(['/en/pages/api?view=api-customer&page=1']));
    answers.get('/en/pages/api?view=api-customer&page=1')!(
      new Response(JSON.stringify({ email: 'olena@example.com', orders: all.slice(0, 20), orders_count: 25, ordersPage: 1, ordersPages: 2 })),
    );
    await waitFor(() => expect([...answers.keys()]).toContain('/en/pages/api?view=api-customer&page=2'));
    expect(screen.getAllByRole('button')).toHaveLength(5);
    answers.get('/en/pages/api?view=api-customer&page=2')!(
      new Response(JSON.stringify({ email: 'olena@example.com', orders: all.slice(20), orders_count: 25, ordersPage: 2, ordersPages: 2 })),
    );
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(25));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('keeps the server’s page and its links when a later page fails', async () => {
    page('en');
    configureClient({
      storage: null,
      fetch: async (input) =>
        String(input).endsWith('page=1')
          ? new Response(JSON.stringify({ orders: Array.from({ length: 20 }, (_, i) => rawOrder(i + 1, 'paid')), ordersPages: 2 }))
          : new Response('nope', { status: 500 }),
    });
    render(<AccountOrders orders={[rawOrder(21, 'paid')]} pages={2} pagination={{ previous: '/en/account?page=1', next: null, parts: [] }} />);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/en/account?page=1');
    expect(errors).toHaveBeenCalled();
  });

  it('keeps the page it has and its page links when the customer call fails (logged only)', async () => {
    page('en');
    configureClient({ storage: null, fetch: async () => new Response('nope', { status: 500 }) });
    const all = Array.from({ length: 20 }, (_, i) => rawOrder(i + 1, 'paid'));
    render(
      <AccountOrders
        orders={all}
        pages={2}
        pagination={{
          previous: null,
          next: '/en/account?page=2',
          parts: [
            { title: '1', url: null, current: true },
            { title: '2', url: '/en/account?page=2', current: false },
          ],
        }}
      />,
    );
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getAllByRole('button')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/en/account?page=2');
    expect(screen.getByRole('link', { name: 'Page 2' })).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });
});

describe('normaliseOrder', () => {
  it('treats missing values as empty rather than failing', () => {
    const order = normaliseOrder({ name: '#7', line_items: [{ product: null, variant: {} }] });
    expect(order).toMatchObject({ key: '7', recipient: '', phone: '', email: '', shippingTitle: '', totalPrice: 0 });
    expect(order.lineItems[0]).toMatchObject({ name: '', options: [], image: '' });
  });

  it('accepts image objects and first/last names, as the platform writes them', () => {
    const order = normaliseOrder({
      shipping_address: { first_name: 'Марія', last_name: 'Шевченко' },
      line_items: [{ image: { src: '/x.jpg', width: 10, height: 15 } }],
    });
    expect(order.recipient).toBe('Марія Шевченко');
    expect(order.lineItems[0]).toMatchObject({ image: '/x.jpg', image2x: '/x.jpg', width: 10, height: 15 });
  });
});

describe('mounting over the server list', () => {
  it('keeps open the orders the shopper opened before the island loaded, and the focus', async () => {
    page('en');
    const { start } = await import('../../islands/account-orders/start');
    const props = JSON.stringify({ orders: [rawOrder(1, 'paid'), rawOrder(2, 'unpaid')], pages: 1 });
    document.body.innerHTML = `<div data-island="account-orders"><script type="application/json" data-island-props>${props}</script>
      <ul><li class="order"><details open><summary tabindex="0">#1001</summary><div class="order__body" id="order-1001-details"></div></details></li>
      <li class="order"><details><summary>#1002</summary><div class="order__body" id="order-1002-details"></div></details></li></ul></div>`;
    document.querySelector<HTMLElement>('summary')!.focus();
    start(Array.from(document.querySelectorAll<HTMLElement>('[data-island="account-orders"]')));
    const [first, second] = Array.from(document.querySelectorAll('button.order__row'));
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(first);
    expect(document.querySelector('details')).toBeNull();
    document.body.innerHTML = '';
  });
});
