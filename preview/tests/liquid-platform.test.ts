// The platform semantics the preview implements from the platform's documentation: colour, font,
// media and payment filters, typed settings and metafields, option values, theme blocks, forms,
// dates, theme JSON with comments, and strictness where the platform is strict. Each rule has its
// own small fixture here or in preview/tests/theme.
import { describe, expect, it } from 'vitest';
import { liquid, render, renderRequest } from './support/render';
import { REQUEST_KEY } from '../liquid/context';
import { loadStore } from '../store/load-store';
import { dropContext, platformGlobals } from '../platform/globals';
import { CollectionDrop, ProductDrop } from '../platform/drops';
import { resolveSettings, type ColorSchemeGroup } from '../platform/settings';
import { renderSection } from '../liquid/sections';
import { parseThemeJson } from '../liquid/theme-json';
import { addItems, liquidCart, newCart } from '../platform/cart';
import { FIXTURES } from '../testing';

const store = loadStore(FIXTURES);
const uk = dropContext(store, 'uk', 'UAH');
const en = dropContext(store, 'en', 'UAH');
const coat = store.productsByHandle.get('wool-wrap-coat')!;
const coats = store.collectionsByHandle.get('coats-and-jackets')!;

describe('colour filters (the platform docs’ own examples)', () => {
  it('convert a colour between CSS forms', async () => {
    expect(await render("{{ '#EA5AB9' | color_to_rgb }}|{{ '#EA5AB9' | color_to_hsl }}|{{ 'rgb(234, 90, 185)' | color_to_hex }}")).toBe(
      'rgb(234, 90, 185)|hsl(320, 77%, 64%)|#ea5ab9',
    );
    expect(await render("{{ '#EA5AB9' | color_to_oklch }}")).toBe('oklch(68% 0.2 343 / 1.0)');
    expect(await render("{{ '#EA5AB9' | color_modify: 'red', 255 }}|{{ '#EA5AB9' | color_modify: 'alpha', 0.85 }}")).toBe('#ff5ab9|rgba(234, 90, 185, 0.85)');
    expect(await render("{{ '#EA5AB9' | color_extract: 'red' }}|{{ '#EA5AB9' | color_brightness }}")).toBe('234|143.89');
    expect(await render("{{ '#E800B0' | color_contrast: '#D9D8FF' }}")).toBe('3.0');
  });

  it('give a colour object from lighten and darken, whose components a theme reads', async () => {
    expect(await render("{% assign c = '#808080' | color_lighten: 10 %}{{ c }} {{ c.red }},{{ c.green }},{{ c.blue }} {{ c.rgb }}")).toBe(
      '#9a9a9a 154,154,154 154 154 154',
    );
    expect(await render("{{ '#000000' | color_mix: '#ffffff', 50 }}")).toBe('#808080');
  });

  it('refuse what is not a colour, or a component that does not exist', async () => {
    await expect(render("{{ 'not-a-colour' | color_to_rgb }}")).rejects.toThrow(/invalid color/);
    await expect(render("{{ '#fff' | color_extract: 'purple' }}")).rejects.toThrow(/component/);
  });
});

describe('font filters', () => {
  it('print the @font-face rule and modified variants of a font setting', async () => {
    const settings = resolveSettings([{ id: 'font', type: 'font_picker' }], { font: 'work_sans_n4' }, { drops: uk });
    const out = await render(
      "{% assign bold = settings.font | font_modify: 'weight', 'bold' %}{{ settings.font.family }}, {{ settings.font.fallback_families }}|{{ bold.weight }}|{{ bold | font_modify: 'style', 'italic' | font_url: 'woff' }}|{{ settings.font | font_face: font_display: 'swap' }}",
      { settings },
    );
    const [family, weight, url, face] = out.split('|');
    expect(family).toBe('Work Sans, sans-serif');
    expect(weight).toBe('700');
    expect(url).toBe('/cdn/fonts/work_sans/work_sans_i7.woff');
    expect(face).toContain('font-family: Work Sans;');
    expect(face).toContain('font-display: swap;');
    expect(face).toContain('src: url("/cdn/fonts/work_sans/work_sans_n4.woff2") format("woff2")');
  });

  it('refuse a property font_modify does not know', async () => {
    const settings = resolveSettings([{ id: 'font', type: 'font_picker' }], { font: 'assistant_n4' }, { drops: uk });
    await expect(render("{{ settings.font | font_modify: 'size', '12' }}", { settings })).rejects.toThrow(/style' or 'weight/);
  });
});

