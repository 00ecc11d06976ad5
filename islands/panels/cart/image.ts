// Cart images are 100w, with 200w for dense screens (spec §9) and 300w for a 3× phone (issue 18:
// no picture is drawn wider than its file); a missing image is the 1×1 placeholder. The platform's image URLs take ?width=, and keep their own query (?v=).
import { PLACEHOLDER_IMAGE } from '../../../shared/dom/placeholder';

export function sizedImage(url: string, width: number): string {
  try {
    const parsed = new URL(url, window.location.origin);
    parsed.searchParams.set('width', String(width));
    // A same-origin path stays a path.
    return url.startsWith('/') && !url.startsWith('//') ? parsed.pathname + parsed.search : parsed.href;
  } catch {
    return url;
  }
}

/** src and srcSet for a cart-sized image. */
export function cartImage(url: string | null): { src: string; srcSet?: string } {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  return { src: sizedImage(url, 100), srcSet: `${sizedImage(url, 100)} 1x, ${sizedImage(url, 200)} 2x, ${sizedImage(url, 300)} 3x` };
}
