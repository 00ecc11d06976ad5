// Variant media, other media and swatches on the preview, through a theme of a few lines written
// here: product_option_value.swatch from the category colour entry an option value is linked to
// (nil when not linked), variant.featured_media / image per variant, videos, external videos and
// 3D models in product.media with their objects and filters (video_tag, external_video_tag,
// external_video_url, model_viewer_tag, media_tag), the CDN's answers for their files (ranges
// included), image.presentation.focal_point and image_tag's object-position, filter_value.swatch
// of the colour filter, and the loader refusing a linked value without its entry.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../server';
import { loadStore } from '../store/load-store';
import { FIXTURES } from '../testing';

const PRODUCT = `{%- for option in product.options_with_values -%}
{%- for v in option.values %}S|{{ option.name }}|{{ v }}|{% if v.swatch == nil %}nil{% else %}{{ v.swatch.color }}|{{ v.swatch.color.red }}|{% if v.swatch.image == nil %}no-image{% endif %}{% endif %}
{% endfor -%}
{%- endfor -%}
{%- for variant in product.variants %}V|{{ variant.id }}|{{ variant.option1 }}|{{ variant.featured_media.id }}|{{ variant.featured_media.position }}|{{ variant.image.src }}|{{ variant.featured_image.id }}
{% endfor -%}
{%- for media in product.media %}M|{{ media.id }}|{{ media.media_type }}|{{ media.position }}|{{ media.alt }}|{{ media.preview_image.src }}|{{ media.host }}|{{ media.external_id }}|{{ media.sources.first.url }}|{{ media.sources.first.mime_type }}|{{ media.sources.first.format }}|{{ media.variants.size }}|{{ media.attached_to_variant? }}
T|{{ media | media_tag: image_size: '800x' }}
{% endfor -%}
{%- for image in product.images %}F|{{ image.id }}|{{ image.presentation.focal_point }}|{{ image.presentation.focal_point.x }}|{{ image.presentation.focal_point.y }}|{{ image | image_url: width: 600 | image_tag }}
{% endfor -%}
{%- for media in product.media -%}
{%- case media.media_type -%}
{%- when 'video' %}VT|{{ media | video_tag: image_size: '1000x', controls: true, playsinline: true }}
{% when 'external_video' %}EU|{{ media | external_video_url: autoplay: 1 }}
ET|{{ media | external_video_tag }}
{% when 'model' %}MT|{{ media | model_viewer_tag: image_size: '1000x' }}
{% endcase -%}
{%- endfor -%}
J|{{ product.selected_or_first_available_variant | json }}`;

const COLLECTION = `{% for f in collection.filters %}{% for v in f.values %}C|{{ f.param_name }}|{{ v.value }}|{{ v.label }}|{% if v.swatch == nil %}nil{% else %}{{ v.swatch.color }}{% endif %}|{{ v.display.type }}
{% endfor %}{% endfor %}`;

let themeDir: string;
let app: FastifyInstance;
const store = loadStore(FIXTURES);

function writeTheme(): string {
  const dir = mkdtempSync(join(tmpdir(), 'media-theme-'));
  for (const folder of ['layout', 'templates', 'locales', 'config']) mkdirSync(join(dir, folder));
  writeFileSync(join(dir, 'config', 'settings_schema.json'), '[]');
  writeFileSync(join(dir, 'config', 'settings_data.json'), '{"current": {}}');
  writeFileSync(join(dir, 'locales', 'uk.default.json'), '{}');
  writeFileSync(join(dir, 'locales', 'en.json'), '{}');
  writeFileSync(join(dir, 'layout', 'theme.liquid'), '{{ content_for_layout }}');
  writeFileSync(join(dir, 'templates', 'product.liquid'), PRODUCT);
  writeFileSync(join(dir, 'templates', 'collection.liquid'), COLLECTION);
  writeFileSync(join(dir, 'templates', '404.liquid'), 'not found');
  return dir;
}

beforeAll(async () => {
  themeDir = writeTheme();
  app = await createPreview({ themeDir, storeDir: FIXTURES, log: () => {} });
});
afterAll(async () => {
  await app.close();
  rmSync(themeDir, { recursive: true, force: true });
});

function lines(body: string, kind: string): string[][] {
  return body
    .split('\n')
    .filter((l) => l.startsWith(`${kind}|`))
    .map((l) => l.split('|').slice(1));
}

