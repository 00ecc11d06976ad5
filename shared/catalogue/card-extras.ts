// The parts of a card only a product list fills (snippets/product-card draws the same for the
// cards the server draws): the second photo shown on hover, the photos' focal points, and the
// colour dots, at most the template's cap (data-cap) with the rest counted ("+2"). Each colour is
// the spec's table's (colour--<name>; black for a colour it lacks, spec §3, not logged here, where
// every list would log it again for every card), or the platform's swatch colour where the shop
// gives one. Kept out of card.ts, whose chunk the wishlist page loads too, at its budget's edge.
import { colourName, isColourOption } from './colours';
import { CARD_IMAGE_WIDTHS } from './card';
import { imageAtWidth } from '../format/image-url';
import { safeUrl } from '../sanitize/url';
import { tn } from '../i18n';
import type { ProductOption } from './product';

export type CardExtras = {
  /** The first photo's focal point as a CSS position ("30% 20%"), where the shop set one. */
  focal?: string;
  /** The second photo's 500 px address, shown on hover. */
  image2?: string;
  focal2?: string;
  productOptions: readonly ProductOption[];
  /** The platform's swatch colour of each colour value that has one. */
  swatches?: Readonly<Record<string, string>>;
};

const POSITION = /^\d{1,3}(\.\d+)?% \d{1,3}(\.\d+)?%$/;

function place(img: HTMLImageElement, url: string, focal?: string): void {
  img.src = url;
  img.srcset = CARD_IMAGE_WIDTHS.map((width) => `${imageAtWidth(url, width)} ${width}w`).join(', ');
  if (focal && POSITION.test(focal)) img.style.objectPosition = focal;
}

/** Fills a card from fillCard (card.ts) with the list's extras; what a product lacks goes. */
export function fillCardExtras(card: HTMLElement, data: CardExtras): void {
  const image = card.querySelector<HTMLImageElement>('img.product-card__image');
  if (image && data.focal && POSITION.test(data.focal)) image.style.objectPosition = data.focal;
  const hover = card.querySelector<HTMLImageElement>('img.product-card__hover-image');
  if (hover && image && data.image2) {
    place(hover, safeUrl(data.image2), data.focal2);
    hover.hidden = false;
  } else {
    hover?.remove();
  }

  const dots = card.querySelector<HTMLElement>('.product-card__colours');
  if (!dots) return;
  const values = data.productOptions.find((option) => isColourOption(option.name))?.values ?? [];
  if (values.length < 2) {
    dots.remove();
    return;
  }
  const swatches = data.swatches ?? {};
  const cap = Number(dots.dataset['cap']) || values.length;
  const model = dots.querySelector('.product-card__dot');
  const more = dots.querySelector('.product-card__more-colours');
  for (const value of values.slice(0, cap)) {
    const dot = model?.cloneNode() as HTMLElement | undefined;
    if (!dot) break;
    dot.classList.add(`colour--${colourName(value) ?? 'black'}`);
    const swatch = Object.prototype.hasOwnProperty.call(swatches, value) ? swatches[value] : undefined;
    if (typeof swatch === 'string') dot.style.setProperty('--swatch', swatch);
    more?.before(dot);
  }
  model?.remove();
  if (more && values.length > cap) more.textContent = `+${values.length - cap}`;
  else more?.remove();
  const label = dots.querySelector('.visually-hidden');
  if (label) label.textContent = tn('product.colour_count', values.length);
  dots.hidden = false;
}
