// Product form island (spec §4): colour and size, the variant and its price, add to bag. The
// server draws the whole form, which posts natively, so Preact and the form's code load when the
// browser is idle or as soon as the shopper reaches into the form.
import { lazyIsland } from '../../shared/islands/schedule';

lazyIsland('product-form', () => import('./start'), { idle: true, interaction: true, takesSubmit: true });
