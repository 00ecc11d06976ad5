// The preview's platform filters: what a template prints must be what the platform prints, so the
// theme that works here works on a real shop.
import { describe, expect, it } from 'vitest';
import { liquid, render } from './support/render';
import { formatMoney } from '../liquid/money';
import { imageObject, type DropContext } from '../platform/drops';

describe('json', () => {
  it('escapes < > & / and the JS line terminators as the platform does, so data cannot leave a script tag', async () => {
    const out = await render('{{ value | json }}', { value: '</script><img src=x onerror=alert(1)> & \u2028\u2029' });
    expect(out).toBe('"\\u003c\\/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e \\u0026 \\u2028\\u2029"');
    expect(out).not.toMatch(/[<>&\u2028\u2029]|<\//);
    expect(JSON.parse(out)).toBe('</script><img src=x onerror=alert(1)> & \u2028\u2029');
  });

  it('escapes inside nested objects and arrays too', async () => {
    const out = await render('{{ value | json }}', { value: { list: ['<b>', { deep: 'a/b' }] } });
    expect(out).toBe('{"list":["\\u003cb\\u003e",{"deep":"a\\/b"}]}');
  });

  it('prints Liquid nil as null, numbers and booleans as themselves', async () => {
    expect(await render('{% assign nothing = nil %}{{ nothing | json }}|{{ missing | json }}|{{ 5 | json }}|{{ true | json }}')).toBe('null|null|5|true');
  });
});

describe('money', () => {
  it('formats minor units with the shop format of the page currency', async () => {
    expect(await render('{{ 589000 | money }}')).toBe('5 890 UAH');
    expect(await render('{{ 1234567 | money }}', {}, { moneyFormat: '${{amount_no_decimals}}' })).toBe('$12,346');
    expect(await render('{{ 1234567 | money_with_currency }}', {}, { moneyWithCurrencyFormat: '${{amount}} USD' })).toBe('$12,345.67 USD');
    expect(await render('{{ 199 | money_without_currency }}')).toBe('1.99');
  });

  it('knows every placeholder of the platform', () => {
    const cases: [string, string][] = [
      ['{{amount}}', '1,234,567.89'],
      ['{{amount_no_decimals}}', '1,234,568'],
      ['{{amount_with_comma_separator}}', '1.234.567,89'],
      ['{{amount_no_decimals_with_comma_separator}}', '1.234.568'],
      ['{{amount_with_apostrophe_separator}}', "1'234'567.89"],
      ['{{amount_no_decimals_with_space_separator}}', '1 234 568'],
      ['{{amount_with_space_separator}}', '1 234 567,89'],
      ['{{amount_with_period_and_space_separator}}', '1 234 567.89'],
    ];
    for (const [format, expected] of cases) expect(formatMoney(123456789, format), format).toBe(expected);
  });

  it('prints nothing for a value that is not a number', async () => {
    expect(await render('[{{ "abc" | money }}]')).toBe('[]');
  });
});

describe('t', () => {
  it('interpolates values, escaping them even in _html keys', async () => {
    expect(await render("{{ 'general.greeting' | t: name: 'Олена' }}")).toBe('Привіт, Олена!');
    expect(await render("{{ 'general.greeting' | t: name: 'Ann' }}", {}, { language: 'en' })).toBe('Hi, Ann!');
    expect(await render("{{ 'html.welcome_html' | t: name: '<i>x</i>' }}")).toBe('<b>Вітаємо</b>, &lt;i&gt;x&lt;/i&gt;');
  });

  it('chooses plural forms by the language rules with count (uk: one/few/many, en: one/other)', async () => {
    const uk = await Promise.all([1, 3, 5, 21].map((count) => render("{{ 'cart.items' | t: count: n }}", { n: count })));
    expect(uk).toEqual(['1 товар', '3 товари', '5 товарів', '21 товар']);
    const en = await Promise.all([1, 2].map((count) => render("{{ 'cart.items' | t: count: n }}", { n: count }, { language: 'en' })));
    expect(en).toEqual(['1 item', '2 items']);
  });

  it('falls back to the default locale, and names a missing key as the platform does', async () => {
    expect(await render("{{ 'general.only_uk' | t }}", {}, { language: 'en' })).toBe('Лише українською');
    expect(await render("{{ 'general.nope' | t }}", {}, { language: 'en' })).toBe('Translation missing: en.general.nope');
  });
});

describe('image_url and friends', () => {
  const image = { src: '/cdn/shop/files/coat.jpg', width: 2000, height: 3000, alt: 'Coat' };

  it('adds the width or height, capped at the platform maximum', async () => {
    expect(await render('{{ image | image_url: width: 500 }}', { image })).toBe('/cdn/shop/files/coat.jpg?width=500');
    expect(await render('{{ image | image_url: height: 300 }}', { image })).toBe('/cdn/shop/files/coat.jpg?height=300');
    expect(await render('{{ image | image_url: width: 9000 }}', { image })).toBe('/cdn/shop/files/coat.jpg?width=5760');
  });

  it('answers the image at its own size without a width or height, as themes use it in srcset', async () => {
    expect(await render('{{ image | image_url }}', { image })).toBe('/cdn/shop/files/coat.jpg');
    await expect(render('{{ image | image_url: width: -5 }}', { image })).rejects.toThrow(/positive/);
  });

  it('passes crop to the CDN, a region with its rectangle, and refuses an unknown crop', async () => {
    expect(await render("{{ image | image_url: width: 300, height: 600, crop: 'top' }}", { image })).toBe(
      '/cdn/shop/files/coat.jpg?width=300&height=600&crop=top',
    );
    expect(await render("{{ image | image_url: width: 100, crop: 'region', crop_left: 10, crop_top: 20, crop_width: 300, crop_height: 400 }}", { image })).toBe(
      '/cdn/shop/files/coat.jpg?width=100&crop=region&crop_left=10&crop_top=20&crop_width=300&crop_height=400',
    );
    await expect(render("{{ image | image_url: width: 100, crop: 'middle' }}", { image })).rejects.toThrow(/crop must be one of/);
    await expect(render("{{ image | image_url: width: 100, crop: 'region' }}", { image })).rejects.toThrow(/crop_left/);
  });

  it('uses a product’s featured image, never the product page URL', async () => {
    const product = { url: '/products/coat', featured_image: image };
    expect(await render('{{ product | image_url: width: 100 }}', { product })).toBe('/cdn/shop/files/coat.jpg?width=100');
    expect(await render('[{{ nothing | image_url: width: 100 }}]')).toBe('[]');
  });

  it('image_tag escapes its attributes', async () => {
    expect(await render('{{ "/a.jpg" | image_tag: alt: alt, loading: "lazy" }}', { alt: '"><script>' })).toBe(
      '<img src="/a.jpg" alt="&quot;&gt;&lt;script&gt;" loading="lazy">',
    );
  });
});

describe('other platform filters', () => {
  it('default_errors prints the form message as is and field errors as sentences', async () => {
    const errors = Object.assign(['form', 'email'], {
      messages: { form: 'Incorrect email or password.', email: "can't be blank" },
      translated_fields: { form: '', email: 'email' },
    });
    expect(await render('{{ errors | default_errors }}', { errors })).toBe(
      '<div class="errors"><ul><li>Incorrect email or password.</li><li>Email can&#39;t be blank.</li></ul></div>',
    );
    expect(await render('[{{ nothing | default_errors }}]')).toBe('[]');
  });

  it('asset_url points at the theme assets with a version', async () => {
    expect(await render("{{ 'base.css' | asset_url }}")).toBe('/cdn/shop/t/1/assets/base.css?v=v1');
  });

  it('handleize, camelize, pluralize, url_param_escape, within, highlight', async () => {
    expect(await render("{{ 'Wool Wrap — Coat!' | handleize }}")).toBe('wool-wrap-coat');
    expect(await render("{{ 'light-blue' | camelize }}")).toBe('LightBlue');
    expect(await render("{{ 2 | pluralize: 'item', 'items' }}")).toBe('items');
    expect(await render("{{ 'a b&c' | url_param_escape }}")).toBe('a%20b%26c');
    expect(await render("{{ '/en/products/coat' | within: c }}", { c: { handle: 'sale' } })).toBe('/en/collections/sale/products/coat');
    expect(await render("{{ 'Wool coat' | highlight: 'coat' }}")).toBe('Wool <strong class="highlight">coat</strong>');
  });

  it('customer links carry the page language prefix', async () => {
    expect(await render("{{ 'Log in' | customer_login_link }}", {}, { language: 'en' })).toBe(
      '<a href="/en/account/login" id="customer_login_link">Log in</a>',
    );
    expect(await render("{{ 'Вийти' | customer_logout_link }}")).toBe('<a href="/account/logout" id="customer_logout_link">Вийти</a>');
  });
});

describe('strict filters', () => {
  it('an unknown filter is an error when the template is parsed, not an empty string', () => {
    expect(() => liquid.parse('{{ product.title | upcase_everything }}')).toThrow(/undefined filter: upcase_everything/);
  });
});

describe('whole floats, rounding and division by zero as the platform prints them', () => {
  it('prints a whole float with its decimal, as Ruby does: in output, echo, append and capture', async () => {
    expect(await render('{{ 8 | divided_by: 2.0 }}|{{ 0 | divided_by: 2.0 }}|{{ 5 | times: 1.0 }}|{{ 2.5 | plus: 0.5 }}|{{ -3 | times: 1.0 }}')).toBe(
      '4.0|0.0|5.0|3.0|-3.0',
    );
    expect(await render('{% liquid\n  assign w = 250 | times: 1.0\n  echo w\n%}|{{ w | append: "w" }}|{% capture c %}{{ w }}{% endcapture %}{{ c }}')).toBe(
      '250.0|250.0w|250.0',
    );
    // Integers stay integers, and fractions print as they are.
    expect(await render('{{ 8 | divided_by: 2 }}|{{ 5 | times: 2 }}|{{ 7 | divided_by: 2.0 }}')).toBe('4|10|3.5');
    expect(await render('{{ 1 | times: 10000000000000000.0 }}')).toBe('1.0e+16');
  });

  it('compares a whole float with numbers as the number it is, never with text', async () => {
    const out = await render(
      '{% assign f = 4 | times: 1.0 %}{% if f == 4 %}a{% endif %}{% if f > 3 %}b{% endif %}{% if f >= 4.0 %}c{% endif %}{% if f < 5 %}d{% endif %}{% if 3 < f %}e{% endif %}{% if f == "4" %}X{% endif %}{% case f %}{% when 4 %}g{% endcase %}',
    );
    expect(out).toBe('abcdeg');
  });

  it('round: digits keep a float a float (6.0 | round: 2 is 6.0); no digits, or an integer, answer an integer; halves go away from zero', async () => {
    expect(
      await render('{{ 6.0 | round: 2 }}|{{ x | round: 1 }}|{{ 2.5 | round }}|{{ -2.5 | round }}|{{ 7 | round: 2 }}|{{ 183.357 | round: 2 }}', { x: 4.04 }),
    ).toBe('6.0|4.0|3|-3|7|183.36');
  });

  it('abs, at_least and at_most keep the kind of the number they answer', async () => {
    expect(await render('{{ -6.0 | abs }}|{{ -6 | abs }}|{{ 6.0 | at_least: 5 }}|{{ 2.0 | at_least: 5 }}|{{ 2 | at_most: 1.0 }}|{{ 9 | at_most: 10 }}')).toBe(
      '6.0|6|6.0|5|1.0|9',
    );
  });

  it('an integer divided by zero, or its modulo by zero, prints the Liquid error the platform prints, and the page goes on', async () => {
    expect(await render('before {{ 3 | divided_by: 0 }} after')).toBe('before Liquid error (line 1): divided by 0 after');
    expect(await render('a\n{{ n | modulo: 0 }}', { n: 7 })).toBe('a\nLiquid error (line 2): divided by 0');
    // In a theme file, the error names it as the platform does (sections/main-product, no extension).
    const { liquid: engine } = await import('./support/render');
    const parsed = engine.parse('x {{ 1 | divided_by: 0 }}', '/theme/sections/main-product.liquid');
    expect(await engine.render(parsed, {})).toBe('x Liquid error (sections/main-product line 1): divided by 0');
    // Floats by zero are Ruby's Infinity and NaN, not errors; modulo keeps the divisor's sign.
    expect(await render('{{ 3.0 | divided_by: 0 }}|{{ -7 | modulo: 3 }}|{{ 7.5 | modulo: 2 }}|{{ 8.0 | modulo: 2 }}')).toBe('Infinity|2|1.5|0.0');
  });
});

describe('escape_once as the platform has it', () => {
  it('escapes markup but leaves named and numeric entities alone', async () => {
    expect(await render('{{ \'&#91;a&#93; &amp; <b> & "q"\' | escape_once }}')).toBe('&#91;a&#93; &amp; &lt;b&gt; &amp; &quot;q&quot;');
  });
});

describe('arithmetic, integers and floats as the platform keeps them', () => {
  it('floors an integer divided by an integer (shopify.dev divided_by), in a chain and after assign', async () => {
    expect(await render('{{ 20 | divided_by: 7 }}|{{ 5 | divided_by: 3 }}|{{ -7 | divided_by: 2 }}|{{ 16 | divided_by: 4 }}')).toBe('2|1|-4|4');
    expect(await render('{{ w | times: 4 | divided_by: 3 | round }}', { w: 500 })).toBe('666');
    expect(await render('{% assign n = 7 %}{{ 20 | divided_by: n }}')).toBe('2');
    expect(await render('{{ count | plus: 249 | divided_by: 250 }}', { count: 5001 })).toBe('21');
    expect(await render('{{ "10" | divided_by: "4" }}')).toBe('2');
  });

  it('divides as floats when either side is a float: a decimal literal, a fraction, a decimal string', async () => {
    expect(await render('{{ 20 | divided_by: 7.0 | round: 3 }}')).toBe('2.857');
    expect(await render('{{ 3.0 | divided_by: 5 }}|{{ 3 | divided_by: 0.5 }}')).toBe('0.6|6.0');
    expect(await render('{{ x | times: 100.0 | divided_by: w | round: 2 }}', { x: 333, w: 1000 })).toBe('33.3');
    expect(await render('{{ ratio | divided_by: 2 }}', { ratio: 1.5 })).toBe('0.75');
    expect(await render('{{ "10.0" | divided_by: 4 }}')).toBe('2.5');
  });

  it('keeps a whole float a float through assign (my_integer | times: 1.0, shopify.github.io divided_by)', async () => {
    expect(await render('{% assign my_integer = 7 %}{% assign my_float = my_integer | times: 1.0 %}{{ 20 | divided_by: my_float | round: 4 }}')).toBe('2.8571');
    // 3 / 1.0 is 3.0; f prints as the platform prints a whole float, also as JSON (Ruby's 1.0.to_json).
    expect(await render('{% assign f = 5 | times: 0.2 %}{{ 3 | divided_by: f }}|{{ f }}|{{ f | json }}|{% if f == 1 %}one{% endif %}')).toBe('3.0|1.0|1.0|one');
  });

  it("an image's aspect ratio is a float, also when whole: 1 | divided_by: a 2:1 image's ratio is a half", async () => {
    const ctx = { language: 'uk', localePrefix: '' } as unknown as DropContext; // alt is null: nothing else is read
    const wide = imageObject(ctx, 'wide.jpg', 2000, 1000, null);
    const square = imageObject(ctx, 'square.jpg', 800, 800, null);
    expect(await render('{{ 1 | divided_by: image.aspect_ratio | times: 100 }}', { image: wide })).toBe('50.0');
    const [ceiled, printed, json] = (
      await render('{{ 70 | divided_by: image.aspect_ratio | ceil }}|{{ image.aspect_ratio }}|{{ image | json }}', { image: square })
    ).split('|');
    expect([ceiled, printed]).toEqual(['70', '1.0']);
    expect(JSON.parse(json!)).toMatchObject({ aspect_ratio: 1, width: 800, height: 800 });
    expect(json).toMatch(/"aspect_ratio":1\.0[,}]/);
  });

  it('prints whole floats in JSON as Ruby does, and leaves every other value as it was', async () => {
    expect(await render('{{ 8 | divided_by: 2.0 | json }}|{{ 2.5 | json }}|{{ 4 | json }}|{{ 0 | times: -1.0 | json }}')).toBe('4.0|2.5|4|-0.0');
    // Text that looks like the mark stays text, whether or not a whole float is beside it.
    const text = '\u0000 1.0 \u0000';
    expect(JSON.parse(await render('{{ value | json }}', { value: { text } }))).toEqual({ text });
    const mixed = await render('{% assign f = 2 | times: 1.0 %}{{ list | json }}|{{ f | json }}', { list: [text] });
    expect(mixed).toBe(`${JSON.stringify([text]).replace('/', '\\/')}|2.0`);
  });
});
