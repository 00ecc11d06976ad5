// The theme blocks a merchant composes pages from (theme/blocks/, sections/section.liquid): each
// documents itself (LiquidDoc) and is named in both schema languages; every preset renders; the
// home page has depth (issue 39) and a page made only of blocks reads right in both languages.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME } from '../../preview/testing';

/** The content blocks (the product page's, header's and footer's parts live beside them). */
const CONTENT_BLOCKS = [
  'text', 'heading', 'button', 'image', 'video', 'spacer', 'divider', 'group', 'columns', 'slideshow', '_slide', 'accordion',
  '_accordion-item', 'icon-with-text', 'card-product', 'card-collection', 'list-products', 'list-collections', 'featured-product',
  'look', 'testimonial', 'logo-list', '_logo', 'marquee', 'announcement', 'newsletter', 'social-links', 'menu', 'categories',
  '_category', 'promises', '_promise',
]; // prettier-ignore

type Setting = { id?: string; type: string; label?: string; info?: string; content?: string; options?: { label: string }[] };
type PresetBlock = { type: string; id?: string; static?: boolean; settings?: Record<string, unknown>; blocks?: PresetBlock[] };
type Preset = { name: string; settings?: Record<string, unknown>; blocks?: PresetBlock[] };
type Schema = { name: string; blocks?: { type: string }[]; settings?: Setting[]; presets?: Preset[] };

const SCHEMA = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;
const source = (path: string) => readFileSync(join(REAL_THEME, path), 'utf8');
const schemaOf = (path: string) => JSON.parse(SCHEMA.exec(source(path))![1]!) as Schema;
const schemaLocale = (file: string) => JSON.parse(source(`locales/${file}`)) as Record<string, unknown>;
const EN = schemaLocale('en.default.schema.json');
const UK = schemaLocale('uk.schema.json');

function lookup(dictionary: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), dictionary);
}

/** Every `t:` key a schema shows the merchant: names, labels, infos, options, preset names. */
function schemaKeys(schema: Schema): string[] {
  const texts: unknown[] = [schema.name, ...(schema.presets ?? []).map((p) => p.name)];
  for (const s of schema.settings ?? []) texts.push(s.label, s.info, s.content, ...(s.options ?? []).map((o) => o.label));
  return texts.filter((t): t is string => typeof t === 'string').map((t) => (t.startsWith('t:') ? t.slice(2) : `(untranslated) ${t}`));
}

describe('theme blocks: what a merchant reads in the editor', () => {
  it.each(CONTENT_BLOCKS)('%s: LiquidDoc with an example, every @param used, every label in English and Ukrainian', (name) => {
    const text = source(`blocks/${name}.liquid`);
    const doc = /\{%-?\s*doc\s*-?%\}([\s\S]*?)\{%-?\s*enddoc\s*-?%\}/.exec(text)?.[1] ?? '';
    expect(doc, 'a description').toMatch(/^\s*\S.{20,}/);
    expect(doc, 'an example').toMatch(/@example\s+\{%\s*content_for 'block', type: '[\w-]+'/);
    const body = text.replace(/\{%-?\s*doc[\s\S]*?enddoc\s*-?%\}/, '').replace(SCHEMA, '');
    for (const [, param] of doc.matchAll(/@param \{\w+\} \[?(\w+)\]?/g)) expect(body, `@param ${param} is used`).toMatch(new RegExp(`\\b${param}\\b`));

    const schema = schemaOf(`blocks/${name}.liquid`);
    for (const key of schemaKeys(schema)) {
      expect(lookup(EN, key), `en: ${key}`).toEqual(expect.any(String));
      expect(lookup(UK, key), `uk: ${key}`).toEqual(expect.any(String));
    }
    expect(lookup(UK, schema.name.slice(2))).not.toBe(lookup(EN, schema.name.slice(2)));
    expect(schema.presets?.length ?? 0, 'a preset: the editor offers the block').toBeGreaterThan(0);
  });

  it('a private block (_name) is offered only where a parent names it; public ones are offered by @theme', () => {
    const parents = readdirSync(join(REAL_THEME, 'blocks')).flatMap((file) => (schemaOf(`blocks/${file}`).blocks ?? []).map((b) => b.type));
    for (const name of CONTENT_BLOCKS.filter((n) => n.startsWith('_'))) expect(parents, name).toContain(name);
    const section = schemaOf('sections/section.liquid');
    expect(section.blocks?.map((b) => b.type)).toEqual(['@theme', '@app']);
    for (const key of schemaKeys(section)) {
      expect(lookup(EN, key), `en: ${key}`).toEqual(expect.any(String));
      expect(lookup(UK, key), `uk: ${key}`).toEqual(expect.any(String));
    }
  });
});

// A theme copy whose templates the tests write, as a merchant adding presets in the editor would.
let dir = '';
let app: FastifyInstance;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'theme-blocks-'));
  cpSync(REAL_THEME, dir, { recursive: true });
  app = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A preset's blocks as a template saves them: by id (a static block's own), with their order. */
