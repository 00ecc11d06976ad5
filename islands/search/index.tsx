// The search overlay (overlay.ts): hidden until opened, so its code comes with the first input.
import { island } from '../../shared/islands/schedule';

island('search', () => import('./overlay'), { page: true });
