// The product page's islands in a DOM: the form mounts onto the server's markup without changing
// it, the selection follows the shopper (variant, price, sold out, the query), the wishlist toggle
// sends a guest to the login panel, and a look dot's popup opens, places itself and closes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { FastifyInstance } from 'fastify';
import { resetBootstrap } from '../../shared/bootstrap';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { mountIsland } from '../../shared/runtime/mount';
import { takeSlots } from '../../islands/product-form/slots';
import { $rightSidebar, closePanel } from '../../shared/stores/panel';
import { $customer } from '../../shared/stores/customer';
import { $wishlist } from '../../shared/stores/wishlist';
import { ProductForm, type FormProduct } from '../../islands/product-form/ProductForm';
import { DRESS } from './support/dress';
import { WishlistToggle } from '../../shared/wishlist/WishlistToggle';
import { Look, type LookDot } from '../../islands/look/Look';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { testPreview } from '../../preview/testing';
import { islandStrings } from '../support/island-strings';

const en = await islandStrings('en');
const tick = () => new Promise((r) => setTimeout(r, 0));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  window.history.replaceState(null, '', '/en/products/coat');
  closePanel();
});
afterEach(() => {
  cleanup();
  errors.mockRestore();
  document.body.innerHTML = '';
});

/** The DOM as a shopper meets it: tags, attributes, form state and text, whitespace folded. */
function canonical(root: Element): string[] {
  const out: string[] = [];
  const walk = (parent: Node) => {
    let text = '';
    const flush = () => {
      if (text.trim()) out.push(JSON.stringify(text.replace(/\s+/g, ' ').trim()));
      text = '';
    };
    for (const node of Array.from(parent.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent ?? '';
        continue;
      }
      if (!(node instanceof HTMLElement) || node.tagName === 'SCRIPT') continue;
      flush();
      const attrs = Array.from(node.attributes)
        .filter((a) => !['checked', 'selected', 'value', 'data-island-mounted'].includes(a.name))
        .map((a) => `${a.name}="${a.value}"`)
        .sort();
      if (node instanceof HTMLInputElement) attrs.push(`:checked=${node.checked}`, `:value=${node.value}`);
      if (node instanceof HTMLSelectElement) attrs.push(`:value=${node.value}`);
      if (node instanceof HTMLOptionElement) attrs.push(`:value=${node.value}`);
      out.push(`<${node.tagName.toLowerCase()} ${attrs.join(' ')}>`);
      walk(node);
      out.push(`</${node.tagName.toLowerCase()}>`);
    }
    flush();
  };
  walk(root);
  return out;
}

describe('product form mounted on the server markup', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testPreview({ theme: 'real' }));
  });
  afterAll(async () => {
    await app.close();
  });

  for (const url of ['/en/products/wool-wrap-coat', '/products/oversized-cocoon-coat', '/en/products/floral-maxi-dress', '/products/bomber-jacket']) {
    it(`changes nothing a shopper sees when it mounts (${url})`, async () => {
      // Stylesheets left out: the DOM parser would try to fetch them.
      const html = (await app.inject({ method: 'GET', url })).body.replace(/<link [^>]*>/g, '');
      const page = new DOMParser().parseFromString(html, 'text/html');
      document.head.replaceChildren(page.getElementById('shop-bootstrap')!, page.getElementById('island-strings')!);
      document.body.replaceChildren(page.querySelector('form.product-form')!);
      window.history.replaceState(null, '', url);
      resetBootstrap();
      resetI18n();
      const node = document.querySelector('[data-island="product-form"]')!;
      const before = canonical(node);
      expect(before.length).toBeGreaterThan(20);
      // As start.ts does: the parts only the server draws are taken before the island renders.
      takeSlots(document);
      mountIsland('product-form', ProductForm);
      await tick();
      expect(node.hasAttribute('data-island-mounted')).toBe(true);
      expect(node.querySelector('.product-form__submit')).not.toBeNull();
      expect(canonical(node)).toEqual(before);
    });
  }
});

function renderForm(product: FormProduct = DRESS) {
  return render(
    <form action="/en/cart/add" method="post">
      <ProductForm selectId="variant" product={product} />
    </form>,
  );
}

const price = () => document.querySelector('.product__price')?.textContent;
const button = () => document.querySelector<HTMLButtonElement>('.product-form__submit')!;
const params = () => new URLSearchParams(window.location.search);