describe('strict as the platform', () => {
  it('treats a filter the platform does not document as unknown, and t as translate', async () => {
    await expect(render('{{ x | jsonify }}')).rejects.toThrow(/undefined filter: jsonify/);
    await expect(render('{{ x | group_by: "a" }}')).rejects.toThrow(/undefined filter/);
    expect(await render("{{ 'general.only_uk' | translate }}")).toBe(await render("{{ 'general.only_uk' | t }}"));
  });

  it('reads typed metafields through .value; the metafield itself prints its stored form and equals no string', async () => {
    const product = new ProductDrop(uk, coat);
    const style = coat.metafields.custom.style_number;
    expect(
      await render(
        '{{ product.metafields.custom.style_number.value }}|{{ product.metafields.custom.style_number }}|{{ product.metafields.custom.style_number.type }}',
        { product },
      ),
    ).toBe(`${style}|${style}|single_line_text_field`);
    expect(await render(`{% if product.metafields.custom.style_number == '${style}' %}equal{% else %}not equal{% endif %}`, { product })).toBe('not equal');
    expect(await render(`{% if product.metafields.custom.style_number.value == '${style}' %}equal{% endif %}`, { product })).toBe('equal');
  });

  it('types looks as a list of metaobjects whose fields are metafields, a dot’s product being a handle', async () => {
    const collection = new CollectionDrop(uk, coats);
    const first = coats.metafields.custom.looks[0]!;
    const out = await render(
      '{% assign look = collection.metafields.custom.looks.value.first %}{{ look.image.value.width }}|{{ look.image.width }}|{{ look.dots.value.first.product }}|{{ look.dots.value.first.product.title }}|{{ collection.metafields.custom.looks.type }}|{{ look.system.type }}',
      { collection },
    );
    expect(out).toBe(`${first.width}||${first.dots[0]!.product}||list.metaobject_reference|look`);
    // Looping over the metafield without .value runs zero times, as on a shop.
    expect(await render('{% for look in collection.metafields.custom.looks %}x{% endfor %}', { collection })).toBe('');
    expect(await render('{{ collection.metafields.custom.looks }}', { collection })).toMatch(
      /^\["gid:\/\/shopify\/Metaobject\/\d+","gid:\/\/shopify\/Metaobject\/\d+"\]$/,
    );
  });

  it('answers metaobjects by type and handle', async () => {
    const globals = platformGlobals({
      store,
      session: { id: 's', cart: newCart('t', 'UAH'), customerId: null, currency: 'UAH' },
      customer: null,
      language: 'uk',
      path: '/',
      pageType: 'index',
      template: 'index',
      themeSettings: {},
      origin: 'http://x',
      drops: uk,
    });
    expect(await render("{{ metaobjects.look.values.size }}|{{ metaobjects.look['coats-and-jackets-1'].dots.value.size }}", globals)).toBe(
      `${[...store.collections].reduce((n, c) => n + c.metafields.custom.looks.length, 0)}|${coats.metafields.custom.looks[0]!.dots.length}`,
    );
  });
});

describe('the cart', () => {
  it('is empty (cart == empty) with no items, as themes test it, and not with one', async () => {
    const state = newCart('t', 'UAH');
    expect(await render('{% if cart == empty %}empty{% else %}{{ cart.item_count }}{% endif %}', { cart: liquidCart(uk, state) })).toBe('empty');
    addItems(store, state, 'uk', [{ id: coat.variants[0]!.id, quantity: 2 }]);
    expect(
      await render('{% if cart == empty %}empty{% else %}{{ cart.item_count }} {{ cart.items.first.quantity }}{% endif %}', { cart: liquidCart(uk, state) }),
    ).toBe('2 2');
  });
});

describe('product prices', () => {
  it('give the lowest compare-at price of the variants that have one, and nil when none has', async () => {
    const [first, second, ...rest] = coat.variants;
    const mixed = {
      ...coat,
      variants: [
        { ...first!, compare_at_price: null },
        { ...second!, compare_at_price: { UAH: 990000, USD: 24000 } },
        ...rest.map((v, i) => ({ ...v, compare_at_price: i === 0 ? { UAH: 1200000, USD: 29000 } : null })),
      ],
    };
    const template =
      '{{ product.compare_at_price }}|{{ product.compare_at_price_min }}|{{ product.compare_at_price_max }}|{{ product.compare_at_price_varies }}';
    expect(await render(template, { product: new ProductDrop(uk, mixed) })).toBe('990000|990000|1200000|true');
    const none = { ...coat, variants: coat.variants.map((v) => ({ ...v, compare_at_price: null })) };
    expect(
      await render(`${template}|{% if product.compare_at_price > product.price %}sale{% else %}full{% endif %}`, { product: new ProductDrop(uk, none) }),
    ).toBe('|||false|full');
  });
});

