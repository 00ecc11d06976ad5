// Platform filters and CDN files real themes use, as the platform's docs describe them: image_tag
// with image_url, placeholder artwork, deprecated filters, powered_by_link, country flags, and
// the font library's files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { render } from './support/render';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

const image = { src: '/cdn/shop/files/coat.jpg', width: 3000, height: 2000, alt: 'Wool coat' };
const product = { title: 'Coat', featured_image: image, url: '/products/coat' };

function attributes(html: string): Record<string, string> {
  const window = new Window();
  window.document.body.innerHTML = html;
  const element = window.document.body.firstElementChild!;
  return Object.fromEntries(Array.from(element.attributes).map((a) => [a.name, a.value ?? '']));
}

describe('image_tag with image_url', () => {
  it("writes width, height and alt from the URL's image, and srcset of the default widths up to the URL's width", async () => {
    const attrs = attributes(await render('{{ image | image_url: width: 1000 | image_tag }}', { image }));
    expect(attrs['src']).toBe('/cdn/shop/files/coat.jpg?width=1000');
    expect(attrs['alt']).toBe('Wool coat');
    expect(attrs['width']).toBe('1000');
    expect(attrs['height']).toBe('667');
    expect(attrs['srcset']).toBe('/cdn/shop/files/coat.jpg?width=352 352w, /cdn/shop/files/coat.jpg?width=832 832w, /cdn/shop/files/coat.jpg?width=1000 1000w');
    expect(attrs).not.toHaveProperty('widths');
  });

  it('takes a resource through its featured image, and the docs’ example of a small width', async () => {
    const attrs = attributes(await render('{{ product | image_url: width: 200 | image_tag }}', { product }));
    expect(attrs).toMatchObject({ alt: 'Wool coat', srcset: '/cdn/shop/files/coat.jpg?width=200 200w', width: '200', height: '133' });
  });

  it('builds srcset from widths:, skipping those beyond the file, and keeps a cropped shape at every width', async () => {
    const widths = attributes(await render("{{ image | image_url: width: 1000 | image_tag: widths: '300, 600, 4000', sizes: '50vw' }}", { image }));
    expect(widths['srcset']).toBe('/cdn/shop/files/coat.jpg?width=300 300w, /cdn/shop/files/coat.jpg?width=600 600w');
    expect(widths['sizes']).toBe('50vw');
    const square = attributes(await render("{{ image | image_url: width: 400, height: 400, crop: 'center' | image_tag: widths: '200, 400' }}", { image }));
    expect(square).toMatchObject({ width: '400', height: '400' });
    expect(square['srcset']).toBe(
      '/cdn/shop/files/coat.jpg?width=200&height=200&crop=center 200w, /cdn/shop/files/coat.jpg?width=400&height=400&crop=center 400w',
    );
  });

  it('sizes an image asked by height alone from its shape, its srcset by width up to that size', async () => {
    const attrs = attributes(await render('{{ image | image_url: height: 400 | image_tag }}', { image }));
    expect(attrs).toMatchObject({ width: '600', height: '400' });
    expect(attrs['srcset']).toBe('/cdn/shop/files/coat.jpg?width=352 352w, /cdn/shop/files/coat.jpg?width=600 600w');
  });

  it('lets width:, height:, srcset: and alt: override, nil leaving an attribute out', async () => {
    const attrs = attributes(await render("{{ image | image_url: width: 600 | image_tag: width: 300, srcset: nil, alt: 'Front', class: 'card' }}", { image }));
    expect(attrs).toMatchObject({ width: '300', alt: 'Front', class: 'card' });
    expect(attrs).not.toHaveProperty('height');
    expect(attrs).not.toHaveProperty('srcset');
  });

  it('loads lazily in sections further down the page unless preloaded; preload is no attribute', async () => {
    const source = '{{ image | image_url: width: 600 | image_tag }}|{{ image | image_url: width: 600 | image_tag: preload: true }}';
    const [first, firstPreloaded] = (await render(source, { image, section: { index: 1, location: 'template' } })).split('|');
    const [later, laterPreloaded] = (await render(source, { image, section: { index: 5, location: 'template' } })).split('|');
    expect(attributes(first!)).not.toHaveProperty('loading');
    expect(attributes(later!)['loading']).toBe('lazy');
    expect(attributes(laterPreloaded!)).not.toHaveProperty('loading');
    expect(attributes(laterPreloaded!)).not.toHaveProperty('preload');
    expect(attributes(firstPreloaded!)).not.toHaveProperty('preload');
  });
});