describe('product form selection', () => {
  it('starts on the first available colour and size, and follows each choice with variant, price and query', () => {
    renderForm();
    expect(price()).toBe('1 000 UAH');
    expect((screen.getByLabelText('Colour and size') as HTMLSelectElement).value).toBe('71');
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    expect(price()).toBe('1 200 UAH');
    expect(params().get('size')).toBe('m');
    expect(params().get('color')).toBe('red');
    fireEvent.click(screen.getByRole('radio', { name: 'Light green' }));
    expect(price()).toBe('1 400 UAH');
    expect(params().get('color')).toBe('Light green');
    expect((screen.getByLabelText('Colour and size') as HTMLSelectElement).value).toBe('74');
    expect(window.location.pathname).toBe('/en/products/coat');
  });

  it('disables the bag button and says "Sold out" for an unavailable combination', () => {
    renderForm();
    // Red / S is selected; light green is sold out in S, and says so.
    const green = screen.getByRole('radio', { name: 'Light green — Sold out' });
    expect(green.closest('label')?.className).toBe('swatch is-unavailable');
    fireEvent.click(green);
    expect(button().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Sold out');
    expect(price()).toBe('1 300 UAH');
    expect(document.querySelector('input[value="s"]')?.closest('label')?.className).toBe('size-chip is-unavailable');
    // Red in S is available again: the red swatch was never struck for S.
    expect(screen.getByRole('radio', { name: 'Red' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(button().disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('opens on the query, matched by label and in any case', () => {
    window.history.replaceState(null, '', '/en/products/coat?color=LIGHT-GREEN&size=M');
    renderForm();
    expect((screen.getByRole('radio', { name: 'Light green' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'M' }) as HTMLInputElement).checked).toBe(true);
    expect(price()).toBe('1 400 UAH');
    // The address already names what is shown: it is left as the shopper's link spelled it.
    expect(window.location.search).toBe('?color=LIGHT-GREEN&size=M');
  });

  it('writes the colour and size it shows over ones the product does not offer, keeping the rest of the address', async () => {
    window.history.replaceState(null, '', '/en/products/coat?rightSidebar=size-guide&color=purple&size=xxl');
    const length = window.history.length;
    renderForm();
    await tick();
    expect((screen.getByRole('radio', { name: 'Red' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'S' }) as HTMLInputElement).checked).toBe(true);
    expect(window.location.search).toBe('?rightSidebar=size-guide&color=red&size=s');
    expect(window.history.length).toBe(length);
  });

  it('keeps a variant link’s ?variant= on the variant chosen, so a reload draws that one', () => {
    window.history.replaceState(null, '', '/en/products/coat?variant=71');
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    expect(new URLSearchParams(window.location.search).get('variant')).toBe('72');
    fireEvent.click(screen.getByRole('radio', { name: 'Light green' }));
    const params = new URLSearchParams(window.location.search);
    expect([params.get('variant'), params.get('color'), params.get('size')]).toEqual(['74', 'Light green', 'm']);
  });

  it('drops a size from the address of a product that has no sizes', async () => {
    window.history.replaceState(null, '', '/en/products/coat?color=red&size=m');
    renderForm({ ...DRESS, productOptions: [DRESS.productOptions[0]!], variants: DRESS.variants.slice(0, 1).map((v) => ({ ...v, options: ['red'] })) });
    await tick();
    expect(window.location.search).toBe('?color=red');
  });

  it('reads "add to preorder" and shows the preorder note for a preorder product', () => {
    renderForm({ ...DRESS, preorder: true });
    expect(button().textContent).toBe('Add to preorder');
    expect(screen.getByText('Pre-order products are made within 7–15 business days.')).toBeTruthy();
  });
});

describe('wishlist toggle', () => {
  const ENTRY = { id: 8, handle: 'coat', image: '/coat.jpg', image2x: '/coat@2x.jpg', url: '/en/products/coat', title: 'Coat', price: 899000, preorder: true };
  beforeEach(() => {
    $wishlist.set([]);
  });

  it('sends a guest to the login panel and adds nothing', () => {
    $customer.set(null);
    render(<WishlistToggle {...ENTRY} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Coat to wishlist' }));
    expect($rightSidebar.get()).toBe('login');
    expect($wishlist.get()).toEqual([]);
  });

  it('adds and removes for a customer', () => {
    $customer.set({ id: 1, firstName: 'Olena', name: 'Olena Koval' });
    // The stored list is hers (a page drawn for her claims it: shared/wishlist/owner.ts).
    localStorage.setItem('wishlist_owner', '1');
    render(<WishlistToggle {...ENTRY} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Coat to wishlist' }));
    expect($wishlist.get()).toEqual([{ ...ENTRY, preorder: true, currency: 'UAH' }]);
    expect(JSON.parse(localStorage.getItem('wishlist') ?? '[]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Coat from wishlist' }));
    expect($wishlist.get()).toEqual([]);
    expect($rightSidebar.get()).toBeNull();
    $customer.set(null);
  });
});

describe('look dots', () => {
  const dot = (x: number, title: string, available = true): LookDot => ({
    x,
    y: 40,
    product: {
      id: x,
      title,
      url: `/en/products/${title}`,
      image: '/i.jpg',
      image2x: '/i2.jpg',
      price: '3 290 UAH',
      variantId: x * 10,
      available,
      preorder: false,
    },
  });

  it('opens a popup with the product, placed, and closes it on Escape back to the dot', async () => {
    render(<Look dots={[dot(20, 'Sweater'), dot(60, 'Trousers', false)]} />);
    const sweater = screen.getByRole('button', { name: 'Sweater' });
    fireEvent.click(sweater);
    const popup = screen.getByRole('dialog', { name: 'Sweater' });
    // happy-dom draws nothing, so the image has no room and the popup is a sheet (where it floats is tests/e2e/look-placement.test.ts).
    expect(popup.dataset['placement']).toBe('sheet');
    expect(sweater.getAttribute('aria-expanded')).toBe('true');
    expect(sweater.getAttribute('aria-controls')).toBe(popup.id);
    expect(document.activeElement).toBe(popup);
    expect(screen.getByRole('link', { name: 'Sweater' }).getAttribute('href')).toBe('/en/products/Sweater');
    expect(screen.getByText('3 290 UAH')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(sweater);

    fireEvent.click(screen.getByRole('button', { name: 'Trousers' }));
    const trousers = screen.getByRole('dialog', { name: 'Trousers' });
    expect(document.activeElement).toBe(trousers);
    expect((screen.getByRole('button', { name: 'Add to bag' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sold out')).toBeTruthy();
    // A press outside closes it without taking the focus anywhere.
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves an Escape that closed a right panel to the panel', () => {
    render(<Look dots={[dot(30, 'Coat')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Coat' }));
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    event.preventDefault();
    document.dispatchEvent(event);
    expect(screen.getByRole('dialog', { name: 'Coat' })).toBeTruthy();
  });
});

describe('product gallery zoom (spec §4: only when ZOOM_ENABLED is true)', () => {
  const GALLERY = `
    <div class="product-gallery" data-island="product-gallery">
      <div class="product-gallery__track"><ul class="product-gallery__list">
        <li class="product-gallery__slide"><a class="product-gallery__zoom" href="/coat.jpg?width=2000"><img src="/coat.jpg?width=1000" srcset="/coat.jpg?width=500 500w" width="1000" height="1500" alt="Coat"><span class="visually-hidden">Zoom in</span></a></li>
        <li class="product-gallery__slide"><a class="product-gallery__zoom" href="/back.jpg?width=2000"><img src="/back.jpg?width=1000" width="1000" height="1500" alt="Back"></a></li>
      </ul></div>
      <p class="product-gallery__counter">1 / 2</p>
    </div>`;

  async function loadGallery(zoomEnabled: boolean) {
    setBootstrapScript({ rootUrl: '/', settings: { zoomEnabled } });
    document.body.innerHTML = GALLERY;
    vi.resetModules();
    await import('../../islands/product-gallery/index');
    // Its code comes with the first touch of the gallery.
    const gallery = document.querySelector<HTMLElement>('[data-island="product-gallery"]')!;
    gallery.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    gallery.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(gallery.hasAttribute('data-island-mounted')).toBe(true));
    return document.querySelector<HTMLAnchorElement>('.product-gallery__zoom')!;
  }

  it('zooms to the 2x image on a click and back on a second click', async () => {
    const link = await loadGallery(true);
    expect(link.getAttribute('role')).toBe('button');
    expect(link.getAttribute('aria-pressed')).toBe('false');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(link.getAttribute('aria-pressed')).toBe('true');
    expect(link.classList.contains('is-zoomed')).toBe(true);
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/coat.jpg?width=2000');
    expect(link.querySelector('img')?.hasAttribute('srcset')).toBe(false);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(link.getAttribute('aria-pressed')).toBe('false');
    expect(link.classList.contains('is-zoomed')).toBe(false);
    // Space works as on any button.
    link.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    expect(link.getAttribute('aria-pressed')).toBe('true');
  });

  it('leaves the images alone when zoom is off', async () => {
    const link = await loadGallery(false);
    expect(link.hasAttribute('role')).toBe(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(link.classList.contains('is-zoomed')).toBe(false);
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/coat.jpg?width=1000');
  });
});
