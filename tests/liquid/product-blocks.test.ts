// The product page built from theme blocks (sections/main-product, blocks/product-*): the
// product form's parts are static blocks a merchant hides or words, and the form tells its island
// which parts it drew; the page's parts are blocks she reorders.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME } from '../../preview/testing';

type Block = { type: string; static?: boolean; disabled?: boolean; settings?: Record<string, unknown>; blocks?: Record<string, Block> };
type Template = { sections: { main: { blocks: Record<string, Block>; block_order: string[] } } };

const opened: { app: FastifyInstance; dir: string }[] = [];
afterAll(async () => {
  for (const { app, dir } of opened) {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A preview of the theme whose product template the merchant changed as `edit` does. */
async function withProductTemplate(edit: (template: Template) => void): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'product-blocks-'));
  cpSync(REAL_THEME, dir, { recursive: true });
  const file = join(dir, 'templates', 'product.json');
  const template = JSON.parse(readFileSync(file, 'utf8')) as Template;
  edit(template);
  writeFileSync(file, JSON.stringify(template));
  const app = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
  opened.push({ app, dir });
  return app;
}

async function page(app: FastifyInstance, url: string): Promise<Document> {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return window.document as unknown as Document;
}

const formParts = (doc: Document) =>
  (JSON.parse(doc.querySelector('.product-form__body script[data-island-props]')?.textContent ?? '{}') as { parts: { type: string; blockType: string }[] })
    .parts;
const classesIn = (doc: Document, selector: string) => Array.from(doc.querySelectorAll(selector), (node) => node.classList[node.classList.length - 1]);

describe('the product page from theme blocks', () => {
  it('by default: title, form with its trust block, info, materials, description, size guide, contact, share, collections; the looks under them', async () => {
    const doc = await page(await withProductTemplate(() => {}), '/en/products/wool-wrap-coat');
    expect(classesIn(doc, '.product__info > *')).toEqual([
      'product__head',
      'product-form',
      'trust',
      'product__info-text',
      'product__materials',
      'product__description',
      'product__size-guide',
      'product__contact',
      'share',
      'product__collections',
    ]);
    expect(formParts(doc).map((p) => p.blockType)).toEqual(['product-price', '_product-variant-picker', '_product-buy-buttons']);
    expect(doc.querySelector('.product + .product__looks-block')).not.toBeNull();
    // The form's empty slots stay empty, so they take no room (a gift card has no pickup here).
    const gift = await page(await withProductTemplate(() => {}), '/en/products/gift-card');
    expect(gift.querySelector('[data-variant-slot="pickup"]')?.innerHTML).toBe('');
  });

  it('a hidden price or colour and size leaves the form, and the island is told; the variant select stays in the form', async () => {
    const app = await withProductTemplate((t) => {
      const form = t.sections.main.blocks['form']!.blocks!;
      form['price']!.disabled = true;
      form['variant_picker']!.disabled = true;
    });
    const doc = await page(app, '/en/products/wool-wrap-coat');
    expect(formParts(doc).map((p) => p.type)).toEqual(['buy_buttons']);
    expect(doc.querySelector('.product__price')).toBeNull();
    expect(doc.querySelector('.product-form__pickers')).toBeNull();
    expect(classesIn(doc, '.product-form__body > :not(script)')).toEqual(['product-form__buy', 'product-form__variant']);
    expect(doc.querySelector('.product-form select[name="id"]')).not.toBeNull();
  });

  it('the pre-order note says the merchant’s words, or nothing when she hides it', async () => {
    const worded = await withProductTemplate((t) => {
      t.sections.main.blocks['form']!.blocks!['buy_buttons']!.blocks!['preorder_note']!.settings = { text: 'Sewn to order in 10 days' };
    });
    expect((await page(worded, '/en/products/oversized-cocoon-coat')).querySelector('.product-form__preorder-note')?.textContent?.trim()).toBe(
      'Sewn to order in 10 days',
    );
    const hidden = await withProductTemplate((t) => {
      t.sections.main.blocks['form']!.blocks!['buy_buttons']!.blocks!['preorder_note']!.disabled = true;
    });
    const doc = await page(hidden, '/en/products/oversized-cocoon-coat');
    expect(doc.querySelector('.product-form__preorder-note')).toBeNull();
    // Still a pre-order: the button says so.
    expect(doc.querySelector('.product-form__submit')?.textContent?.trim()).toBe('Add to preorder');
  });

  it('moves the parts in the merchant’s order and takes any theme block she adds', async () => {
    const app = await withProductTemplate((t) => {
      t.sections.main.blocks['note'] = { type: 'product-text', settings: { text: '<p>Made in Lviv</p>' } };
      t.sections.main.block_order = ['note', 'size_guide', 'title', 'form'];
    });
    const doc = await page(app, '/en/products/wool-wrap-coat');
    expect(classesIn(doc, '.product__info > *')).toEqual(['rte', 'product__size-guide', 'product__head', 'product-form', 'trust']);
    expect(doc.querySelector('.product__text')?.textContent).toBe('Made in Lviv');
  });
});