describe('product option values', () => {
  it('print as their name, know whether they are selected and available, and lead to a variant', async () => {
    const product = new ProductDrop(en, coat);
    const out = await render(
      '{% assign colour = product.options_with_values.first %}{{ colour.name }}:{% for v in colour.values %}{{ v }}{% if v.selected %}*{% endif %}{% unless v.available %}-{% endunless %}={{ v.variant.id }} {% endfor %}|{% if colour.values.first == colour.selected_value %}same{% endif %}|{{ colour.values | json }}',
      { product },
    );
    const first = coat.variants[0]!;
    expect(out.startsWith(`Color:${coat.options[0]!.values[0]}*=${first.id} `)).toBe(true);
    expect(out).toContain('|same|');
    expect(out.endsWith(JSON.stringify(coat.options[0]!.values))).toBe(true);
  });
});

describe('typed settings', () => {
  const scope = { drops: en };
  it('turn resource handles and references into objects', async () => {
    const schema = [
      { id: 'accent', type: 'color' },
      { id: 'featured', type: 'collection' },
      { id: 'hero', type: 'product' },
      { id: 'link', type: 'url' },
      { id: 'page', type: 'page' },
      { id: 'picture', type: 'image_picker' },
      { id: 'list', type: 'product_list' },
      { id: 'empty', type: 'collection' },
      { id: 'video', type: 'video_url' },
    ];
    const settings = resolveSettings(
      schema,
      {
        accent: '#336699',
        featured: 'coats-and-jackets',
        hero: 'wool-wrap-coat',
        link: 'shopify://collections/all',
        page: 'about-us',
        picture: `shopify://shop_images/${coat.images[0]!.file}`,
        list: ['wool-wrap-coat', 'no-such-product'],
        empty: '',
        video: 'https://www.youtube.com/watch?v=abcdefgh',
      },
      scope,
    );
    const out = await render(
      '{{ s.accent.red }}-{{ s.accent }}|{{ s.featured.title }}|{{ s.hero.title }}|{{ s.link }}|{{ s.page.handle }}|{{ s.picture.width }}|{{ s.list.size }}|{{ s.empty == nil }}|{{ s.video.type }}:{{ s.video.id }}',
      { s: settings },
    );
    expect(out).toBe(
      `51-#336699|${(coats.title as Record<string, string>)['en']!.replace('&', '&')}|Wool wrap coat|/en/collections/all|about-us|${coat.images[0]!.width}|1|true|youtube:abcdefgh`,
    );
  });

  it('read dynamic sources from the page’s objects', () => {
    const product = new ProductDrop(en, coat);
    const settings = resolveSettings(
      [
        { id: 'heading', type: 'text' },
        { id: 'mixed', type: 'richtext' },
        { id: 'plain', type: 'text' },
      ],
      { heading: '{{ product.title }}', mixed: '<p>{{ product.vendor }} / {{ product.handle }}</p>', plain: '{{ 7 | times: 7 }}' },
      {
        drops: en,
        evaluate: (expression) => liquid.evalValueSync(expression, { product }),
      },
    );
    // A reference is a source; anything else (filters, tags) is the merchant's text, left as written.
    expect(settings).toMatchObject({ heading: 'Wool wrap coat', mixed: `<p>${coat.vendor} / wool-wrap-coat</p>`, plain: '{{ 7 | times: 7 }}' });
  });

  it('make colour schemes objects a section’s color_scheme setting names', async () => {
    const theme = resolveSettings(
      [{ id: 'schemes', type: 'color_scheme_group', definition: [{ id: 'background', type: 'color' }] }],
      { schemes: { 'scheme-1': { settings: { background: '#ffffff' } }, 'scheme-2': { settings: { background: '#000000' } } } },
      scope,
    );
    const group = theme['schemes'] as ColorSchemeGroup;
    const section = resolveSettings([{ id: 'scheme', type: 'color_scheme' }], { scheme: 'scheme-2' }, { ...scope, colorSchemes: group });
    expect(
      await render(
        '{% for s in theme.schemes %}{{ s.id }}={{ s.settings.background.rgb }};{% endfor %}|color-{{ section.scheme }}|{{ section.scheme.settings.background }}',
        { theme, section },
      ),
    ).toBe('scheme-1=255 255 255;scheme-2=0 0 0;|color-scheme-2|#000000');
  });
});

