// The search overlay (overlay.ts): its code comes with the shopper's first input anywhere (a tap
// on the search button starts it; until it runs, the button is a link to the search page), within
// the 12 KB no-input budget (ARCHITECTURE.md).
import { island } from '../../shared/islands/schedule';

island('search', () => import('./overlay'), { page: true });
