// The product gallery (gallery.ts): the counter and zoom come with the first touch of the gallery.
import { island } from '../../shared/islands/schedule';

island('product-gallery', () => import('./gallery'), { interaction: true });
