// The parts of a card only a product list fills (snippets/product-card draws the same for the
// cards the server draws): the second photo shown on hover, the photo's focal point, and the
// colour dots, at most the template's cap (data-cap) with the rest counted ("+2"). Each colour is
// the spec's table's (colour--<name>; black for a colour it lacks, spec §3, not logged here, where
// every list would log it again for every card), or the platform's swatch colour where the shop
// gives one. Kept out of card.ts, whose chunk the wishlist page loads too, at its budget's edge.
// The second photo is not in the list's index (5,000 of them cost its byte budget): where a
// pointer hovers, the card asks the platform's product endpoint for it when first hovered or
// focused, and shows it once it has come, as the server's card shows its own.
import { COLOUR_NAMES, colourName, isColourOption, learnSwatches, platformSwatch } from './colours';
import { CARD_IMAGE_WIDTHS } from './card';
import { imageAtWidth, safeUrl } from '../format/values';
import { tn } from '../i18n';
import type { ProductOption } from './product';

export type CardExtras = {
  /** The product's address (its product endpoint is this with .js). */
  url: string;
  /** The photo's focal point as a CSS position ("30% 20%"), where the shop set one. */
  focal?: string;
  /** Its options; the platform's swatches of its colours are learned from them (colours.ts). */
  productOptions: readonly ProductOption[];
};

const POSITION = /^\d{1,3}(\.\d+)?% \d{1,3}(\.\d+)?%$/;

/** The product's second photo from the platform's product endpoint (Ajax Product API); null when it has none or the answer fails. */
async function secondPhoto(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url.split(/[?#]/, 1)[0]}.js`, { headers: { Accept: 'application/json' } });
    const answer: unknown = response.ok ? ((await response.json()) as unknown) : null;
    const images = typeof answer === 'object' && answer !== null ? (answer as { images?: unknown }).images : null;
    const second: unknown = Array.isArray(images) ? (images as unknown[])[1] : null;
    return typeof second === 'string' && second ? imageAtWidth(safeUrl(second), 500) : null;
  } catch {
    return null;
  }
}

/** Where a pointer hovers: the second photo, asked for on the first hover or focus of the card's link. */
function offerSecondPhoto(card: HTMLElement, hover: HTMLImageElement, url: string): void {
  const link = card.querySelector('.product-card__link');
  if (!link || typeof matchMedia !== 'function' || !matchMedia('(hover: hover)').matches) return;
  let asked = false;
  const ask = (): void => {
    if (asked) return;
    asked = true;
    void secondPhoto(url).then((src) => {
      if (!src || src === '#') return;
      hover.src = src;
      hover.srcset = CARD_IMAGE_WIDTHS.map((width) => `${imageAtWidth(src, width)} ${width}w`).join(', ');
      hover.hidden = false;
    });
  };
  link.addEventListener('pointerenter', ask);
  link.addEventListener('focusin', ask);
}

/** Fills a card from fillCard (card.ts) with the list's extras; what a product lacks goes. */
export function fillCardExtras(card: HTMLElement, data: CardExtras): void {
  const image = card.querySelector<HTMLImageElement>('img.product-card__image');
  if (image && data.focal && POSITION.test(data.focal)) image.style.objectPosition = data.focal;
  const hover = card.querySelector<HTMLImageElement>('img.product-card__hover-image');
  if (hover && image) offerSecondPhoto(card, hover, data.url);
  else hover?.remove();

  const dots = card.querySelector<HTMLElement>('.product-card__colours');
  if (!dots) return;
  const values = data.productOptions.find((option) => isColourOption(option.name))?.values ?? [];
  if (values.length < 2) {
    dots.remove();
    return;
  }
  learnSwatches(data.productOptions);
  const cap = Number(dots.dataset['cap']) || values.length;
  const model = dots.querySelector('.product-card__dot');
  const more = dots.querySelector('.product-card__more-colours');
  for (const value of values.slice(0, cap)) {
    const dot = model?.cloneNode() as HTMLElement | undefined;
    if (!dot) break;
    // The table's class, as the server's card writes it (black for a colour the table lacks); a
    // platform swatch paints over it.
    const name = colourName(value);
    dot.classList.add(`colour--${name && (COLOUR_NAMES as readonly string[]).includes(name) ? name : 'black'}`);
    const swatch = platformSwatch(value)?.color;
    if (swatch) dot.style.setProperty('--swatch', swatch);
    more?.before(dot);
  }
  model?.remove();
  if (more && values.length > cap) more.textContent = `+${values.length - cap}`;
  else more?.remove();
  const label = dots.querySelector('.visually-hidden');
  if (label) label.textContent = tn('product.colour_count', values.length);
  dots.hidden = false;
}
