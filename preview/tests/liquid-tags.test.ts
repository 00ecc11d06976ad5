// The platform tags the preview adds to liquidjs (form, paginate, section, sections, schema, layout,
// doc) and the platform's page rendering: layout then template, JSON templates, alternates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { liquid, render } from './support/render';
import { chooseTemplate } from '../routes/pages';
import { loadStore } from '../store/load-store';
import { dropContext } from '../platform/globals';
import { CollectionDrop, LookupDrop } from '../platform/drops';
import { FIXTURES, TEST_THEME, testPreview } from '../testing';

const store = loadStore(FIXTURES);

/** The attributes and hidden inputs of the form a `{% form %}` tag printed. */
function formOf(html: string): { attrs: Record<string, string>; hidden: Record<string, string>; last: string } {
  const open = /<form ([^>]*)>/.exec(html)?.[1] ?? '';
  const attrs = Object.fromEntries([...open.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g)].map((m) => [m[1]!, m[2]!]));
  const inputs = [...html.matchAll(/<input [^>]*\/>/g)].map((m) => m[0]);
  return { attrs, hidden, last: inputs.at(-1) ?? '' };
}

describe('form', () => {
  it('prints every customer form with the platform action, id, method and hidden fields', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['customer_login', '/account/login', { form_type: 'customer_login', utf8: '✓' }],
      ['create_customer', '/account', { form_type: 'create_customer', utf8: '✓' }],
      ['recover_customer_password', '/account/recover', { form_type: 'recover_customer_password', utf8: '✓' }],
      ['activate_customer_password', '/account/activate', { form_type: 'activate_customer_password', utf8: '✓' }],
      ['guest_login', '/account/login', { form_type: 'guest_login', utf8: '✓', guest: 'true' }],
      ['customer', '/contact#contact_form', { form_type: 'customer', utf8: '✓' }],
      ['contact', '/contact#contact_form', { form_type: 'contact', utf8: '✓' }],
    ];
    for (const [type, action, hidden] of cases) {
      const form = formOf(await render(`{% form '${type}' %}{% endform %}`));
      expect(form.attrs, type).toMatchObject({ method: 'post', action, 'accept-charset': 'UTF-8' });
      expect(form.hidden, type).toEqual(hidden);
    }
  });

  it("names a given id in the action's fragment, where the browser comes back to after the post", async () => {
    expect(formOf(await render("{% form 'contact', id: 'ContactForm' %}{% endform %}")).attrs).toMatchObject({
      action: '/contact#ContactForm',
      id: 'ContactForm',
    });
    expect(formOf(await render("{% form 'customer', id: 'ContactFooter' %}{% endform %}", {}, { language: 'en' })).attrs).toMatchObject({
      action: '/en/contact#ContactFooter',
      id: 'ContactFooter',
    });
    // A form whose action has no fragment keeps it so.
    expect(formOf(await render("{% form 'customer_login', id: 'login' %}{% endform %}")).attrs).toMatchObject({ action: '/account/login', id: 'login' });
  });

  it('prints the reset form with the id and token of the page address', async () => {
    const form = formOf(await render("{% form 'reset_customer_password' %}{% endform %}", {}, { path: '/account/reset/4000000001/abc123' }));
    expect(form.attrs['action']).toBe('/account/reset');
    expect(form.hidden).toEqual({ form_type: 'reset_customer_password', utf8: '✓', token: 'abc123', id: '4000000001' });
  });

  it('prints address forms: new address, or an existing one with _method=put last', async () => {
    const created = formOf(await render("{% form 'customer_address', customer.new_address %}{% endform %}", { customer: { new_address: {} } }));
    expect(created.attrs).toMatchObject({ action: '/account/addresses', id: 'address_form_new' });
    const edited = formOf(await render('{% form \'customer_address\', address %}<input name="address[city]" />{% endform %}', { address: { id: 41 } }));
    expect(edited.attrs).toMatchObject({ action: '/account/addresses/41', id: 'address_form_41' });
    expect(edited.last).toBe('<input type="hidden" name="_method" value="put" />');
  });

  it('prints the product, localization and currency forms, prefixed in English', async () => {
    const product = formOf(await render("{% form 'product', product %}{% endform %}", { product: { id: 8 } }, { language: 'en' }));
    expect(product.attrs).toMatchObject({ action: '/en/cart/add', id: 'product_form_8', enctype: 'multipart/form-data' });
    const localization = formOf(
      await render("{% form 'localization' %}{% endform %}", {}, { language: 'en', path: '/en/products/coat', query: new URLSearchParams('color=red') }),
    );
    expect(localization.attrs).toMatchObject({ action: '/en/localization', id: 'localization_form', enctype: 'multipart/form-data' });
    expect(localization.hidden).toMatchObject({ form_type: 'localization', _method: 'put', return_to: '/en/products/coat?color=red' });
    const currency = formOf(await render("{% form 'currency' %}{% endform %}", {}, { path: '/collections/all' }));
    expect(currency.attrs).toMatchObject({ action: '/cart/update', id: 'currency_form' });
    expect(currency.hidden).toMatchObject({ form_type: 'currency', return_to: '/collections/all' });
  });

  it('takes id, class, return_to and data- attributes, escaping them', async () => {
    const form = formOf(await render("{% form 'customer_login', id: 'login', class: 'a\"b', return_to: '/account', data-panel: 'login' %}{% endform %}"));
    expect(form.attrs).toMatchObject({ id: 'login', class: 'a&quot;b', 'data-panel': 'login' });
    expect(form.hidden['return_to']).toBe('/account');
  });

  it('gives the body a form object with errors, echoed values and posted_successfully?', async () => {
    const source =
      "{% form 'customer_login' %}{{ form.errors | default_errors }}[{{ form.email }}][{{ form.password_needed }}]{% endform %}{% form 'recover_customer_password' %}{% if form.posted_successfully? %}sent{% endif %}{% endform %}";
    const out = await render(
      source,
      {},
      {
        formResults: {
          customer_login: {
            errors: [{ field: 'form', message: 'Incorrect email or password.', translatedField: '' }],
            postedSuccessfully: false,
            values: { email: 'a@b.c' },
          },
          recover_customer_password: { errors: [], postedSuccessfully: true, values: {} },
        },
      },
    );
    expect(out).toContain('<div class="errors"><ul><li>Incorrect email or password.</li></ul></div>[a@b.c][true]');
    expect(out).toContain('sent</form>');
    expect(await render("{% form 'customer_login' %}[{{ form.errors }}]{% endform %}")).toContain('[]');
  });

  it('refuses an unknown form type', async () => {
    await expect(render("{% form 'nonsense' %}{% endform %}")).rejects.toThrow(/unknown form type 'nonsense'/);
  });
});

