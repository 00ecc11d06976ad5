// The product page's discovery sections, scheduled by one entry (one script on the page for
// both): "Wear it with" and "You may also like" (sections/product-recommendations, the cards
// come from the platform as the placeholder nears the viewport: product-recommendations/start.ts)
// and "Recently viewed" (sections/recently-viewed). Opening a product page is what that list
// remembers, so it is written at once, with no input (recently-viewed/history.ts); its cards are
// drawn by recently-viewed/draw.ts when the section nears the viewport.
import { island } from '../../shared/runtime/schedule';
import { rememberViewed } from '../recently-viewed/history';

island('product-recommendations', () => import('../product-recommendations/start'), { visible: true });

for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="recently-viewed"]'))) {
  // The list drawn on this page is what was seen before it (draw.ts leaves this product out).
  const handle = node.dataset['productHandle'];
  if (handle && !node.dataset['remembered']) {
    rememberViewed(handle);
    node.dataset['remembered'] = 'true';
  }
}
island('recently-viewed', () => import('../recently-viewed/draw'), { visible: true });
