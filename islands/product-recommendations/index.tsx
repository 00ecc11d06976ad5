// "Wear it with" and "You may also like" (sections/product-recommendations.liquid): the server
// prints an empty placeholder; the cards come from the platform when it nears the viewport.
import { island } from '../../shared/islands/schedule';

island('product-recommendations', () => import('./start'), { visible: true });