async function page(url: string): Promise<string> {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('option value swatches', () => {
  it('come from the category colour entry the value is linked to: navy is navy', async () => {
    const body = await page('/en/products/bomber-jacket');
    const swatches = lines(body, 'S');
    expect(swatches.find((s) => s[1] === 'navy')).toEqual(['Color', 'navy', '#1b2a4a', '27', 'no-image']);
    expect(swatches.find((s) => s[1] === 'khaki')?.slice(0, 3)).toEqual(['Color', 'khaki', '#a39264']);
  });

  it('are nil for an option that is not linked (sizes, a gift card’s denominations)', async () => {
    const sizes = lines(await page('/en/products/bomber-jacket'), 'S').filter((s) => s[0] === 'Size');
    expect(sizes.length).toBe(5);
    expect(sizes.every((s) => s[2] === 'nil')).toBe(true);
    const denominations = lines(await page('/en/products/gift-card'), 'S');
    expect(denominations.length).toBe(3);
    expect(denominations.every((s) => s[2] === 'nil')).toBe(true);
  });
});

describe('variant media', () => {
  it('each variant features the photo of its colour; a variant with none has nil', async () => {
    const product = store.productsByHandle.get('wool-wrap-coat')!;
    const body = await page('/products/wool-wrap-coat');
    const variants = lines(body, 'V');
    expect(variants.length).toBe(product.variants.length);
    const colours = product.options[0]!.values;
    for (const [id, colour, mediaId, position, src, imageId] of variants) {
      const image = product.images[colours.indexOf(colour!)]!;
      expect([id, mediaId, position, imageId]).toEqual([id, String(image.id), String(product.images.indexOf(image) + 1), String(image.id)]);
      expect(src).toBe(`/cdn/shop/files/${image.file}`);
    }
    // The gift card's denominations show no image.
    const giftCard = lines(await page('/products/gift-card'), 'V');
    expect(giftCard.every((v) => v[2] === '' && v[4] === '' && v[5] === '')).toBe(true);
  });

  it('an image knows the variants that show it, and the variant JSON carries it', async () => {
    const body = await page('/products/bomber-jacket');
    const images = lines(body, 'M').filter((m) => m[1] === 'image');
    expect(images.map((m) => [m[10], m[11]])).toEqual([
      ['5', 'true'],
      ['5', 'true'],
    ]);
    const json = JSON.parse(lines(body, 'J')[0]!.join('|')) as {
      featured_image: { id: number; variant_ids: number[] };
      featured_media: { id: number; position: number };
    };
    const product = store.productsByHandle.get('bomber-jacket')!;
    expect(json.featured_image.id).toBe(product.images[0]!.id);
    expect(json.featured_image.variant_ids).toEqual(product.variants.filter((v) => v.options[0] === 'navy').map((v) => v.id));
    expect(json.featured_media).toMatchObject({ id: product.images[0]!.id, position: 1 });
  });
});

describe('video, external video and 3D model media', () => {
  it('a video sits among the images at its position, with its sources and poster', async () => {
    const body = await page('/en/products/linen-shirt-dress');
    const media = lines(body, 'M');
    expect(media.map((m) => [m[1], m[2]])).toEqual([
      ['image', '1'],
      ['video', '2'],
      ['image', '3'],
      ['image', '4'],
    ]);
    const video = media[1]!;
    expect(video[3]).toBe('Linen shirt dress in motion');
    expect(video[4]).toBe('/cdn/shop/files/linen-shirt-dress-1.jpg');
    expect(video.slice(7, 10)).toEqual(['/cdn/shop/videos/c/o/v/linen-dress-turn.webm', 'video/webm', 'webm']);
    const tag = lines(body, 'VT')[0]!.join('|');
    expect(tag).toMatch(
      /^<video controls playsinline preload="metadata" aria-label="Linen shirt dress in motion" poster="\/cdn\/shop\/files\/linen-shirt-dress-1\.jpg\?width=1000">/,
    );
    expect(tag).toContain('<source src="/cdn/shop/videos/c/o/v/linen-dress-turn.webm" type="video/webm">');
    // media_tag gives a video its video tag, an image its img.
    const tags = lines(body, 'T').map((t) => t.join('|'));
    expect(tags[1]).toMatch(/^<video playsinline="playsinline" controls="controls"/);
    expect(tags[0]).toMatch(/^<img src="\/cdn\/shop\/files\/linen-shirt-dress-1\.jpg/);
  });

  it('the CDN answers the video file whole and by byte range, and 404s anything else', async () => {
    const file = readFileSync(join(FIXTURES, 'images', 'linen-dress-turn.webm'));
    const whole = await app.inject({ url: '/cdn/shop/videos/c/o/v/linen-dress-turn.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.equals(file)).toBe(true);
    const part = await app.inject({ url: '/cdn/shop/videos/c/o/v/linen-dress-turn.webm', headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(10, 20))).toBe(true);
    const beyond = await app.inject({ url: '/cdn/shop/videos/c/o/v/linen-dress-turn.webm', headers: { range: `bytes=${file.length}-` } });
    expect(beyond.statusCode).toBe(416);
    for (const url of ['/cdn/shop/videos/c/o/v/missing.webm', '/cdn/shop/videos/c/o/v/..%2Fproducts.json', '/cdn/shop/3d/models/o/products.json'])
      expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('an external YouTube video has its host and id, its URL and its embed', async () => {
    const body = await page('/products/silk-slip-dress');
    const video = lines(body, 'M').find((m) => m[1] === 'external_video')!;
    expect([video[2], video[5], video[6]]).toEqual(['3', 'youtube', 'mavkaSlip01']);
    expect(lines(body, 'EU')[0]![0]).toBe('https://www.youtube.com/embed/mavkaSlip01?autoplay=1');
    const embed = lines(body, 'ET')[0]!.join('|');
    expect(embed).toMatch(
      /^<iframe src="https:\/\/www\.youtube\.com\/embed\/mavkaSlip01\?controls=1&amp;enablejsapi=1&amp;modestbranding=1&amp;origin=http%3A%2F%2F[^&]+&amp;playsinline=1&amp;rel=0"/,
    );
    expect(embed).toContain('title="Шовкова сукня-комбінація: показ"');
  });

  it('a 3D model has its glb source, its model-viewer tag and its file on the CDN', async () => {
    const body = await page('/products/bow-blouse');
    const model = lines(body, 'M').find((m) => m[1] === 'model')!;
    expect(model.slice(7, 10)).toEqual(['/cdn/shop/3d/models/o/bow.glb', 'model/gltf-binary', 'glb']);
    expect(lines(body, 'MT')[0]!.join('|')).toMatch(
      /^<model-viewer src="\/cdn\/shop\/3d\/models\/o\/bow\.glb" alt="Блуза з бантом у 3D" camera-controls="true" data-shopify-feature="1\.12" poster="\/cdn\/shop\/files\/bow-blouse-1\.jpg\?width=1000"><\/model-viewer>$/,
    );
    const file = await app.inject({ url: '/cdn/shop/3d/models/o/bow.glb' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('model/gltf-binary');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('glTF');
  });
});

describe('focal points', () => {
  it('print as "X% Y%" with x and y, and image_tag keeps the merchant’s in view', async () => {
    const body = await page('/products/bomber-jacket');
    const [set, other] = lines(body, 'F');
    expect(set!.slice(1, 4)).toEqual(['50.0% 30.0%', '50.0', '30.0']);
    expect(set![4]).toContain('style="object-position:50.0% 30.0%;"');
    const dress = lines(await page('/products/linen-shirt-dress'), 'F');
    expect(dress[2]!.slice(1, 4)).toEqual(['42.5% 61.25%', '42.5', '61.25']);
    // No focal point set: the centre, and no style.
    const plain = lines(await page('/products/wool-wrap-coat'), 'F')[0]!;
    expect(plain.slice(1, 4)).toEqual(['50.0% 50.0%', '50.0', '50.0']);
    expect(plain[4]).not.toContain('style=');
    expect(other).toBeDefined();
  });
});

describe('filter value swatches', () => {
  it('the colour filter shows each value’s category colour and name, navy included', async () => {
    const en = lines(await page('/en/collections/all'), 'C').filter((c) => c[0] === 'filter.v.option.колір');
    expect(en.find((c) => c[1] === 'navy')).toEqual(['filter.v.option.колір', 'navy', 'Navy', '#1b2a4a', 'colors']);
    expect(en.find((c) => c[1] === 'beige')).toEqual(['filter.v.option.колір', 'beige', 'Beige', '#e3d5b8', 'colors']);
    const uk = lines(await page('/collections/all'), 'C').find((c) => c[1] === 'navy');
    expect(uk?.[2]).toBe('Нейві');
    // Other filters show no swatch.
    const sizes = lines(await page('/en/collections/all'), 'C').filter((c) => c[0] === 'filter.v.option.розмір');
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((c) => c[3] === 'nil')).toBe(true);
  });
});

describe('the store loader', () => {
  it('refuses a linked option value without its category entry, and a variant image that is not the product’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-store-'));
    try {
      for (const name of ['shop.json', 'collections.json', 'menus.json', 'pages.json', 'customers.json', 'filters.json', 'metafield-definitions.json'])
        cpSync(join(FIXTURES, name), join(dir, name));
      symlinkSync(join(FIXTURES, 'images'), join(dir, 'images'));
      const products = JSON.parse(readFileSync(join(FIXTURES, 'products.json'), 'utf8')) as { handle: string; variants: { image_id?: number }[] }[];
      const metaobjects = JSON.parse(readFileSync(join(FIXTURES, 'metaobjects.json'), 'utf8')) as Record<string, { handle: string }[]>;
      writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
      writeFileSync(
        join(dir, 'metaobjects.json'),
        JSON.stringify({ 'shopify--color-pattern': metaobjects['shopify--color-pattern']!.filter((m) => m.handle !== 'navy') }),
      );
      expect(() => loadStore(dir)).toThrow(/bomber-jacket.*options\[0\]\.values\[0\]: "navy" has no shopify--color-pattern entry/);
      writeFileSync(join(dir, 'metaobjects.json'), JSON.stringify(metaobjects));
      products[0]!.variants[0]!.image_id = 1;
      writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
      expect(() => loadStore(dir)).toThrow(/wool-wrap-coat.*variants\[0\]\.image_id: 1 is not one of the product's images/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
