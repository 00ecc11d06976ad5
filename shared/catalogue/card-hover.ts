// The second image a card shows on hover (Theme settings → Product cards), for the cards a list
// draws in the browser: the list's template has the image when the theme asks for it
// (snippets/product-card.liquid, with_hover), and a product with a second image fills it. Apart
// from card.ts so that pages whose cards never hover (the wishlist) do not load it.
import { imageAtWidth } from '../format/image-url';
import { safeUrl } from '../sanitize/url';
import { CARD_IMAGE_WIDTHS } from './card';

/** Fills a filled card's hover image from a 500 px address, or removes it when there is none or it is not safe. */
export function fillHoverImage(card: HTMLElement, url: string | undefined): void {
  const image = card.querySelector<HTMLImageElement>('img.product-card__image--hover');
  const safe = url && card.querySelector('img.product-card__image:not(.product-card__image--hover)') ? safeUrl(url) : '#';
  if (!image) return;
  if (safe === '#') {
    image.remove();
    return;
  }
  image.src = safe;
  image.srcset = CARD_IMAGE_WIDTHS.map((width) => `${imageAtWidth(safe, width)} ${width}w`).join(', ');
}