function saved(blocks: PresetBlock[] = [], prefix = 'b'): { blocks: Record<string, unknown>; block_order: string[] } {
  const entries = blocks.map((block, i) => {
    const id = block.id ?? `${prefix}${i}`;
    const data = { type: block.type, settings: block.settings ?? {}, ...(block.static ? { static: true } : {}), ...saved(block.blocks, `${id}_`) };
    return [id, data, block.static === true] as const;
  });
  return { blocks: Object.fromEntries(entries.map(([id, data]) => [id, data])), block_order: entries.filter(([, , isStatic]) => !isStatic).map(([id]) => id) };
}

async function render(url: string): Promise<{ html: string; doc: Document }> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return { html: response.body, doc: window.document as unknown as Document };
}

const LIQUID_ERROR = /Liquid (syntax )?error/;

describe('theme blocks: every preset renders', () => {
  it('each preset of the section of blocks, and a section of every block preset, in both languages', async () => {
    const sections: Record<string, unknown> = {};
    (schemaOf('sections/section.liquid').presets ?? []).forEach((preset, i) => {
      sections[`preset_${i}`] = { type: 'section', settings: preset.settings ?? {}, ...saved(preset.blocks) };
    });
    const publicBlocks = CONTENT_BLOCKS.filter((n) => !n.startsWith('_'));
    const every = publicBlocks.flatMap((name) =>
      (schemaOf(`blocks/${name}.liquid`).presets ?? []).map((p) => ({ type: name, settings: p.settings, blocks: p.blocks })),
    );
    sections['every_block'] = { type: 'section', settings: {}, ...saved(every) };
    writeFileSync(join(dir, 'templates', 'page.every-block.json'), JSON.stringify({ sections, order: Object.keys(sections) }));
    const pages = JSON.parse(readFileSync(join(FIXTURES, 'pages.json'), 'utf8')) as { handle: string; template_suffix: string | null }[];
    expect(pages.some((p) => p.handle === 'our-story')).toBe(true);
    // /pages/our-story?view=every-block: the platform's alternate template for one request.
    for (const prefix of ['', '/en']) {
      const { html, doc } = await render(`${prefix}/pages/our-story?view=every-block`);
      expect(html.match(LIQUID_ERROR)?.[0]).toBeUndefined();
      const types = Array.from(
        doc.querySelectorAll('[data-shopify-editor-block]'),
        (n) => (JSON.parse(n.getAttribute('data-shopify-editor-block')!) as { type: string }).type,
      );
      // Outside the editor no block is marked: each block is found by what it draws.
      expect(types).toEqual([]);
      expect(doc.querySelectorAll('.blocks-section').length).toBe(Object.keys(sections).length);
      for (const selector of [
        '.block-accordion__item',
        '.block-slide',
        '.block-logo',
        '.block-marquee',
        '.block-promise',
        '.block-category',
        '.look__dot',
        '.block-featured-product form',
        '.block-newsletter form',
        '.block-social__link',
        '.block-menu__link',
        '.product-card',
        '.block-card-collection',
        '.block-testimonial',
        '.block-divider',
        '.block-spacer',
        '.block-button',
      ])
        expect(doc.querySelector(selector), selector).not.toBeNull();
      // A preset that places a container (a strip, a slideshow…) brings its children with it.
      for (const [container, child] of [
        ['.block-categories', '.block-category'],
        ['.block-promises', '.block-promise'],
        ['.block-slideshow', '.block-slide'],
        ['.block-accordion', '.block-accordion__item'],
        ['.block-logo-list', '.block-logo'],
      ] as const)
        for (const node of Array.from(doc.querySelectorAll(container)))
          expect(node.querySelectorAll(child).length, `${container} has ${child}`).toBeGreaterThan(0);
      // The category strip's static heading, blank in the presets, says the theme's words.
      for (const heading of Array.from(doc.querySelectorAll('.block-categories h2')))
        expect(heading.textContent).toBe(prefix ? 'Shop by category' : 'Категорії');
    }
  });
});