describe('paginate and the platform limits', () => {
  const drops = () => dropContext(store, 'en', 'UAH');
  const all = () => new CollectionDrop(drops(), store.collectionsByHandle.get('all')!);

  it('a loop over a collection’s products stops at 50 without paginate', async () => {
    expect(store.collectionsByHandle.get('all')!.products.length).toBeGreaterThan(50);
    const out = await render('{% for p in c.products %}x{% endfor %}', { c: all() });
    expect(out.length).toBe(50);
  });

  it('pages by the given size and exposes the paginate object; ?page= picks the page', async () => {
    const source =
      '{% paginate c.products by 20 %}{{ paginate.current_page }}/{{ paginate.pages }}/{{ paginate.items }}:{% for p in c.products %}{{ p.id }},{% endfor %}{{ paginate.next.url }}{% endpaginate %}';
    // In the collection's own order, whose first product is the store's first.
    const manual = () => new CollectionDrop(drops(), { ...store.collectionsByHandle.get('all')!, sort_order: 'manual' });
    const first = await render(source, { c: manual() }, { path: '/en/collections/all' });
    expect(first.startsWith('1/4/65:8000000001,')).toBe(true);
    expect(first.split(',').length - 1).toBe(20);
    expect(first.endsWith('/en/collections/all?page=2')).toBe(true);
    const last = await render(source, { c: all() }, { path: '/en/collections/all', query: new URLSearchParams('page=4') });
    expect(last).toMatch(/^4\/4\/65:(\d+,){5}$/);
    const past = await render(source, { c: all() }, { query: new URLSearchParams('page=9') });
    expect(past).toBe('9/4/65:');
  });

  it('refuses page sizes above the platform limits (products 250, orders 20) and below 1', async () => {
    // shopify.dev, Liquid tags: paginate: "page_size: the number of array items to include per page, between 1 and 250".
    await expect(render('{% paginate c.products by 250 %}{% endpaginate %}', { c: all() })).resolves.toBe('');
    await expect(render('{% paginate c.products by 251 %}{% endpaginate %}', { c: all() })).rejects.toThrow(/must be 1 to 250/);
    await expect(render('{% paginate c.products by 0 %}{% endpaginate %}', { c: all() })).rejects.toThrow(/must be 1 to 250/);
    await expect(
      render('{% paginate customer.orders by 21 %}{% endpaginate %}', { customer: { paginationTotal: () => 0, setPageWindow: () => {} } }),
    ).rejects.toThrow(/must be 1 to 20/);
  });

  it('prints the platform’s inline error for a list it cannot page, skips the block and renders the rest', async () => {
    // A shop answers 200 with "Liquid error: Array 'product.images' is not paginateable" in place.
    await expect(render('a{% paginate list by 5 %}x{% endpaginate %}b', { list: [1, 2, 3] })).resolves.toBe(
      "aLiquid error (line 1): Array 'list' is not paginateable.b",
    );
    await expect(render('\n{% paginate collection.products by 5 %}x{% endpaginate %}')).resolves.toBe(
      "\nLiquid error (line 2): Array 'collection.products' is not paginateable.",
    );
  });

  it('pages a global list too (collections), and lists the parts with gaps', async () => {
    const collections = new LookupDrop(
      (h) => h,
      () => Array.from({ length: 30 }, (_, i) => `c${i + 1}`),
    );
    const out = await render(
      '{% paginate collections by 2 %}{% for c in collections %}{{ c }} {% endfor %}|{% for part in paginate.parts %}{{ part.title }} {% endfor %}{% endpaginate %}',
      { collections },
      { query: new URLSearchParams('page=8') },
    );
    expect(out).toBe('c15 c16 |1 &hellip; 6 7 8 9 10 &hellip; 15 ');
  });

  it('all_products answers at most 20 different handles a page (asking again for one already seen still works)', async () => {
    const { app } = await testPreview();
    try {
      const out = (await app.inject({ url: '/pages/about-us?view=all-products' })).body.trim();
      expect(out).toBe(`${'1'.repeat(20)}00|again`);
    } finally {
      await app.close();
    }
  });
});

