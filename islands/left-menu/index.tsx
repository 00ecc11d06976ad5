// The slide-out left menu (menu.ts): its code comes with the shopper's first input, or at once
// when the address opens it (#left-menu, the no-JavaScript anchor).
import { island } from '../../shared/islands/schedule';

island('left-menu', () => import('./menu'), { page: true, now: window.location.hash === '#left-menu' });