describe('the home page has depth (issue 39), as the spec says it has the promo, new arrivals and about', () => {
  it.each([
    ['', 'Категорії', 'Осінь', 'Вечірні образи', 'Доставка по Україні'],
    ['/en', 'Shop by category', 'Autumn', 'Evening', 'Delivery across Ukraine'],
  ])('%s/: category entry points, brand promises, a campaign, a lookbook and an editorial row', async (prefix, categories, campaign, lookbook, promise) => {
    const { html, doc } = await render(`${prefix}/`);
    expect(html).not.toMatch(LIQUID_ERROR);
    // What the spec's home page has, as before.
    expect(doc.querySelector('.home-promo a.button')?.getAttribute('href')).toBe(`${prefix}/collections/all`);
    expect(doc.querySelectorAll('.home-new-arrivals .product-card').length).toBe(4);
    expect(doc.querySelector('.home-about a.button')?.getAttribute('href')).toBe(`${prefix}/pages/about-us`);
    expect(doc.querySelectorAll('h1').length).toBe(1);

    const entry = doc.querySelector('.block-categories')!;
    // The strip's heading (a static block) names it.
    expect(entry.querySelector('h2')?.textContent).toBe(categories);
    expect(entry.querySelector('.section-heading__link')?.getAttribute('aria-describedby')).toBe(entry.querySelector('h2')?.id);
    expect(Array.from(entry.querySelectorAll('.block-category a'), (a) => a.getAttribute('href'))).toEqual(
      ['dresses', 'coats-and-jackets', 'knitwear', 'basics'].map((h) => `${prefix}/collections/${h}`),
    );
    expect(doc.querySelectorAll('.block-promises .block-promise').length).toBe(4);
    expect(doc.querySelector('.block-promise__title')?.textContent).toBe(promise);
    const hero = doc.querySelector('.block-group--has-image')!;
    expect(hero.querySelector('h2')?.textContent).toBe(campaign);
    expect(hero.querySelector('a.button')?.getAttribute('href')).toBe(`${prefix}/collections/frontpage-autumn`);
    const looks = Array.from(doc.querySelectorAll('.block-columns .look'));
    expect(looks.length).toBe(2);
    expect(looks[0]!.closest('.block-group')?.querySelector('h2')?.textContent).toBe(lookbook);
    for (const look of looks) expect(look.querySelectorAll('[data-island="look"] .look__dot a').length).toBeGreaterThan(1);
    expect(doc.querySelectorAll('.block-columns .block-card-collection').length).toBe(3);
    // The order a shopper scrolls through.
    const order = Array.from(doc.querySelectorAll('main > .shopify-section'), (s) => s.id.replace('shopify-section-template--1__', ''));
    expect(order).toEqual(['promo', 'promises', 'categories', 'new_arrivals', 'campaign', 'lookbook', 'editorial', 'about']);
  });
});

describe("a static block: the category strip's heading", () => {
  it("is a block the editor finds and the merchant words and styles; blank, it says the theme's words", async () => {
    const { doc } = await render('/en/?design_mode=1');
    const heading = doc.querySelector('.block-categories h2')!;
    expect(JSON.parse(heading.getAttribute('data-shopify-editor-block')!)).toMatchObject({ type: 'heading' });
    const path = join(dir, 'templates', 'index.json');
    const template = JSON.parse(readFileSync(path, 'utf8')) as {
      sections: Record<string, { blocks: Record<string, { blocks: Record<string, { settings: Record<string, unknown> }> }> }>;
    };
    Object.assign(template.sections['categories']!.blocks['categories']!.blocks['heading']!.settings, { text: 'Shop the wardrobe', level: 'h3' });
    writeFileSync(path, JSON.stringify(template));
    const { doc: edited } = await render('/en/');
    expect(edited.querySelector('.block-categories h3')?.textContent).toBe('Shop the wardrobe');
    expect(edited.querySelectorAll('.block-categories .block-category').length).toBe(4);
  });
});

describe('a page built only from blocks (templates/page.campaign.json)', () => {
  it.each([
    ['', 'Вечір у шовку', 'Вечірні образи'],
    ['/en', 'An evening in silk', 'Evening'],
  ])('%s/pages/evening-campaign: its title, a product list and a look, in the shopper language', async (prefix, title, collection) => {
    const { html, doc } = await render(`${prefix}/pages/evening-campaign`);
    expect(html).not.toMatch(LIQUID_ERROR);
    expect(Array.from(doc.querySelectorAll('h1'), (h) => h.textContent)).toEqual([title]);
    expect(doc.querySelector('.block-list-products h2')?.textContent).toBe(collection);
    expect(doc.querySelectorAll('.block-list-products .product-card').length).toBe(4);
    expect(doc.querySelector('.block-list-products .section-heading__link')?.getAttribute('href')).toBe(`${prefix}/collections/evening`);
    expect(doc.querySelectorAll('.look [data-island="look"] .look__dot').length).toBe(2);
    expect(doc.querySelector('script[src*="island-look"]')).not.toBeNull();
  });
});