describe('theme blocks (content_for)', () => {
  it('renders the saved blocks in order, nested blocks inside them, and a static block with its parameters', async () => {
    const html = await renderSection(liquid, { [REQUEST_KEY]: renderRequest({ drops: uk }) }, 'tb', {
      type: 'theme-blocks',
      blocks: {
        b: { type: 'note', settings: { text: 'second' } },
        a: { type: 'note', settings: { text: 'first' }, blocks: { inner: { type: 'note', settings: { text: 'inner' } } }, block_order: ['inner'] },
        hidden: { type: 'note', settings: { text: 'hidden' }, disabled: true },
        fixed: { type: 'note', static: true, settings: { text: 'static' } },
      },
      block_order: ['a', 'b', 'hidden'],
    });
    const inner = html.replace(/^<div[^>]*>|<\/div>$/g, '').replace(/\s+/g, ' ');
    // Each theme block in the platform's wrapper, <div id="shopify-block-<id>" class="shopify-block">.
    expect(inner).toContain(
      '<div class="theme-blocks"><div id="shopify-block-a" class="shopify-block"><p class="note" data-depth="a">first<div id="shopify-block-inner" class="shopify-block"><p class="note" data-depth="inner">inner</p> </div></p> </div><div id="shopify-block-b" class="shopify-block"><p class="note" data-depth="b">second</p> </div>|<div id="shopify-block-fixed" class="shopify-block"><p class="note" data-depth="fixed">static!</p> </div></div>',
    );
    expect(inner).not.toContain('hidden');
  });

  it('refuses content_for outside a section and an unknown kind', async () => {
    await expect(render("{% content_for 'blocks' %}")).rejects.toThrow(/only a section or a theme block/);
    await expect(render("{% content_for 'things' %}", { section: {} })).rejects.toThrow();
  });
});

describe('forms, dates and other platform filters', () => {
  it('prints the cart, new_comment and storefront_password forms; the cart form needs the cart', async () => {
    const cart = { item_count: 0 };
    expect(await render("{% form 'cart', cart %}{% endform %}", { cart })).toMatch(
      /^<form method="post" action="\/cart" id="cart_form" accept-charset="UTF-8" class="shopify-cart-form" enctype="multipart\/form-data"><input type="hidden" name="form_type" value="cart" \/>/,
    );
    await expect(render("{% form 'cart' %}{% endform %}")).rejects.toThrow(/needs the cart/);
    expect(await render("{% form 'new_comment', article %}{% endform %}", { article: { url: '/blogs/news/a' } })).toContain(
      'action="/blogs/news/a/comments#comment_form"',
    );
    expect(await render("{% form 'storefront_password' %}{% endform %}")).toContain('action="/password"');
  });

  it('time_tag prints the shop’s named formats in the page language, or a strftime pattern', async () => {
    const date = '2026-03-08T10:30:00Z';
    expect(await render("{{ d | time_tag: format: 'date' }}", { d: date }, { language: 'en' })).toBe(
      '<time datetime="2026-03-08T10:30:00Z">March 8, 2026</time>',
    );
    expect(await render("{{ d | time_tag: format: 'date' }}", { d: date })).toBe('<time datetime="2026-03-08T10:30:00Z">8 березня 2026 р.</time>');
    expect(await render("{{ d | time_tag: '%d.%m.%Y' }}", { d: date })).toBe('<time datetime="2026-03-08T10:30:00Z">08.03.2026</time>');
    await expect(render("{{ d | time_tag: format: 'nonsense' }}", { d: date })).rejects.toThrow(/unknown date format/);
    expect(await render("{{ d | date: format: 'abbreviated_date' }}|{{ d | date: '%Y' }}", { d: date }, { language: 'en' })).toBe('Mar 8, 2026|2026');
  });

  it('inlines a theme asset, and refuses one that does not exist', async () => {
    expect(await render("{{ 'icon-test.svg' | inline_asset_content }}")).toContain('<title>test icon</title>');
    await expect(render("{{ 'nope.svg' | inline_asset_content }}")).rejects.toThrow(/Could not find asset/);
    await expect(render("{{ '../config/settings_schema.json' | inline_asset_content }}")).rejects.toThrow(/Could not find asset/);
    await expect(render("{{ 'icon-test.svg.png' | inline_asset_content }}")).rejects.toThrow(/Could not find asset|only SVG/);
  });

  it('renders the offline stand-ins of payment buttons and icons, in the page language, never an object', async () => {
    const html = await render(
      "{% form 'product', product %}{{ form.id }}{{ form | payment_button }}{{ form | payment_terms }}{% endform %}{{ 'visa' | payment_type_svg_tag: class: 'icon' }}",
      { product: new ProductDrop(uk, coat) },
    );
    expect(html).toContain(`product_form_${coat.id}<div`);
    expect(html).toContain(`<shopify-payment-terms variant-id="${coat.variants[0]!.id}"`);
    expect(html).toContain(
      '<button class="shopify-payment-button__button shopify-payment-button__button--unbranded" type="submit" name="checkout">Купити зараз</button>',
    );
    expect(html).toContain('<shopify-payment-terms');
    expect(html).toContain('<svg class="icon"');
    expect(html).toContain('<title id="pi-visa">Visa</title>');
    expect(html).not.toContain('[object Object]');
    await expect(render('{{ nothing | payment_button }}')).rejects.toThrow(/form object/);
  });

  it('prints a media object by its type and links tags within the collection', async () => {
    const product = new ProductDrop(uk, coat);
    expect(await render('{{ product.media.first | media_tag }}', { product })).toMatch(
      /^<img src="\/cdn\/shop\/files\/wool-wrap-coat-1\.jpg\?width=\d+" alt="[^"]+" width="\d+" height="\d+">$/,
    );
    const collection = new CollectionDrop(uk, coats);
    expect(await render("{{ 'Вовна' | link_to_tag: 'wool' }}", { collection, current_tags: [] })).toBe(
      '<a href="/collections/coats-and-jackets/wool" title="Показати товари з тегом wool">Вовна</a>',
    );
  });

  it('hashes with blake3 as the platform', async () => {
    expect(await render("{{ '' | blake3 }}")).toBe('af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262');
  });
});

