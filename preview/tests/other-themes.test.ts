// The preview renders any Online Store 2.0 theme as the platform does, not only the themes it
// was built with. Two small themes written for these tests (tests/themes/): blocks-2025, built
// from nested theme blocks as the platform's themes of 2025 are, and classic-sections, built
// from sections and their own blocks. Every storefront page of each renders 200 with its
// content; then the features they use, one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_DIR } from '../package-dir';
import { createPreview } from '../server';
import { renderReferencePages } from '../reference';
import { FIXTURES } from '../testing';

const BLOCKS_2025 = join(PACKAGE_DIR, 'tests', 'themes', 'blocks-2025');
const CLASSIC = join(PACKAGE_DIR, 'tests', 'themes', 'classic-sections');

describe.each([
  ['blocks-2025', BLOCKS_2025],
  ['classic-sections', CLASSIC],
])('the %s theme', (_name, themeDir) => {
  it('renders every storefront page (both languages) with its content and no error', async () => {
    const rows = await renderReferencePages({ themeDir, storeDir: FIXTURES });
    expect(rows.length).toBe(22);
    expect(rows.filter((r) => !r.ok).map((r) => `${r.url} ${r.status} ${r.content} ${r.issues.join('; ')}`)).toEqual([]);
  }, 60_000);
});

async function get(app: FastifyInstance, url: string): Promise<{ status: number; body: string; type: string }> {
  const response = await app.inject({ url });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type']) };
}

