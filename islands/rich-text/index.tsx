// Merchant HTML that needs more than the server's allow-list (upgrade.ts), as it comes into view.
import { island } from '../../shared/runtime/schedule';

island('rich-text', () => import('./upgrade'), { visible: true });
