// @vitest-environment happy-dom
// The theme's cart and sign-in Liquid against the preview: the recommendations JSON block the cart
// panel reads (and that hostile product text cannot break out of), the no-JS cart page's forms,
// and the error containers the sign-in panels read from the login and register pages.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostileStore } from '../support/hostile-store';
import { cookieOf, form, testPreview, type TestPreview } from '../../preview/testing';

let real: TestPreview;
let hostile: TestPreview;

let hostileStore = '';
beforeAll(async () => {
  real = await testPreview({ theme: 'real' });
  hostileStore = createHostileStore();
  hostile = await testPreview({ theme: 'real', storeDir: hostileStore });
});
afterAll(async () => {
  await real?.app.close();
  await hostile?.app.close();
  if (hostileStore) rmSync(hostileStore, { recursive: true, force: true });
});

// Stylesheet links are dropped: happy-dom would try to fetch them.
const doc = (html: string) => new DOMParser().parseFromString(html.replace(/<link[^>]*>/g, ''), 'text/html');
const RECOMMENDATIONS = '/recommendations/products?section_id=main-product&product_id=8000000001&limit=3&intent=related';

describe('recommendations-json', () => {
  it('prints the related products with what an upsell needs', async () => {
    const response = await real.app.inject({ url: RECOMMENDATIONS });
    expect(response.statusCode).toBe(200);
    const block = doc(response.body).getElementById('recommendations-json');
    const data = JSON.parse(block?.textContent ?? 'null') as { products: Record<string, unknown>[] };
    expect(data.products).toHaveLength(3);
    for (const product of data.products) {
      expect(Object.keys(product).sort()).toEqual([
        'available',
        'compareAtPrice',
        'currentVariant',
        'handle',
        'id',
        'image',
        'image2x',
        'name',
        'preorder',
        'price',
        'title',
        'url',
      ]);
      expect(product['image']).toMatch(/width=100$/);
      expect(product['image2x']).toMatch(/width=200$/);
      expect((product['currentVariant'] as { id: unknown }).id).toEqual(expect.any(Number));
    }
  });

  it('keeps hostile product titles inside the JSON as data', async () => {
    const response = await hostile.app.inject({ url: RECOMMENDATIONS });
    const scripts = doc(response.body).querySelectorAll('script');
    // Exactly the one block: no payload closed it and opened a script of its own.
    const block = Array.from(scripts).filter((s) => s.id === 'recommendations-json' || !s.type || s.type === 'text/javascript');
    expect(block.map((s) => s.id)).toEqual(['recommendations-json']);
    const data = JSON.parse(block[0]!.textContent ?? '') as { products: { title: string }[] };
    expect(data.products.some((p) => p.title.includes('<script>window.__pwned=1</script>'))).toBe(true);
  });

  it('is not printed on an ordinary product page', async () => {
    const response = await real.app.inject({ url: '/products/wool-wrap-coat' });
    expect(doc(response.body).getElementById('recommendations-json')).toBeNull();
  });
});

describe('the no-JS cart page', () => {
  it('lists each line with − / + / remove forms to /cart/change and the checkout form', async () => {
    const added = await real.app.inject({ method: 'POST', url: '/en/cart/add.js', payload: { items: [{ id: 9000000001, quantity: 2 }] } });
    const cookie = cookieOf(added);
    const page = doc((await real.app.inject({ url: '/en/cart', headers: { cookie } })).body);
    const forms = Array.from(page.querySelectorAll<HTMLFormElement>('main .cart-line form'));
    expect(
      forms.map((f) => [
        f.getAttribute('action'),
        f.method,
        (f.elements.namedItem('line') as HTMLInputElement).value,
        (f.elements.namedItem('quantity') as HTMLInputElement).value,
      ]),
    ).toEqual([
      ['/en/cart/change', 'post', '1', '1'],
      ['/en/cart/change', 'post', '1', '3'],
      ['/en/cart/change', 'post', '1', '0'],
    ]);
    expect(page.querySelector('main .cart-line__options')?.textContent).toContain('Beige');
    const checkout = page.querySelector<HTMLButtonElement>('main button[name="checkout"]');
    expect(checkout?.disabled).toBe(false);
    expect(checkout?.form?.getAttribute('action')).toBe('/en/cart');
  });

  it('shows an empty bag with checkout disabled', async () => {
    const page = doc((await real.app.inject({ url: '/cart' })).body);
    expect(page.querySelector('main .cart-empty__text')?.textContent).toBe('Ваш кошик порожній');
    expect(page.querySelector<HTMLButtonElement>('main button[name="checkout"]')?.disabled).toBe(true);
  });
});

describe('the sign-in pages', () => {
  it('put a failed login’s errors in #customer_login-errors, where the shell sees the page must stay', async () => {
    const response = await real.app.inject({
      method: 'POST',
      url: '/en/account/login',
      ...form({ form_type: 'customer_login', utf8: '✓', 'customer[email]': 'olena@example.com', 'customer[password]': 'wrong' }),
    });
    const page = doc(response.body);
    expect(page.querySelector('#customer_login-errors .errors')?.textContent).toBe('Incorrect email or password.');
    // islands/shell/routes.ts pageKeepsItself: an error list in the main content keeps the page.
    expect(page.querySelector('#MainContent .errors')).not.toBeNull();
  });

  it('put a failed sign-up’s errors in #create_customer-errors and keep what was typed', async () => {
    const response = await real.app.inject({
      method: 'POST',
      url: '/account',
      ...form({
        form_type: 'create_customer',
        utf8: '✓',
        'customer[first_name]': 'Олена',
        'customer[last_name]': '',
        'customer[email]': 'olena@example.com',
        'customer[password]': '12345',
        'customer[tags]': 'lang:uk',
      }),
    });
    const page = doc(response.body);
    expect(page.querySelector('#create_customer-errors .errors')?.textContent).toBeTruthy();
    expect(page.querySelector<HTMLInputElement>('#RegisterFirstName')?.value).toBe('Олена');
    expect(page.querySelector<HTMLInputElement>('#create_customer input[name="customer[tags]"]')?.value).toBe('lang:uk');
  });
});
