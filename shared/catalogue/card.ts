// A product card for a product the server did not draw on this page (later products of a list,
// a search, the wishlist). The markup is the server's: snippets/product-card.liquid renders an
// empty card with every part into <template data-product-card>; this clones it, fills in the
// product's data as text and attributes, and removes the parts the product does not need. So a
// card looks and reads the same whoever drew it, and changing the card is one Liquid edit. The
// parts only a list fills (the hover photo, the colour dots) are card-extras.ts's, and stay hidden
// in the template's card where nothing fills them (the wishlist page, whose entries carry neither).
import { formatPrice, imageAtWidth, safeUrl } from '../format/values';

export type CardData = {
  id: number | string;
  url: string;
  title: string;
  /** Minor units in `currency`; null shows no price (rather than a wrong one). */
  price: number | null;
  compareAt?: number | null;
  /** The featured image's 500 px address (the srcset asks the CDN for the other widths); empty for a product without images. */
  image: string;
  available: boolean;
  preorder: boolean;
};

/** The widths of the card's srcset, as snippets/product-card.liquid lists them. */
export const CARD_IMAGE_WIDTHS = [360, 500, 720, 1000] as const;

/** The card template the server rendered inside an island's root; null when absent. */
export function findCardTemplate(root: ParentNode): HTMLTemplateElement | null {
  return root.querySelector<HTMLTemplateElement>('template[data-product-card]');
}

/** A filled copy of the template's card (the <article>). */
export function fillCard(template: HTMLTemplateElement, data: CardData, currency: string): HTMLElement {
  const card = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const part = <T extends Element = HTMLElement>(selector: string): T | null => card.querySelector<T>(selector);
  card.dataset['productId'] = String(data.id);
  // The data may come from the browser's cache, which another script could have written.
  part<HTMLAnchorElement>('.product-card__link')?.setAttribute('href', safeUrl(data.url));
  // The name, and the quick-add button's words where the template leaves the product's place.
  for (const title of card.querySelectorAll('[data-title]')) title.textContent = data.title;

  const image = part<HTMLImageElement>('img.product-card__image');
  const imageUrl = data.image ? safeUrl(data.image) : '#';
  if (imageUrl !== '#' && image) {
    image.src = imageUrl;
    image.srcset = CARD_IMAGE_WIDTHS.map((width) => `${imageAtWidth(imageUrl, width)} ${width}w`).join(', ');
    part('.product-card__no-image')?.remove();
  } else {
    image?.remove();
  }

  const onSale = data.price !== null && typeof data.compareAt === 'number' && data.compareAt > data.price;
  const badges: Record<string, boolean> = {
    '.badge--preorder': data.preorder,
    '.badge--sold-out': !data.available && !data.preorder,
    '.badge--sale': onSale,
  };
  for (const [selector, shown] of Object.entries(badges)) if (!shown) part(selector)?.remove();
  if (!part('.product-card__badges .badge')) part('.product-card__badges')?.remove();

  const price = part('.price');
  const current = part('.price__current');
  if (current) current.textContent = data.price === null ? '' : formatPrice(data.price, currency);
  if (onSale) {
    price?.classList.add('price--sale');
    const compare = part('.price__compare');
    if (compare) compare.textContent = formatPrice(data.compareAt as number, currency);
  } else {
    part('.price__was')?.remove();
  }
  return card;
}