describe('pictures in blocks are asked for at the width they are drawn', () => {
  const section = (width: string, blocks: PresetBlock[]) => ({ type: 'section', settings: { width }, ...saved(blocks) });
  const sizesOf = (doc: Document, selector: string) => Array.from(doc.querySelectorAll(selector), (img) => img.getAttribute('sizes'));

  it('a tile says the width of its column: the grid, strip or columns around it, in the section’s width', async () => {
    const sections = {
      list: section('page', [{ type: 'list-collections', settings: { columns_phone: 1, columns_desktop: 3, limit: 2 } }]),
      strip: section('narrow', [
        { type: 'categories', settings: { columns_desktop: 5 }, blocks: [{ type: '_category', settings: { collection: 'dresses' } }] },
      ]),
      row: section('full', [
        {
          type: 'columns',
          settings: { columns_phone: 2, columns_desktop: 4, gap: 16, phone_scroll: false },
          blocks: [{ type: 'group', blocks: [{ type: 'card-collection', settings: { collection: 'knitwear' } }] }],
        },
      ]),
      alone: section('page', [{ type: 'card-collection', settings: { collection: 'basics' } }]),
    };
    writeFileSync(join(dir, 'templates', 'page.tile-sizes.json'), JSON.stringify({ sections, order: Object.keys(sections) }));
    const { html, doc } = await render('/pages/our-story?view=tile-sizes');
    expect(html).not.toMatch(LIQUID_ERROR);
    // Page width: 1440px less two 32px gutters from 1440px on, 16px gutters on phones; 16px gaps.
    expect(new Set(sizesOf(doc, '.block-list-collections img'))).toEqual(
      new Set(['(min-width: 1440px) 448px, (min-width: 768px) calc(((100vw - 64px) - 32px) / 3), calc(((100vw - 32px) - 0px) / 1)']),
    );
    // The category strip: 42% of the width on phones, the strip's own five columns wider.
    expect(sizesOf(doc, '.block-category img')).toEqual(['(min-width: 768px) 126px, calc((100vw - 32px) * 0.42)']);
    // A card in a full-width columns block: the columns' count and gap; a card alone: the section.
    expect(sizesOf(doc, '.block-group .block-card-collection img')).toEqual(['(min-width: 768px) calc((100vw - 48px) / 4), calc((100vw - 16px) / 2)']);
    expect(sizesOf(doc, '.blocks-section > .block-card-collection img')).toEqual([
      '(min-width: 1440px) 1376px, (min-width: 768px) calc(((100vw - 64px) - 0px) / 1), calc(((100vw - 32px) - 0px) / 1)',
    ]);
  });

  it('a group’s cover picture on a screen not much wider than tall comes cut no wider than the group, as tall as the file', async () => {
    const FILE = { width: 3000, height: 1800 }; // preview/fixtures/images/bg-frontpage-autumn.jpg
    const sections = {
      band: section('full', [{ type: 'group', settings: { min_height: 60, background_image: 'shopify://shop_images/bg-frontpage-autumn.jpg' } }]),
    };
    writeFileSync(join(dir, 'templates', 'page.cover-cuts.json'), JSON.stringify({ sections, order: Object.keys(sections) }));
    const { html, doc } = await render('/pages/our-story?view=cover-cuts');
    expect(html).not.toMatch(LIQUID_ERROR);
    const sources = Array.from(doc.querySelectorAll('.block-group picture source'));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      // A screen at least `low` as wide as tall holds a group at least low × 100 / 60 as wide as tall.
      const [, low] = /min-aspect-ratio: (\d+)\/100/.exec(source.getAttribute('media') ?? '') ?? [];
      const groupRatio = Number(low) / 60;
      expect(source.getAttribute('sizes')).toBe('100vw');
      const cuts = (source.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
        const [url = '', descriptor = ''] = candidate.split(' ');
        const params = new URL(url, 'http://x').searchParams;
        return { width: Number(params.get('width')), height: Number(params.get('height')), descriptor };
      });
      for (const cut of cuts) {
        expect(cut.descriptor).toBe(`${cut.width}w`);
        expect(cut.height).toBeLessThanOrEqual(FILE.height);
        // No wider than the group: the cover draws it at the group's width, which sizes says.
        expect(cut.width / cut.height).toBeLessThanOrEqual(groupRatio + 0.01);
      }
      // The widest cut is as tall as the file: the sharpest it allows.
      expect(Math.max(...cuts.map((c) => c.height))).toBeGreaterThan(FILE.height - 3);
    }
    // A landscape screen wider than the picture's ratio keeps the whole file's widths.
    expect(doc.querySelector('.block-group picture > img')?.getAttribute('srcset')).toContain('3000w');
  });
});
