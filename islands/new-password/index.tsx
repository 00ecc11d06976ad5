// The new-password form (start.tsx): a native form until touched, at once after a recovery link.
import { island } from '../../shared/runtime/schedule';

island('new-password', () => import('./start'), { interaction: true, now: /[?&]recovered=true(&|$)/.test(window.location.search) });
