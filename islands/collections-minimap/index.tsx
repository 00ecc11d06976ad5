// The collections minimap (minimap.ts) follows the page's scroll: it starts with the first input.
import { island } from '../../shared/runtime/schedule';

island('collections-minimap', () => import('./minimap'), { page: true });