describe('theme blocks of 2025 (blocks-2025)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPreview({ themeDir: BLOCKS_2025, storeDir: FIXTURES, log: () => {} });
  });
  afterAll(() => app.close());

  it('nests private blocks in the parent that names them, in saved order, without the disabled ones, each in its wrapper', async () => {
    const { body } = await get(app, '/');
    // The group's schema says "tag": null: no wrapper; the others in <div id="shopify-block-…" class="shopify-block">.
    expect(body).toMatch(
      new RegExp(
        [
          '<div class="group group--row" >',
          '<div id="shopify-block-card_1" class="shopify-block">\\s*<article class="card"[^>]*>',
          '<div id="shopify-block-card_1_text" class="shopify-block">\\s*<div class="text text--large" >Free returns</div>\\s*</div>',
          '</article>\\s*</div>',
          '<div id="shopify-block-card_2" class="shopify-block">\\s*<article class="card"[^>]*>',
          '<div id="shopify-block-card_2_text" class="shopify-block">\\s*<div class="text text--large" >Sewn in Lviv</div>\\s*</div>',
          '</article>\\s*</div></div>',
        ].join(''),
      ),
    );
    expect(body).not.toContain('Hidden text');
  });

  it('renders a static private block with the parameters content_for gives it', async () => {
    const { body } = await get(app, '/');
    expect(body).toMatch(/<div id="shopify-block-heading" class="shopify-block"><p class="eyebrow">Autumn<\/p>\s*<h1 class="heading" >MAVKA<\/h1>/);
  });

  it('renders the built-in _blocks and apps sections without files; an app block renders nothing', async () => {
    const { body } = await get(app, '/');
    expect(body).toMatch(
      /<div id="shopify-section-template--1__closing" class="shopify-section"><div id="shopify-block-closing_text" class="shopify-block">\s*<div class="text text--large" >See you soon<\/div>/,
    );
    expect(body).toContain('<div id="shopify-section-sections--1__apps" class="shopify-section shopify-section-group-footer-group"></div>');
    const product = await get(app, '/products/wool-wrap-coat');
    expect(product.status).toBe(200);
    expect(product.body).not.toMatch(/Liquid (syntax )?error/);
  });

  it('refuses a private block at the top level of a section that offers only @theme, printing why in its place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blocks-2025-'));
    cpSync(BLOCKS_2025, dir, { recursive: true });
    writeFileSync(
      join(dir, 'templates', 'page.json'),
      JSON.stringify({
        sections: {
          main: {
            type: 'section',
            blocks: { loose: { type: '_card' }, fine: { type: 'text', settings: { text: 'Public text' } } },
            block_order: ['loose', 'fine'],
          },
        },
        order: ['main'],
      }),
    );
    const copy = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
    try {
      const { status, body } = await get(copy, '/pages/about-us');
      expect(status).toBe(200);
      expect(body).toContain(
        "Liquid error (sections/section line 8): block 'loose' of private type '_card' can only be placed in a section or block whose schema names it",
      );
      expect(body).not.toContain('<article class="card"');
      expect(body).toContain('Public text');
    } finally {
      await copy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives theme blocks the closest resource: passed by content_for, held by a section setting, or the template’s', async () => {
    // A static block in a loop, given `closest.product: product` (main-collection).
    const collection = await get(app, '/collections/frontpage');
    expect(collection.body).toContain(
      '<a class="product-card" href="/products/wool-wrap-coat" >\n  <span class="product-card__title">Вовняне пальто-халат</span>',
    );
    // A section's product setting: its blocks' {{ closest.product.title }} and closest.product in Liquid.
    const home = await get(app, '/');
    expect(home.body).toMatch(
      /<div class="featured-product">\s*<div id="shopify-block-name" class="shopify-block">\s*<div class="text text--large" >Шовкова сукня-комбінація<\/div>\s*<\/div><div id="shopify-block-card" class="shopify-block">\s*<a class="product-card" href="\/products\/silk-slip-dress" >/,
    );
    // The product template's own product, for a setting connected to {{ closest.product.vendor }}.
    const product = await get(app, '/products/wool-wrap-coat');
    expect(product.body).toContain('<div class="text text--small" >MAVKA</div>');
  });

  it('reads the colour palette, saved colours over its defaults, and colour defaults that name a palette colour', async () => {
    const { body } = await get(app, '/');
    // text_color defaults to {{ settings.colors.primary }}, accent_color to {{ settings.colors.accent }}
    // (saved as #0f766e over the default #c2410c); a card's background to {{ settings.colors.background }}.
    expect(body).toContain('--color-text: #1a1a1a;');
    expect(body).toContain('--color-accent: #0f766e;');
    expect(body).toContain('--color-background: #fffdf8;');
    expect(body).toContain('<article class="card" style="--card-background: #fffdf8" >');
    expect(body).toContain('<article class="card" style="--card-background: #eef2ff" >');
  });

  it('serves assets/base.css.liquid rendered with the settings, at the address asset_url gives for base.css', async () => {
    const { body } = await get(app, '/');
    const href = /<link href="(\/cdn\/shop\/t\/1\/assets\/base\.css\?v=\w+)"/.exec(body)?.[1];
    expect(href).toBeDefined();
    const css = await get(app, href!);
    expect(css.status).toBe(200);
    expect(css.type).toContain('text/css');
    expect(css.body).toContain('color: #1a1a1a;');
    expect(css.body).toContain('max-width: 1100px;');
    expect(css.body).toContain('a { color: #0f766e; }');
    expect(css.body).not.toContain('{{');
    expect((await get(app, '/cdn/shop/t/1/assets/nothing.css')).status).toBe(404);
  });

  it('prints nothing where {% stylesheet %} and {% javascript %} stand, and serves their contents as the compiled assets content_for_header loads', async () => {
    const { body } = await get(app, '/');
    expect(body).not.toContain('display: flex');
    expect(body).not.toContain("dataset.header = 'ready'");
    const links = [...body.matchAll(/(?:href|src)="(\/cdn\/shop\/t\/1\/compiled_assets\/[\w.-]+\?v=\w+)"/g)].map((m) => m[1]!);
    expect(links.map((l) => l.replace(/\?.*/, '').split('/').pop()).sort()).toEqual(
      ['block-scripts.js', 'block-styles.css', 'scripts.js', 'snippet-styles.css', 'styles.css'].sort(),
    );
    const styles = await get(
      app,
      links.find((l) => l.includes('/styles.css'))!,
    );
    expect(styles.type).toContain('text/css');
    // Every section's CSS, never read as Liquid.
    expect(styles.body).toContain('.header { display: flex; justify-content: space-between; }');
    expect(styles.body).toContain('content: "{{ not Liquid }}";');
    expect(styles.body).toContain('.section { display: flex; gap: var(--gap); }');
    const blockStyles = await get(
      app,
      links.find((l) => l.includes('block-styles.css'))!,
    );
    expect(blockStyles.body).toContain('.card { background: var(--card-background); padding: 1rem; }');
    expect(
      (
        await get(
          app,
          links.find((l) => l.includes('snippet-styles.css'))!,
        )
      ).body,
    ).toContain('.price { font-variant-numeric: tabular-nums; }');
    const scripts = await get(
      app,
      links.find((l) => l.includes('/scripts.js'))!,
    );
    expect(scripts.type).toContain('javascript');
    expect(scripts.body).toContain("document.documentElement.dataset.header = 'ready';");
    expect((await get(app, '/cdn/shop/t/1/compiled_assets/other.js')).status).toBe(404);
  });
});

describe('sections and their blocks (classic-sections)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPreview({ themeDir: CLASSIC, storeDir: FIXTURES, log: () => {} });
  });
  afterAll(() => app.close());

  it('renders section blocks in order without the disabled ones, and an @app block as nothing', async () => {
    const home = await get(app, '/');
    expect(home.body).toContain('<p >Free delivery from 3000 UAH</p>');
    expect(home.body).not.toContain('Hidden');
    const product = await get(app, '/products/wool-wrap-coat');
    expect(product.body).toMatch(/<h1 >[^<]+<\/h1><p class="price" >[^<]+<\/p><p class="text" >MAVKA<\/p><form/);
  });

  it('renders theme.css.liquid and global.js.liquid with the saved settings (a preset), colour schemes included', async () => {
    const css = await get(app, '/cdn/shop/t/1/assets/theme.css');
    expect(css.status).toBe(200);
    expect(css.body).toContain('.color-scheme-2 {\n  --background: #f3f3f3;\n  --text: #242833;');
    const js = await get(app, '/cdn/shop/t/1/assets/global.js');
    expect(js.type).toContain('javascript');
    expect(js.body).toContain('cartType: "drawer",');
    expect(js.body).toContain('fontSize: 16,');
  });
});
