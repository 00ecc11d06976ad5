// Complete your look (spec §2, §4). The looks sit below the product, so their code is fetched
// only when one comes near the viewport (as Astro's client:visible does); until then each dot is
// the server's link to its product.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('look', () => import('./Look').then((m) => ({ start: m.mountLooks })), { visible: true, interaction: true });
