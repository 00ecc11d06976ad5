// Only the product list moves cards into a collection grid's 2×2 tiles, so this lives with it
// (kept out of shared/catalogue/card.ts, whose chunk the wishlist page loads too).
import { imageAtWidth } from '../../shared/format/values';
/**
 * Issue 18: a card's picture as large as its place in the grid. The collection grid's first and
 * fourth cards are 2×2 tiles (drawn up to 680px): there the image takes the template's wide
 * `sizes` and a 1500w file besides the 1000w one; elsewhere the template's own `sizes`. The
 * island calls this for every card it places, as it reorders the server's cards and its own.
 */
export function fitCardImage(card: Element, template: HTMLTemplateElement, wide: boolean): void {
  const model = template.content.querySelector<HTMLImageElement>('img.product-card__image');
  if (!model) return;
  const sizes = (wide && model.dataset['wideSizes']) || model.getAttribute('sizes');
  // The photo, and the second one over it for the hover, in the same box.
  for (const image of card.querySelectorAll<HTMLImageElement>('img.product-card__image, img.product-card__hover-image')) {
    if (sizes && image.getAttribute('sizes') !== sizes) image.setAttribute('sizes', sizes);
    const srcset = image.getAttribute('srcset') ?? '';
    const large = /(\S+) 1000w/.exec(srcset)?.[1];
    if (wide && large && !/ 1500w\b/.test(srcset)) image.setAttribute('srcset', `${srcset}, ${imageAtWidth(large, 1500)} 1500w`);
  }
}
