// A card a list draws in the browser from the server's card template (shared/catalogue/card.ts,
// card-hover.ts): with the theme's "second image on hover" on, the list's template has a hover
// image, which a product with a second image fills and any other product loses.
import { describe, expect, it } from 'vitest';
import { fillCard, type CardData } from '../../shared/catalogue/card';
import { fillHoverImage } from '../../shared/catalogue/card-hover';

function draw(data: CardData, hoverImage?: string): HTMLElement {
  const card = fillCard(template(), data, 'UAH');
  fillHoverImage(card, hoverImage);
  return card;
}

/** The template snippets/product-card.liquid renders with as_template and the hover image on. */
function template(): HTMLTemplateElement {
  const node = document.createElement('template');
  node.innerHTML = `<article class="product-card"><a class="product-card__link" href="#"><span class="product-card__media">
    <img class="product-card__image" width="500" height="750" alt="" loading="lazy">
    <img class="product-card__image product-card__image--hover" width="500" height="750" alt="" loading="lazy">
    <span class="product-card__image product-card__no-image"></span></span><h3 class="product-card__title"></h3></a>
    <p class="price"><span class="price__current"></span></p></article>`;
  return node;
}

const product = {
  id: 1,
  url: '/products/coat',
  title: 'Coat',
  price: 899000,
  image: 'https://cdn.example/coat-1.jpg?width=500',
  available: true,
  preorder: false,
};

describe('a card’s hover image', () => {
  it('is the product’s second image, at the card’s widths', () => {
    const card = draw(product, 'https://cdn.example/coat-2.jpg?width=500');
    const images = card.querySelectorAll<HTMLImageElement>('img.product-card__image');
    expect(images).toHaveLength(2);
    expect(images[0]!.getAttribute('src')).toBe('https://cdn.example/coat-1.jpg?width=500');
    expect(images[1]!.classList.contains('product-card__image--hover')).toBe(true);
    expect(images[1]!.getAttribute('src')).toBe('https://cdn.example/coat-2.jpg?width=500');
    expect(images[1]!.getAttribute('srcset')).toContain('coat-2.jpg?width=1000 1000w');
  });

  it('is removed for a product with one image, one without images and an address that is not a web one', () => {
    for (const [data, hover] of [
      [product, undefined],
      [{ ...product, image: '' }, 'https://cdn.example/x.jpg'],
      [product, 'javascript:alert(1)'],
    ] as const) {
      const card = draw(data, hover);
      expect(card.querySelector('.product-card__image--hover')).toBeNull();
    }
  });
});
