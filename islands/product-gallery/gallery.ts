// Product gallery (spec §2, §4): the server draws every image (snippets/product-gallery.liquid);
// this adds the phone strip's 'n / total' counter, when ZOOM_ENABLED the in-place zoom, and the
// players of embedded videos and 3D models (deferred-media.ts).
// Plain DOM rather than a component: nothing here needs re-rendering, and leaving the server's
// <img> elements untouched keeps the page's largest paint where it is.
import { bootstrap } from '../../shared/bootstrap';
import { t } from '../../shared/i18n';
import { slideIndex } from './slides';
import { deferredMedia } from './deferred-media';

function followScroll(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('.product-gallery__track');
  const counter = root.querySelector<HTMLElement>('.product-gallery__counter');
  const total = root.querySelectorAll('.product-gallery__slide').length;
  if (!track || !counter) return;
  let frame = 0;
  const update = (): void => {
    frame = 0;
    const current = slideIndex(track.scrollLeft, track.clientWidth, total) + 1;
    counter.textContent = t('product.gallery_counter', { current, total });
  };
  track.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  // The strip may have moved before this code arrived (the swipe that loaded it).
  if (track.scrollLeft > 0) update();
}

/** The point of the image under the pointer, in %, which the zoomed image is scaled around. */
function aim(link: HTMLElement, event: MouseEvent): void {
  const box = link.getBoundingClientRect();
  if (!box.width || !box.height) return;
  link.style.setProperty('--zoom-x', `${(((event.clientX - box.left) / box.width) * 100).toFixed(1)}%`);
  link.style.setProperty('--zoom-y', `${(((event.clientY - box.top) / box.height) * 100).toFixed(1)}%`);
}

/**
 * Spec §4: a click zooms to the 2x image, a second click cancels. The link (the 2x file, for a
 * page without JavaScript) becomes a toggle button.
 */
function zoomable(link: HTMLAnchorElement): void {
  const image = link.querySelector('img');
  if (!image) return;
  link.setAttribute('role', 'button');
  link.setAttribute('aria-pressed', 'false');
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const zoomed = link.getAttribute('aria-pressed') !== 'true';
    if (zoomed) {
      // The 2x file replaces the responsive set, so the doubled image stays sharp.
      image.removeAttribute('srcset');
      image.src = link.getAttribute('href') ?? link.href;
      if (event.detail > 0) aim(link, event);
    }
    link.classList.toggle('is-zoomed', zoomed);
    link.setAttribute('aria-pressed', String(zoomed));
  });
  link.addEventListener('mousemove', (event) => {
    if (link.classList.contains('is-zoomed')) aim(link, event);
  });
  // A button answers Space as well as Enter.
  link.addEventListener('keydown', (event) => {
    if (event.key === ' ') {
      event.preventDefault();
      link.click();
    }
  });
}

export function start(nodes: HTMLElement[]): void {
  for (const root of nodes) {
    try {
      followScroll(root);
      if (bootstrap().settings.zoomEnabled) root.querySelectorAll<HTMLAnchorElement>('a.product-gallery__zoom').forEach(zoomable);
      root.querySelectorAll<HTMLAnchorElement>('a[data-deferred-media]').forEach(deferredMedia);
    } catch (error) {
      // The gallery still shows every image; only the counter, zoom or a player is lost.
      console.error('Island "product-gallery" failed', error);
    }
  }
}
