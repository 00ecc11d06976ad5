// The search overlay (overlay.ts): small, and opened often at once, so it is ready when the
// browser is idle (or on the first input before that).
import { island } from '../../shared/islands/schedule';

island('search', () => import('./overlay'), { idle: true, page: true });
