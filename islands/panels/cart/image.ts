// Cart images are 100w, with 200w for dense screens (spec §9) and 300w for a 3× phone (issue 18:
// no picture is drawn wider than its file); a missing image is the 1×1 placeholder.
import { PLACEHOLDER_IMAGE } from '../../../shared/dom/placeholder';
import { imageAtWidth } from '../../../shared/format/values';

/** src and srcSet for a cart-sized image. */
export function cartImage(url: string | null): { src: string; srcSet?: string } {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  return { src: imageAtWidth(url, 100), srcSet: `${imageAtWidth(url, 100)} 1x, ${imageAtWidth(url, 200)} 2x, ${imageAtWidth(url, 300)} 3x` };
}
