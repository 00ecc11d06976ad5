// Platform routes real themes use: the cart's form addresses asked by a script, a product page
// asked with option_values, and cart permalinks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, newBrowser, themeCopyPreview, type ThemeCopyPreview } from '../testing';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);
const coat = store.products.find((p) => p.handle === 'wool-wrap-coat')!;
const variantOf = (color: string, size: string) => coat.variants.find((v) => v.options[0] === color && v.options[1] === size)!;
const inStock = variantOf('black', 'S');
const soldOut = store.products.find((p) => p.handle === 'floral-maxi-dress')!.variants[0]!;

// A variant picker as Dawn's: each value's id, whether it is selected and available, and the
// selected variant as JSON (null when the chosen values have none).
const PICKER = `{% layout none %}{%- for option in product.options_with_values -%}
<fieldset data-option="{{ option.name }}">{%- for value in option.values -%}
<input type="radio" value="{{ value }}" data-option-value-id="{{ value.id }}"{% if value.selected %} checked{% endif %}{% unless value.available %} data-unavailable{% endunless %}>
{%- endfor -%}</fieldset>
{%- endfor -%}
<script type="application/json" data-selected-variant>{{ product.selected_or_first_available_variant | json }}</script>
<p data-selected-id>{{ product.selected_variant.id | default: 'none' }}</p>`;

let theme: ThemeCopyPreview;
beforeAll(async () => {
  theme = await themeCopyPreview('platform-routes-', {
    'templates/product.picker.liquid': PICKER,
    'sections/picker.liquid': `${PICKER.replace('{% layout none %}', '')}{% schema %}{ "name": "Picker" }{% endschema %}`,
    'templates/product.json': '{ "sections": { "main": { "type": "main-product" }, "picker": { "type": "picker" } }, "order": ["main", "picker"] }',
  });
});
afterAll(() => theme.close());

async function cartOf(cookie: string) {
  return (await theme.app.inject({ url: '/cart.js', headers: { cookie } })).json<{
    item_count: number;
    note: string;
    attributes: Record<string, string>;
    items: { variant_id: number; quantity: number }[];
  }>();
}

/** Dawn's product form: FormData posted to routes.cart_add_url with its fetch headers. */
function dawnAddPost(cookie: string, variantId: number, extra: Record<string, string> = {}) {
  const boundary = '----dawnform';
  const fields = { form_type: 'product', utf8: '✓', id: String(variantId), quantity: '1', ...extra };
  const payload =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return theme.app.inject({
    method: 'POST',
    url: '/cart/add',
    payload,
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/javascript',
      'x-requested-with': 'XMLHttpRequest',
    },
  });
}

describe('cart form addresses asked by a script', () => {
  it("answers Dawn's product form on /cart/add with the added line as JSON, not a redirect", async () => {
    const cookie = await newBrowser(theme.app);
    const response = await dawnAddPost(cookie, inStock.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ variant_id: inStock.id, quantity: 1, handle: 'wool-wrap-coat' });
    expect((await cartOf(cookie)).item_count).toBe(1);
  });

  it('bundles the sections the form names, rendered after the add (sections_url)', async () => {
    const cookie = await newBrowser(theme.app);
    const response = await dawnAddPost(cookie, inStock.id, { sections: 'picker', sections_url: '/products/wool-wrap-coat' });
    const body = response.json<{ sections?: Record<string, string> }>();
    expect(body.sections?.['picker']).toContain('data-selected-variant');
  });

  it('answers a refused add with the Ajax error JSON, which the form shows', async () => {
    const cookie = await newBrowser(theme.app);
    const response = await dawnAddPost(cookie, soldOut.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, message: 'Cart Error' });
  });

  it('answers /cart/change and /cart/update with the cart as JSON for Accept: application/json (Dawn cart.js)', async () => {
    const cookie = await newBrowser(theme.app);
    await dawnAddPost(cookie, inStock.id);
    const headers = { cookie, 'content-type': 'application/json', accept: 'application/json' };
    const change = await theme.app.inject({ method: 'POST', url: '/cart/change', headers, payload: { line: 1, quantity: 3 } });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ item_count: 3 });
    const update = await theme.app.inject({ method: 'POST', url: '/cart/update', headers, payload: { note: 'Gift wrap' } });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ item_count: 3, note: 'Gift wrap' });
  });

  it('answers a body it cannot read with the JSON error a script reads', async () => {
    const cookie = await newBrowser(theme.app);
    const response = await theme.app.inject({
      method: 'POST',
      url: '/cart/change',
      payload: '{"line": 1,',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ status: 'bad_request' });
  });

  it("still sends a browser's own form post to the cart page", async () => {
    const cookie = await newBrowser(theme.app);
    const response = await theme.app.inject({
      method: 'POST',
      url: '/cart/add',
      payload: `id=${inStock.id}&quantity=1`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/cart');
  });
});