describe('collection pages as the platform renders them', () => {
  it('name the sort orders in the page language and give no page links for a single page', async () => {
    const collection = new CollectionDrop(uk, coats);
    expect(await render('{{ collection.sort_options.first.name }}|{{ collection.sort_options[2].name }}', { collection })).toBe(
      'Рекомендовані|За алфавітом, А–Я',
    );
    expect(await render('{{ collection.sort_options.first.name }}', { collection: new CollectionDrop(en, coats) })).toBe('Featured');
    const pages = '{% paginate collection.products by 2 %}{{ paginate.pages }}:{{ paginate.parts.size }}{% endpaginate %}';
    expect(await render(pages, { collection }, { drops: uk })).toBe(
      `${Math.ceil(coats.products.length / 2)}:${Math.min(Math.ceil(coats.products.length / 2), 5)}`,
    );
    expect(await render(pages.replace('by 2', 'by 250'), { collection }, { drops: uk })).toBe('1:0');
  });

  it('say which sort the address asked for (nil without one) beside the collection’s own, and list in that order', async () => {
    const source = '{{ collection.sort_by | default: "none" }}|{{ collection.default_sort_by }}|{{ collection.products | map: "price" | join: "," }}';
    const own = new CollectionDrop(uk, coats);
    const [ownSort, ownDefault, ownPrices] = (await render(source, { collection: own })).split('|');
    expect([ownSort, ownDefault]).toEqual(['none', 'manual']);
    expect(ownPrices).toBe(coats.products.map((handle) => new ProductDrop(uk, store.productsByHandle.get(handle)!).price).join(','));
    const asked = new CollectionDrop(uk, coats);
    asked.sortBy = 'price-ascending';
    const [askedSort, askedDefault, askedPrices] = (await render(source, { collection: asked })).split('|');
    expect([askedSort, askedDefault]).toEqual(['price-ascending', 'manual']);
    const prices = askedPrices!.split(',').map(Number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices).not.toEqual(ownPrices!.split(',').map(Number));
  });
});

describe('theme JSON files', () => {
  it('accept block and line comments, as the platform writes them', () => {
    expect(parseThemeJson<{ a: number }>('/* saved by the editor */\n{ "a": 1 // the value\n}', 'templates/x.json')).toEqual({ a: 1 });
  });
  it('accept trailing commas, as the JSONSyntaxError check of theme check does', () => {
    expect(parseThemeJson('{\n "a": [1, 2,],\n}', 'templates/x.json')).toEqual({ a: [1, 2] });
  });
  it('refuse anything else that is not JSON, naming the file and line', () => {
    expect(() => parseThemeJson('{\n "a": 1\n "b": 2\n}', 'templates/x.json')).toThrow(/templates\/x\.json: invalid JSON .* line 3/);
    expect(() => parseThemeJson("{ 'a': 1 }", 'templates/x.json')).toThrow(/invalid JSON/);
  });
});
