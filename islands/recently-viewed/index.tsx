// Recently viewed (sections/recently-viewed.liquid). Opening a product page is what the list
// remembers, so that is written at once, with no input (a few lines of history.ts); the cards
// are drawn by draw.ts when the section nears the viewport.
import { island } from '../../shared/islands/schedule';
import { rememberViewed } from './history';

for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="recently-viewed"]'))) {
  // The list drawn on this page is what was seen before it (draw.ts leaves this product out).
  const handle = node.dataset['productHandle'];
  if (handle && !node.dataset['remembered']) {
    rememberViewed(handle);
    node.dataset['remembered'] = 'true';
  }
}
island('recently-viewed', () => import('./draw'), { visible: true });
