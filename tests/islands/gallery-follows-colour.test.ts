// The product gallery follows the chosen colour (islands/product-gallery/follow-colour.ts): with
// ?color= in the address its colour's photo comes first as the page starts, and each colour the
// shopper picks in the product form brings its photo first, the phone strip back to it, the new
// first photo loading at once with the first place's sizes.
import { beforeEach, describe, expect, it } from 'vitest';
import { followColour, showColour } from '../../islands/product-gallery/follow-colour';

const slide = (id: number, sizes: string, extra = '') =>
  `<li class="product-gallery__slide product-gallery__slide--image" data-media-id="${id}"><img src="/p${id}.jpg" sizes="${sizes}" loading="lazy"${extra}></li>`;

function draw(): HTMLElement {
  document.body.innerHTML = `
    <div class="product-gallery" data-island="product-gallery">
      <script type="application/json" data-gallery-colours>{"beige":1,"Black":2,"milk":3}</script>
      <div class="product-gallery__track"><ul class="product-gallery__list">
        ${slide(1, 'column', ' fetchpriority="high"')}${slide(2, 'half')}${slide(3, 'half')}<li class="product-gallery__slide product-gallery__slide--video" data-media-id="9"><video></video></li>
      </ul></div>
    </div>
    <form><input type="radio" name="color" value="beige" checked><input type="radio" name="color" value="black"><input type="radio" name="color" value="milk"></form>`;
  return document.querySelector<HTMLElement>('[data-island="product-gallery"]')!;
}

const order = () => Array.from(document.querySelectorAll('.product-gallery__slide'), (s) => s.getAttribute('data-media-id'));

describe('the gallery follows the colour', () => {
  beforeEach(() => window.history.replaceState(null, '', '/products/wool-wrap-coat'));

  it('brings the colour’s photo first, with the first place’s sizes, at once', () => {
    const root = draw();
    expect(showColour(root, 'MILK')).toBe(true);
    expect(order()).toEqual(['3', '1', '2', '9']);
    const [first, second] = Array.from(root.querySelectorAll('img'));
    expect([first!.getAttribute('sizes'), first!.loading]).toEqual(['column', 'eager']);
    expect([second!.getAttribute('sizes'), second!.hasAttribute('fetchpriority')]).toEqual(['half', false]);
    // A colour without a photo leaves the gallery as it is.
    expect(showColour(root, 'navy')).toBe(false);
    expect(order()).toEqual(['3', '1', '2', '9']);
  });

  it('opens on the address’s colour and follows each pick in the form', () => {
    window.history.replaceState(null, '', '/products/wool-wrap-coat?color=black');
    draw();
    followColour();
    expect(order()).toEqual(['2', '1', '3', '9']);
    const milk = document.querySelector<HTMLInputElement>('input[value="milk"]')!;
    milk.checked = true;
    milk.dispatchEvent(new Event('change', { bubbles: true }));
    expect(order()).toEqual(['3', '2', '1', '9']);
  });

  it('leaves a gallery without colour photos alone', () => {
    document.body.innerHTML = `<div class="product-gallery" data-island="product-gallery"><ul>${slide(1, 'column')}${slide(2, 'half')}</ul></div>`;
    window.history.replaceState(null, '', '/products/x?color=black');
    followColour();
    expect(order()).toEqual(['1', '2']);
  });
});
