// The orders list (start.tsx): native <details> rows until the shopper first acts on the page.
import { island } from '../../shared/runtime/schedule';

island('account-orders', () => import('./start'), { interaction: true, page: true });
