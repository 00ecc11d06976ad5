// Mounts the orders island over the server's list. What the shopper already did with the
// <details> rows (opened some, focused one) carries over to the buttons that replace them.
import { mountIsland } from '../../shared/runtime/mount';
import { AccountOrders, type AccountOrdersProps } from './AccountOrders';

const KEY = /^order-(.*)-details$/;

function keyOf(body: Element | null | undefined): string | null {
  return KEY.exec(body?.id ?? '')?.[1] ?? null;
}

export function start([node]: HTMLElement[]): void {
  if (!node) return;
  const open = new Set<string>();
  for (const details of Array.from(node.querySelectorAll('details[open]'))) {
    const key = keyOf(details.querySelector('.order__body'));
    if (key) open.add(key);
  }
  const active = document.activeElement;
  const focused = active?.tagName === 'SUMMARY' && node.contains(active) ? keyOf(active.parentElement?.querySelector('.order__body')) : null;

  mountIsland('account-orders', (props: AccountOrdersProps) => <AccountOrders {...props} initiallyOpen={open} />);

  if (focused) node.querySelector<HTMLElement>(`[aria-controls="order-${focused}-details"]`)?.focus();
}