describe('pages as the platform renders them (test theme)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testPreview());
  });
  afterAll(() => app.close());

  it('renders the JSON template’s sections in order with schema defaults, blocks and block order, inside the layout', async () => {
    const html = (await app.inject({ url: '/' })).body;
    expect(html).toMatch(/^<!doctype html>/);
    const first = html.indexOf('shopify-section-template--1__first');
    const second = html.indexOf('shopify-section-template--1__second');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(html).toContain(
      '<div id="shopify-section-template--1__first" class="shopify-section"><h2>Default heading</h2>\n<ul><li data-type="item" data-id="b">Default label</li><li data-type="item" data-id="a">Set label</li></ul>',
    );
    expect(html).toContain('<h2>Set heading</h2>');
    expect(html).not.toContain('Hidden');
    expect(html).not.toContain('Disabled section');
  });

  it('renders section groups from the layout and static sections by file name, with their schema tag and class', async () => {
    const html = (await app.inject({ url: '/' })).body;
    expect(html).toContain(
      '<div id="shopify-section-sections--1__bar" class="shopify-section shopify-section-group-header-group"><p class="announcement">Group text</p>',
    );
    expect(html).toContain(
      '<footer id="shopify-section-static-footer" class="shopify-section site-footer"><footer class="static-footer">Items in bag: 0</footer>',
    );
  });

  it('picks an alternate template with ?view=, which may leave out the layout; an unknown view is ignored', async () => {
    const alternate = await app.inject({ url: '/products/wool-wrap-coat?view=alt' });
    expect(alternate.body.trim()).toBe('ALTERNATE Вовняне пальто-халат product.alt');
    const unknown = await app.inject({ url: '/products/wool-wrap-coat?view=nope' });
    expect(unknown.body).toContain('<h1>Вовняне пальто-халат</h1>');
    expect(chooseTemplate(TEST_THEME, 'product', null, 'alt')).toBe('product.alt');
    expect(chooseTemplate(TEST_THEME, 'product', 'alt', null)).toBe('product.alt');
    expect(chooseTemplate(TEST_THEME, 'product', null, '../x')).toBe('product');
  });

  it('sets template, request and page_title for the page', async () => {
    const html = (await app.inject({ url: '/en/collections/dresses' })).body;
    expect(html).toContain('data-template="collection" data-page-type="collection" data-path="/en/collections/dresses"');
    expect(html).toContain('<title>Dresses</title>');
    expect(html).toContain('window.Shopify = {"shop":"127.0.0.1","locale":"en"');
  });

  it('ignores the schema and doc blocks when rendering', async () => {
    expect(await render('a{% doc %}@param {string} name{% enddoc %}b{% schema %}{"name":"x"}{% endschema %}c')).toBe('abc');
    expect(await render("{% render 'greeting', name: 'Olena' %}")).toBe('Hello, Olena!\n');
  });

  it('never parses what a doc block holds: an example may be half a tag (Dawn’s unit-price snippet)', async () => {
    const source = "a{%- doc -%}\n  @example\n  {% render 'unit-price', price: x | money }\n{%- enddoc -%}b{{ 1 | plus: 1 }}";
    expect(await render(source)).toBe('ab2');
    // A snippet file with such a doc block renders too.
    expect(await liquid.parseAndRender("{% render 'documented', name: 'Olena' %}")).toBe('Hi Olena');
  });
});
