// Entry of the collections minimap (sections/main-list-collections.liquid). The minimap is a
// pointer convenience beside a list that is complete without it, so its code loads when the
// browser is idle.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('collections-minimap', () => import('./minimap').then((m) => ({ start: m.startMinimaps })), { idle: true });
