// The product gallery (gallery.ts): the counter, zoom and the players of embedded videos and 3D
// models come with the first touch of the gallery. With zoom on, each image is a link to its 2x
// file until then, and an embedded video or a model a link to it; a first click that comes before
// the code (a slow network) is held for the zoom or the player (shared/runtime/hold-clicks.ts), not
// followed. Following the chosen colour (follow-colour.ts) starts with the page.
import { island } from '../../shared/runtime/schedule';
import { holdFirstClicks } from '../../shared/runtime/hold-clicks';
import { followColour } from './follow-colour';

followColour();

const startGallery = island('product-gallery', () => import('./gallery'), { interaction: true });
// The zoom is the link itself, once the gallery has made it a toggle.
holdFirstClicks('[data-island="product-gallery"] a.product-gallery__zoom, [data-island="product-gallery"] a[data-deferred-media]', startGallery, (link) => ({
  control: () => (link.getAttribute('role') === 'button' ? link : null),
}));