describe('placeholder_svg_tag', () => {
  it("draws the platform's named artwork on its canvas, with the class given", async () => {
    for (const name of ['product-1', 'collection-6', 'lifestyle-2', 'image', 'hero-apparel-3', 'product-apparel-4', 'detailed-apparel-1']) {
      const svg = await render(`{{ '${name}' | placeholder_svg_tag: 'placeholder-svg' }}`);
      const attrs = attributes(svg);
      expect(attrs['class'], name).toBe('placeholder-svg');
      expect(attrs['viewbox'] ?? attrs['viewBox'], name).toMatch(/^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
      expect(svg, name).toMatch(/<path |<rect /);
    }
    expect(attributes(await render("{{ 'product-1' | placeholder_svg_tag }}"))['viewBox'] ?? '').toBe('0 0 525.5 525.5');
    expect(attributes(await render("{{ 'hero-apparel-1' | placeholder_svg_tag }}"))).not.toHaveProperty('class');
  });
});

describe('deprecated filters the platform still answers', () => {
  it('img_url and its resource forms: named sizes, boxes, scale and crop', async () => {
    expect(await render("{{ image | img_url: 'medium' }}", { image })).toBe('/cdn/shop/files/coat.jpg?width=240&height=240');
    expect(await render("{{ product | product_img_url: '480x' }}|{{ image | img_url: 'x300', scale: 2 }}", { image, product })).toBe(
      '/cdn/shop/files/coat.jpg?width=480|/cdn/shop/files/coat.jpg?height=600',
    );
    expect(await render("{{ image | img_url: '300x300', crop: 'top' }}|{{ image | img_url: 'master' }}", { image })).toBe(
      '/cdn/shop/files/coat.jpg?width=300&height=300&crop=top|/cdn/shop/files/coat.jpg',
    );
    await expect(render("{{ image | img_url: 'huge' }}", { image })).rejects.toThrow(/invalid size/);
  });

  it('img_tag, hex_to_rgba and currency_selector', async () => {
    expect(await render("{{ product | img_tag }}|{{ '/a.png' | img_tag: 'Logo', 'logo' }}", { product })).toBe(
      '<img src="/cdn/shop/files/coat.jpg?width=100&amp;height=100" alt="Wool coat" />|<img src="/a.png" alt="Logo" class="logo" />',
    );
    expect(await render("{{ '#7ab55c' | hex_to_rgba }}|{{ '#7ab55c' | hex_to_rgba: 0.5 }}")).toBe('rgba(122, 181, 92, 1.0)|rgba(122, 181, 92, 0.5)');
  });
});

describe('platform objects and CDN files', () => {
  let theme: ThemeCopyPreview;
  beforeAll(async () => {
    theme = await themeCopyPreview('platform-filters-', {
      'templates/page.platform.liquid': `{% layout none %}<footer>{{ powered_by_link }}</footer>
<p data-flag>{{ localization.country | image_url: width: 32 }}</p>
<p data-flags>{% for country in localization.available_countries %}{{ country | image_url: width: 32 | image_tag }}{% endfor %}</p>
<p data-fonts>{{ 'cormorant_garamond_n4' | font_url }} {{ 'cormorant_garamond_i7' | font_url: 'woff' }} {{ 'assistant_n4' | font_url }}</p>
<p data-currencies>{% form 'currency' %}{{ form | currency_selector }}{% endform %}</p>
<p data-preload>{{ all_products['wool-wrap-coat'] | image_url: width: 600 | image_tag: preload: true, sizes: '100vw' }}</p>`,
    });
  });
  afterAll(() => theme.close());

  async function page(prefix = '') {
    const response = await theme.app.inject({ url: `${prefix}/pages/about-us?view=platform` });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it("prints powered_by_link as the platform's link, in the shop's language", async () => {
    expect(await page('/en')).toContain(
      '<footer><a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Powered by Shopify</a></footer>',
    );
    expect(await page()).toMatch(/<footer><a target="_blank" rel="nofollow" href="https:\/\/www\.shopify\.com\?[^"]+">[^<]*Shopify<\/a><\/footer>/);
  });

  it('gives each country its flag through image_url, served as an SVG', async () => {
    const html = await page();
    const url = /<p data-flag>([^<]*)<\/p>/.exec(html)![1]!;
    expect(url).toBe('/cdn/shopify/static/images/flags/ua.svg?width=32');
    expect(html).toContain('/cdn/shopify/static/images/flags/us.svg?width=32');
    expect(attributes(/<p data-flags>(<img[^>]*>)/.exec(html)![1]!)).toMatchObject({ width: '32', height: '24' });
    const flag = await theme.app.inject({ url });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(flag.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 480"/);
    expect((await theme.app.inject({ url: '/cdn/shopify/static/images/flags/../../x.svg' })).statusCode).toBe(404);
  });

  it('serves font_url files of a family the preview has, and 404 for one it has not', async () => {
    const [regular, italicWoff, other] = /<p data-fonts>([^<]*)<\/p>/.exec(await page())![1]!.split(' ');
    expect(regular).toBe('/cdn/fonts/cormorant_garamond/cormorant_garamond_n4.woff2');
    const woff2 = await theme.app.inject({ url: regular! });
    expect(woff2.statusCode).toBe(200);
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const woff = await theme.app.inject({ url: italicWoff! });
    expect(woff.statusCode).toBe(200);
    expect(woff.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOFF');
    expect((await theme.app.inject({ url: other! })).statusCode).toBe(404);
    expect((await theme.app.inject({ url: '/cdn/fonts/cormorant_garamond/assistant_n4.woff2' })).statusCode).toBe(404);
  });

  it("answers a page whose image_tag says preload with the image's Link header", async () => {
    const response = await theme.app.inject({ url: '/pages/about-us?view=platform' });
    const src = attributes(/<p data-preload>(<img[^>]*>)/.exec(response.body)![1]!.replace(/&amp;/g, '&'))['src']!;
    expect(src).toMatch(/^\/cdn\/shop\/files\/.+\?width=600$/);
    expect(response.headers['link']).toBe(`<${src}>; rel=preload; as=image; imagesrcset="${src.replace('600', '352')} 352w, ${src} 600w"; imagesizes="100vw"`);
    expect((await theme.app.inject({ url: '/pages/about-us' })).headers['link']).toBeUndefined();
  });

  it('prints currency_selector with the shop’s currencies, the current one selected', async () => {
    expect(/<p data-currencies>.*?(<select.*?<\/select>)/s.exec(await page())![1]).toBe(
      '<select name="currency"><option value="UAH" selected="selected">UAH ₴</option><option value="USD">USD $</option></select>',
    );
  });
});