describe('option_values on a product page', () => {
  async function picker(query: string) {
    const html = (await theme.app.inject({ url: `/products/wool-wrap-coat?view=picker${query}` })).body;
    const ids = (option: string) =>
      [...html.matchAll(new RegExp(`<fieldset data-option="${option}">(.*?)</fieldset>`, 'gs'))][0]![1]!.match(/<input[^>]*>/g)!.map((input) => ({
        value: /value="([^"]*)"/.exec(input)![1]!,
        id: /data-option-value-id="(\d+)"/.exec(input)![1]!,
        checked: input.includes(' checked'),
        unavailable: input.includes('data-unavailable'),
      }));
    const selected = JSON.parse(/data-selected-variant>(.*?)<\/script>/s.exec(html)![1]!) as { id: number } | null;
    return { html, colors: ids('Колір'), sizes: ids('Розмір'), selected };
  }

  it('gives every value of the product an id of its own', async () => {
    const { colors, sizes } = await picker('');
    const all = [...colors, ...sizes].map((v) => v.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(coat.options.reduce((n, o) => n + o.values.length, 0));
  });

  it('selects the variant with the values whose ids it names, as a picker fetches it', async () => {
    const { colors, sizes } = await picker('');
    const milk = colors.find((c) => c.value === 'milk')!;
    const large = sizes.find((s) => s.value === 'L')!;
    const chosen = await picker(`&option_values=${milk.id},${large.id}`);
    expect(chosen.selected?.id).toBe(variantOf('milk', 'L').id);
    expect(chosen.html).toContain(`<p data-selected-id>${variantOf('milk', 'L').id}</p>`);
    expect(chosen.colors.find((c) => c.checked)?.value).toBe('milk');
    expect(chosen.sizes.find((s) => s.checked)?.value).toBe('L');
  });

  it('works through the Section Rendering API, as Dawn asks it', async () => {
    const { colors, sizes } = await picker('');
    const ids = `${colors.find((c) => c.value === 'black')!.id},${sizes.find((s) => s.value === 'XL')!.id}`;
    const html = (await theme.app.inject({ url: `/products/wool-wrap-coat?section_id=picker&option_values=${ids}` })).body;
    expect(html).toContain(`<p data-selected-id>${variantOf('black', 'XL').id}</p>`);
  });

  it('keeps chosen values with no purchasable variant selected, and the selected variant nil', async () => {
    const { colors, sizes } = await picker('');
    // beige / M has no stock: a variant, not available; the size stays chosen either way.
    const beigeM = await picker(`&option_values=${colors.find((c) => c.value === 'beige')!.id},${sizes.find((s) => s.value === 'M')!.id}`);
    expect(beigeM.selected?.id).toBe(variantOf('beige', 'M').id);
    expect(beigeM.sizes.find((s) => s.checked)?.value).toBe('M');
    // Under beige only XS and S can be bought (documented `available`: given the earlier options).
    expect(beigeM.sizes.filter((s) => !s.unavailable).map((s) => s.value)).toEqual(['XS', 'S']);
  });

  it('completes a partial list from a variant with the named values, and ignores ids of other products', async () => {
    const { colors } = await picker('');
    const milk = colors.find((c) => c.value === 'milk')!;
    const partial = await picker(`&option_values=${milk.id}`);
    expect(partial.selected?.id).toBe(variantOf('milk', 'XS').id);
    const foreign = await picker('&option_values=1,2,abc');
    expect(foreign.selected?.id).toBe(coat.variants.find((v) => v.inventory_quantity > 0)!.id);
  });
});

describe('cart permalinks', () => {
  const other = variantOf('milk', 'XL');

  it('loads the cart with exactly the linked items and opens the cart page with storefront=true', async () => {
    const cookie = await newBrowser(theme.app);
    await dawnAddPost(cookie, variantOf('black', 'M').id);
    const response = await theme.app.inject({
      url: `/cart/${inStock.id}:2,${other.id}:1?storefront=true&note=Hello&attributes[gift]=yes&discount=SPRING`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/cart');
    expect(String(response.headers['set-cookie'])).toContain('discount_code=SPRING');
    const cart = await cartOf(cookie);
    expect(cart.items.map((i) => [i.variant_id, i.quantity]).sort()).toEqual(
      [
        [inStock.id, 2],
        [other.id, 1],
      ].sort(),
    );
    expect(cart.note).toBe('Hello');
    expect(cart.attributes).toEqual({ gift: 'yes' });
  });

  it('goes to checkout without storefront=true, in the link language', async () => {
    const cookie = await newBrowser(theme.app);
    const response = await theme.app.inject({ url: `/en/cart/${inStock.id}:1`, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/checkout');
    const checkout = await theme.app.inject({ url: '/en/checkout', headers: { cookie } });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('data-checkout-summary');
  });

  it("answers a link to an unknown or sold-out variant with the cart's error page and keeps the cart", async () => {
    const cookie = await newBrowser(theme.app);
    await dawnAddPost(cookie, inStock.id);
    const unknown = await theme.app.inject({ url: '/cart/123:1?storefront=true', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    const sold = await theme.app.inject({ url: `/cart/${soldOut.id}:1?storefront=true`, headers: { cookie } });
    expect(sold.statusCode).toBe(422);
    expect((await cartOf(cookie)).items.map((i) => i.variant_id)).toEqual([inStock.id]);
  });

  it('answers an address that is no permalink with the 404 page', async () => {
    for (const url of ['/cart/abc', `/cart/${inStock.id}:`, `/cart/${inStock.id}:1,`]) {
      expect((await theme.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
