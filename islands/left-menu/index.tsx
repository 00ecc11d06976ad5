// The slide-out left menu (menu.ts): small, and opened often at once, so it is ready when the
// browser is idle (or on the first input before that); at once when the address opens it
// (#left-menu, the no-JavaScript anchor).
import { island } from '../../shared/islands/schedule';

island('left-menu', () => import('./menu'), { idle: true, page: true, now: window.location.hash === '#left-menu' });
