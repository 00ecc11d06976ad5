// The product page as the server draws it (theme/sections/main-product.liquid and its snippets),
// rendered by the preview against the fixture store and read back with an HTML parser: what a
// shopper without JavaScript and a search engine get, and that merchant text cannot break out.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME, testPreview } from '../../preview/testing';
import { SIZE_GUIDE } from '../../islands/panels/size-guide/sizes';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testPreview({ theme: 'real' }));
});
afterAll(async () => {
  await app.close();
});

async function page(url: string, target: FastifyInstance = app): Promise<Document> {
  const response = await target.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return window.document as unknown as Document;
}

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const props = <T>(doc: ParentNode, island: string): T =>
  JSON.parse(doc.querySelector(`[data-island="${island}"] > script[data-island-props]`)?.textContent ?? 'null') as T;

describe('product page, server markup', () => {
  it('names one collection in the singular and two in the plural, in both languages (issue 18)', async () => {
    expect(text(await page('/products/belted-midi-coat'), '.product__collections h2')).toBe('Колекція');
    expect(text(await page('/en/products/belted-midi-coat'), '.product__collections h2')).toBe('Collection');
    expect(text(await page('/en/products/wool-wrap-coat'), '.product__collections h2')).toBe('Collections');
    expect(text(await page('/en/products/wool-wrap-coat'), '.product__materials > summary')).toBe('Materials and care');
  }, 30_000);

  it('offers the size guide once: one disclosure with the table, no second link to it (issue 18)', async () => {
    for (const path of ['/products/wool-wrap-coat', '/en/products/wool-wrap-coat']) {
      const doc = await page(path);
      expect(doc.querySelectorAll('details.product__size-guide')).toHaveLength(1);
      expect(doc.querySelectorAll('.size-guide-table')).toHaveLength(1);
      expect(doc.querySelectorAll('a[href*="size-guide"], [data-action="size-guide"]')).toHaveLength(0);
    }
  }, 30_000);

  it('draws name, price, style number, collections, materials, gallery and structured data (uk)', async () => {
    const doc = await page('/products/wool-wrap-coat');
    expect(text(doc, 'h1')).toBe('Вовняне пальто-халат');
    expect(text(doc, '.product__price')).toBe('8 990 UAH');
    expect(text(doc, '.product__style-number')).toBe('Артикул MV-CO-2601');
    expect(Array.from(doc.querySelectorAll('.product__collection-list a'), (a) => a.textContent)).toEqual(['Пальта та куртки', 'Бестселери']);
    expect(text(doc, '.product__materials .rte')).toContain('70% вовна, 25% поліамід');
    // Issue 18: the heading names what the content does not already say ("Склад" then "Склад:"),
    // and two collections are "Колекції".
    expect(text(doc, '.product__materials > summary')).toBe('Матеріали та догляд');
    expect(text(doc, '.product__collections h2')).toBe('Колекції');
    const images = Array.from(doc.querySelectorAll('.product-gallery__image'));
    expect(images).toHaveLength(3);
    expect(images.map((i) => [i.getAttribute('width'), i.getAttribute('height'), i.getAttribute('loading')])).toEqual([
      ['1600', '2400', 'eager'],
      ['1600', '2400', 'lazy'],
      ['1600', '2400', 'lazy'],
    ]);
    // Issue 18: widths up to the 1600px file (none larger, the CDN never enlarges); the first of
    // an odd count spans the gallery's two columns, so its sizes say the column, the others half.
    expect(images[0]!.getAttribute('srcset')?.match(/\d+w/g)).toEqual(['500w', '750w', '1000w', '1250w', '1500w', '1600w']);
    expect(images[0]!.getAttribute('sizes')).toMatch(/^\(min-width: 1440px\) 775px,/);
    expect(images[1]!.getAttribute('sizes')).toMatch(/^\(min-width: 1440px\) 384px,/);
    expect(text(doc, '.product-gallery__counter')).toBe('1 / 3');
    // ZOOM_ENABLED is on in the fixture settings: each image links to its 2x file.
    expect(doc.querySelector('.product-gallery__zoom')?.getAttribute('href')).toBe('/cdn/shop/files/wool-wrap-coat-1.jpg?width=2000');
    const data = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null');
    expect(data).toMatchObject({ '@type': 'Product', name: 'Вовняне пальто-халат', sku: 'MV-CO-2601' });
    expect(text(doc, '.product__contact a')).toBe('Зв’язатися з менеджером');
    expect(doc.querySelector('.product__contact a')?.getAttribute('href')).toBe('https://t.me/mavka_manager');
    expect(doc.querySelector('.product-form__preorder-note')).toBeNull();
  });

  it('checks the default variant and marks the sizes sold out in its colour', async () => {
    const doc = await page('/en/products/wool-wrap-coat');
    expect(doc.querySelector<HTMLInputElement>('input[name="color"]:checked')?.value).toBe('beige');
    expect(doc.querySelector<HTMLInputElement>('input[name="size"]:checked')?.value).toBe('xs');
    expect(text(doc, '.product-option--color legend')).toBe('Colour: Beige');
    const sizes = Array.from(doc.querySelectorAll('label.size-chip'), (l) => [l.textContent?.trim(), l.classList.contains('is-unavailable')]);
    expect(sizes).toEqual([
      ['XS', false],
      ['S', false],
      ['M — Sold out', true],
      ['L — Sold out', true],
      ['XL — Sold out', true],
    ]);
    const select = doc.querySelector('select[name="id"]')!;
    expect(select.closest('form')?.getAttribute('action')).toBe('/en/cart/add');
    expect(select.querySelector('option[selected]')?.getAttribute('value')).toBe('9000000001');
    expect(Array.from(select.querySelectorAll('option[disabled]'), (o) => o.textContent)).toEqual([
      'Beige / M — Sold out',
      'Beige / L — Sold out',
      'Beige / XL — Sold out',
      'Milk / S — Sold out',
    ]);
    // The island gets every variant with its price formatted by the server.
    const { product } = props<{ product: { variants: { id: number; price: string; options: string[] }[]; currentVariant: { id: number } } }>(
      doc,
      'product-form',
    );
    expect(product.variants).toHaveLength(15);
    expect(product.variants[0]).toEqual({ id: 9000000001, available: true, options: ['beige', 'XS'], price: '8 990 UAH', compareAt: null });
    expect(product.currentVariant.id).toBe(9000000001);
  });

  it('reads "add to preorder" with the preorder note, and disables a sold-out product', async () => {
    const preorder = await page('/products/oversized-cocoon-coat');
    expect(text(preorder, '.product-form__submit')).toBe('Передзамовити');
    expect(text(preorder, '.product-form__preorder-note')).toBe('Товари за передзамовленням виготовляємо протягом 7–15 робочих днів.');
    expect(props<{ product: { preorder: boolean } }>(preorder, 'product-form').product.preorder).toBe(true);
    const soldOut = await page('/en/products/floral-maxi-dress');
    expect(soldOut.querySelector('.product-form__submit')?.hasAttribute('disabled')).toBe(true);
    expect(text(soldOut, '.product-form__status')).toBe('Sold out');
  });

  it('shows a colour the platform gives a swatch as itself, one neither knows as black, and a product without images as one placeholder', async () => {
    // Navy is not one of the spec's 24, but the platform's colour entry gives it a swatch.
    const bomber = await page('/products/bomber-jacket');
    const navy = bomber.querySelector('input[name="color"][value="navy"]')?.closest('label');
    expect(navy?.querySelector('.swatch__chip')?.className).toBe('swatch__chip colour');
    expect(navy?.querySelector('.swatch__chip')?.getAttribute('style')).toBe('--swatch: #1b2a4a;');
    expect(navy?.textContent?.trim()).toBe('Navy');
    expect(text(bomber, '.product-option--color .product-option__selected')).toBe('Navy');
    expect(text(bomber, '.product-form__variant-select option')).toBe('Navy / XS');
    // A colour of the table keeps its translated name, in the platform's swatch colour.
    const khaki = bomber.querySelector('input[name="color"][value="khaki"]')?.closest('label');
    expect(khaki?.querySelector('.swatch__chip')?.className).toBe('swatch__chip colour colour--khaki');
    expect(khaki?.textContent?.trim()).toBe('Хакі');
    // Spec §3 for a colour neither knows: a store whose navy is not linked to the platform's colours.
    const dir = mkdtempSync(join(tmpdir(), 'unlinked-store-'));
    cpSync(FIXTURES, dir, { recursive: true });
    rmSync(join(dir, 'metaobjects.json'));
    const unlinked = await createPreview({ themeDir: REAL_THEME, storeDir: dir, log: () => {} });
    try {
      const plain = await page('/products/bomber-jacket', unlinked);
      const black = plain.querySelector('input[name="color"][value="navy"]')?.closest('label');
      expect(black?.querySelector('.swatch__chip')?.className).toBe('swatch__chip colour colour--black');
      expect(black?.querySelector('.swatch__chip')?.hasAttribute('style')).toBe(false);
      expect(black?.textContent?.trim()).toBe('Чорний');
    } finally {
      await unlinked.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const poncho = await page('/products/poncho-sweater');
    expect(poncho.querySelectorAll('.product-gallery__image')).toHaveLength(1);
    expect(poncho.querySelector('.product-gallery__image')?.getAttribute('alt')).toBe(text(poncho, 'h1'));
    expect(poncho.querySelector('.product-gallery__counter')).toBeNull();
  });

  it('places look dots in % of the 2x image, each a link to its product', async () => {
    const doc = await page('/en/products/wool-wrap-coat');
    const looks = doc.querySelectorAll('.look');
    expect(looks).toHaveLength(2);
    const dots = Array.from(looks[0]!.querySelectorAll('.look__dot'));
    // 500 × 520 px of a 2000 × 1200 image. A float rounded to 2 decimals stays a float on the
    // platform, printed 25.0 when whole: CSS reads it as 25%.
    expect(dots[0]?.getAttribute('style')).toBe('left: 25.0%; top: 43.33%;');
    expect(dots[0]?.querySelector('a')?.getAttribute('href')).toBe('/en/products/wool-wrap-coat');
    expect(dots[0]?.textContent?.trim()).toBe('Wool wrap coat');
    const { dots: data } = props<{ dots: { x: number; y: number; product: { variantId: number; price: string; preorder: string } }[] }>(looks[0]!, 'look');
    expect(data.map((d) => [d.x, d.y])).toEqual([
      [25, 43.33],
      [50, 51.42],
      [75, 44.5],
    ]);
    expect(data[1]?.product).toMatchObject({ variantId: 9000000493, price: '3 290 UAH', preorder: false });
    // A product in no collection with looks has no look section at all.
    expect((await page('/products/poncho-sweater')).querySelector('.looks')).toBeNull();
  });

  it('draws the size guide the panel shows, in both languages', async () => {
    for (const [url, head] of [
      ['/products/wool-wrap-coat', ['Розмір', 'Обхват грудей, см', 'Обхват талії, см', 'Обхват стегон, см']],
      ['/en/products/wool-wrap-coat', ['Size', 'Bust, cm', 'Waist, cm', 'Hips, cm']],
    ] as const) {
      const doc = await page(url);
      const table = doc.querySelector('details #size-guide-table')!;
      expect(Array.from(table.querySelectorAll('thead th'), (th) => th.textContent)).toEqual(head);
      const rows = Array.from(table.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (c) => c.textContent));
      expect(rows).toEqual(SIZE_GUIDE.map((r) => [r.size, r.bust, r.waist, r.hips]));
    }
  });

  it("answers the cart panel's recommendations request with JSON only, not the product page", async () => {
    const response = await app.inject({ method: 'GET', url: '/recommendations/products?section_id=main-product&product_id=8000000001&limit=3&intent=related' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="recommendations-json"');
    expect(response.body).not.toContain('data-island="product-form"');
  });
});

describe('product page, hostile merchant text', () => {
  let dir: string;
  let hostile: FastifyInstance;
  const TITLE = 'Coat </script><script>window.pwned=1</script> & "quotes"';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'product-store-'));
    cpSync(FIXTURES, dir, { recursive: true });
    const file = join(dir, 'products.json');
    const products = JSON.parse(readFileSync(file, 'utf8')) as {
      handle: string;
      title: Record<string, string>;
      metafields: { custom: Record<string, unknown> };
    }[];
    const coat = products.find((p) => p.handle === 'wool-wrap-coat')!;
    coat.title = { uk: TITLE, en: TITLE };
    coat.metafields.custom['materials'] = { uk: '<p>Wool</p><img src=x onerror="window.pwned=2"><script>window.pwned=3</script>', en: '<p>Wool</p>' };
    coat.metafields.custom['style_number'] = '"><script>window.pwned=4</script>';
    writeFileSync(file, JSON.stringify(products));
    ({ app: hostile } = await testPreview({ theme: 'real', storeDir: dir }));
  });
  afterAll(async () => {
    await hostile.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps titles, materials and style numbers out of script tags and markup', async () => {
    const doc = await page('/products/wool-wrap-coat', hostile);
    expect(text(doc, 'h1')).toBe(TITLE.replace(/\s+/g, ' '));
    expect(doc.querySelector('.product__style-number')?.textContent).toBe('Артикул "><script>window.pwned=4</script>');
    // Every script of the product section is one it put there (JSON): no merchant text opened one.
    const inline = Array.from(doc.querySelectorAll('main script:not([src])'), (s) => s.textContent?.trim() ?? '');
    expect(inline.length).toBeGreaterThanOrEqual(4);
    expect(inline.filter((s) => !s.startsWith('{'))).toEqual([]);
    for (const json of inline) expect(() => JSON.parse(json)).not.toThrow();
    expect(doc.querySelector('[onerror]')).toBeNull();
    const rte = doc.querySelector('.product__materials .rte')!.cloneNode(true) as HTMLElement;
    rte.querySelector('script[data-island-props]')?.remove();
    expect(rte.innerHTML.trim()).toBe('<p>Wool</p>');
    // The props still parse and carry the text as it is.
    expect(props<{ product: { name: string } }>(doc, 'product-form').product.name).toBe(TITLE);
    expect(props<{ title: string }>(doc, 'wishlist-toggle').title).toBe(TITLE);
  });
});

describe('product page with zoom turned off (ZOOM_ENABLED false)', () => {
  let dir: string;
  let plain: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'product-theme-'));
    cpSync(REAL_THEME, dir, { recursive: true });
    const file = join(dir, 'config', 'settings_data.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { current: Record<string, unknown> };
    data.current['zoom_enabled'] = false;
    data.current['contact_manager_url'] = '';
    writeFileSync(file, JSON.stringify(data));
    plain = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
    await plain.ready();
  });
  afterAll(async () => {
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws plain images (nothing to zoom) and leaves out the contact link without its setting', async () => {
    const doc = await page('/products/wool-wrap-coat', plain);
    expect(doc.querySelectorAll('.product-gallery__image')).toHaveLength(3);
    expect(doc.querySelector('.product-gallery__zoom')).toBeNull();
    expect(doc.querySelector('.product__contact')).toBeNull();
    expect(JSON.parse(doc.getElementById('shop-bootstrap')?.textContent ?? '{}').settings.zoomEnabled).toBe(false);
  });
});
