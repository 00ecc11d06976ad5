// The product gallery as the server draws it (snippets/product-gallery and product-gallery-media)
// against the fixture store: the selected variant's photo first (a variant link opens on its
// colour), each colour's photo listed for the island, photos through image_tag with their widths
// and the merchant's focal point, a video with its controls and poster that never plays by
// itself, an embedded video and a 3D model as stills whose players wait in a template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { loadStore } from '../../preview/store/load-store';
import { FIXTURES, testPreview } from '../../preview/testing';

let app: FastifyInstance;
const store = loadStore(FIXTURES);
beforeAll(async () => {
  ({ app } = await testPreview({ theme: 'real' }));
});
afterAll(async () => {
  await app.close();
});

async function page(url: string): Promise<Document> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain('Liquid error');
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return window.document as unknown as Document;
}

const slides = (doc: Document) => Array.from(doc.querySelectorAll('.product-gallery__slide'), (s) => s.getAttribute('data-media-id'));
const imageIds = (handle: string) => store.productsByHandle.get(handle)!.images.map((i) => String(i.id));

describe('product gallery, server markup', () => {
  it('draws the selected variant’s photo first and lists each colour’s photo', async () => {
    const [navy, khaki] = imageIds('bomber-jacket');
    expect(slides(await page('/products/bomber-jacket'))).toEqual([navy, khaki]);
    const khakiVariant = store.productsByHandle.get('bomber-jacket')!.variants.find((v) => v.options[0] === 'khaki')!;
    const doc = await page(`/en/products/bomber-jacket?variant=${khakiVariant.id}`);
    expect(slides(doc)).toEqual([khaki, navy]);
    const first = doc.querySelector('.product-gallery__slide img')!;
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(doc.querySelectorAll('[fetchpriority]')).toHaveLength(1);
    expect(JSON.parse(doc.querySelector('script[data-gallery-colours]')!.textContent!)).toEqual({ navy: Number(navy), khaki: Number(khaki) });
    // image_tag: the file's size, widths up to the file, the merchant's focal point.
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['1600', '2400']);
    expect(first.getAttribute('srcset')?.match(/\d+w/g)).toEqual(['500w', '750w', '1000w', '1250w', '1500w', '1600w']);
    expect(first.getAttribute('style')).toBe('object-position:50.0% 30.0%;');
  });

  it('draws a product video with its controls and poster, never playing by itself', async () => {
    const doc = await page('/en/products/linen-shirt-dress');
    expect(Array.from(doc.querySelectorAll('.product-gallery__slide'), (s) => s.className.split('--')[1])).toEqual(['image', 'video', 'image', 'image']);
    const video = doc.querySelector('video.product-gallery__video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(video.getAttribute('poster')).toBe('/cdn/shop/files/linen-shirt-dress-1.jpg?width=1100');
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/cdn/shop/videos/c/o/v/linen-dress-turn.webm');
    expect(doc.querySelector('.product-gallery__counter')?.textContent).toBe('1 / 4');
  });

  it('draws an embedded video and a 3D model as stills, their players kept for when asked', async () => {
    const silk = await page('/products/silk-slip-dress');
    const still = silk.querySelector('a[data-deferred-media]')!;
    expect(still.getAttribute('href')).toBe('https://www.youtube.com/watch?v=mavkaSlip01');
    expect(still.textContent).toContain('Відтворити відео');
    expect(silk.querySelectorAll('iframe')).toHaveLength(0);
    const template = still.parentElement!.querySelector('template')!.innerHTML;
    expect(template).toMatch(/^<iframe src="https:\/\/www\.youtube\.com\/embed\/mavkaSlip01\?autoplay=1/);
    const bow = await page('/en/products/bow-blouse');
    const model = bow.querySelector('a[data-model]')!;
    expect(model.getAttribute('href')).toBe('/cdn/shop/3d/models/o/bow.glb');
    expect(model.textContent).toContain('View in 3D');
    expect(bow.querySelectorAll('model-viewer')).toHaveLength(0);
    expect(model.parentElement!.querySelector('template')!.innerHTML).toContain('<model-viewer src="/cdn/shop/3d/models/o/bow.glb"');
  });
});
