// The product gallery (gallery.ts): the counter and zoom come with the first touch of the gallery.
// With zoom on, each image is a link to its 2x file until then; a first click that comes before the
// code (a slow network) is held for the zoom (shared/runtime/hold-clicks.ts), not followed to the file.
import { island } from '../../shared/runtime/schedule';
import { holdFirstClicks } from '../../shared/runtime/hold-clicks';

const startGallery = island('product-gallery', () => import('./gallery'), { interaction: true });
// The zoom is the link itself, once the gallery has made it a toggle.
holdFirstClicks('[data-island="product-gallery"] a.product-gallery__zoom', startGallery, (link) => ({
  control: () => (link.getAttribute('role') === 'button' ? link : null),
}));
