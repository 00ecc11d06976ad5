// The slide-out left menu (menu.ts): its code comes with the shopper's first input anywhere (a tap
// on the menu button starts it; until it runs, the no-JavaScript #left-menu anchor opens the menu),
// or at once when the address opens it. Loading it on idle as well kept every page over the
// 12 KB no-input budget (ARCHITECTURE.md) for a menu most visits never open.
import { island } from '../../shared/islands/schedule';

island('left-menu', () => import('./menu'), { page: true, now: window.location.hash === '#left-menu' });
