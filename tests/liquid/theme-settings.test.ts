// The theme settings a merchant changes in the editor: the logo images, the colour schemes and
// the typography, rendered by the preview from settings_data.json as the platform would.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { createPreview } from '../../preview/server';
import { FIXTURES, REAL_THEME } from '../../preview/testing';

const opened: { app: FastifyInstance; dir: string }[] = [];
afterAll(async () => {
  for (const { app, dir } of opened) {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A preview of the theme with some settings changed, as a merchant saving them would; `edit` may
 * change the copied theme's files too (a section group's settings).
 */
async function withSettings(changes: Record<string, unknown>, edit: (dir: string) => void = () => {}): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'theme-settings-'));
  cpSync(REAL_THEME, dir, { recursive: true });
  edit(dir);
  const file = join(dir, 'config', 'settings_data.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { current: Record<string, unknown> };
  Object.assign(data.current, changes);
  writeFileSync(file, JSON.stringify(data));
  const app = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
  await app.ready();
  opened.push({ app, dir });
  return app;
}

async function page(app: FastifyInstance, url: string): Promise<Document> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const window = new Window({ url: `http://127.0.0.1${url}` });
  window.document.write(response.body);
  return window.document as unknown as Document;
}

const themeStyle = (doc: Document) =>
  Array.from(doc.querySelectorAll('head style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
/** The custom properties one rule of the theme's style sets, by its selector. */
function rule(doc: Document, selector: string): Record<string, string> {
  const css = themeStyle(doc);
  const body = new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^{]*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(Array.from(body.matchAll(/(--[\w-]+):\s*([^;]+);/g), (m) => [m[1]!, m[2]!.trim()]));
}

describe('footer settings', () => {
  it('with the newsletter signup turned off, still offers the language and currency choice', async () => {
    const app = await withSettings({}, (dir) => {
      const file = join(dir, 'sections', 'footer-group.json');
      const group = JSON.parse(readFileSync(file, 'utf8')) as { sections: { footer: { settings: Record<string, unknown> } } };
      group.sections.footer.settings['show_newsletter'] = false;
      writeFileSync(file, JSON.stringify(group));
    });
    const doc = await page(app, '/pages/about-us');
    const footer = doc.querySelector('.site-footer')!;
    expect(footer.querySelector('form.newsletter, .newsletter')).toBeNull();
    expect(footer.querySelector('select[name="language_code"]')).not.toBeNull();
    expect(footer.querySelector('select[name="country_code"]')).not.toBeNull();
  });
});

describe('home sections a merchant left without what they show', () => {
  const editHome =
    (edit: (sections: Record<string, { settings?: Record<string, unknown>; blocks?: Record<string, unknown>; block_order?: string[] }>) => void) =>
    (dir: string) => {
      const file = join(dir, 'templates', 'index.json');
      const template = JSON.parse(readFileSync(file, 'utf8')) as { sections: Parameters<typeof edit>[0] };
      edit(template.sections);
      writeFileSync(file, JSON.stringify(template));
    };

  it('new arrivals without a collection: nothing in the shop, a note for the merchant in the theme editor', async () => {
    const app = await withSettings(
      {},
      editHome((sections) => {
        sections['new_arrivals']!.settings!['collection'] = '';
      }),
    );
    const shop = await page(app, '/');
    expect(shop.querySelector('.home-new-arrivals')).toBeNull();
    const editor = await page(app, '/?design_mode=1');
    expect(editor.querySelector('.home-new-arrivals .section-placeholder')?.textContent).toBe(
      'Виберіть у редакторі теми колекцію з товарами для цього розділу.',
    );
  });

  it('the promo without its heading block: the page still has one h1, the shop’s name', async () => {
    const app = await withSettings(
      {},
      editHome((sections) => {
        const promo = sections['promo']!;
        promo.block_order = promo.block_order!.filter((id) => id !== 'heading');
        delete (promo.blocks as Record<string, unknown>)['heading'];
      }),
    );
    const home = await page(app, '/');
    expect(Array.from(home.querySelectorAll('h1'), (h) => h.textContent)).toEqual(['MAVKA']);
  });
});

describe('theme settings', () => {
  it('by default: the light scheme on the page, every scheme as a class, the brand fonts only, the text logo', async () => {
    const app = await withSettings({});
    const doc = await page(app, '/products/wool-wrap-coat');
    expect(themeStyle(doc)).toMatch(/:root, \.color-scheme-1 \{/);
    expect(rule(doc, '.color-scheme-1')['--color-paper']).toBe('#ffffff');
    expect(rule(doc, '.color-scheme-3')['--color-ink']).toBe('#ffffff');
    // No face from the platform's font library (a Ukrainian page's own brand face for spaces may be there).
    expect(themeStyle(doc)).not.toMatch(/@font-face\s*\{[^}]*\/cdn\/fonts\//);
    expect(themeStyle(doc)).not.toMatch(/@font-face\s*\{\s*font-family:\s*(?!'Cormorant Garamond')/);
    expect(themeStyle(doc)).not.toContain('--font-display');
    expect(doc.querySelector('.site-header__logo svg.logo')).not.toBeNull();
    expect(doc.querySelector('.site-header__logo img')).toBeNull();
  });

  it('the page scheme a merchant picks colours the page', async () => {
    const app = await withSettings({ color_scheme: 'scheme-3' });
    const doc = await page(app, '/');
    expect(themeStyle(doc)).toMatch(/:root, \.color-scheme-3 \{/);
    expect(themeStyle(doc)).not.toMatch(/:root, \.color-scheme-1/);
  });

  it('library fonts go first in the stacks with the brand faces behind them, once brand-only is off', async () => {
    const app = await withSettings({ type_brand_only: false, type_heading_font: 'lora_n4', type_body_font: 'work_sans_n4' });
    const doc = await page(app, '/');
    const css = themeStyle(doc);
    expect(css).toContain('@font-face');
    expect(css).toMatch(/font-family: "?Lora"?;/);
    expect(css).toMatch(/--font-display: "Lora", var\(--font-display-brand\);/);
    expect(css).toMatch(/--font-body: "Work Sans", var\(--font-body-brand\);/);
  });

  it('logo images: the dark one on light pages, the light one over the home image and in the footer, text where one is missing', async () => {
    const app = await withSettings({ logo: 'shopify://shop_images/bg-dresses.jpg', logo_width: 160 });
    const product = await page(app, '/products/wool-wrap-coat');
    const img = product.querySelector<HTMLImageElement>('.site-header__logo img.logo--image')!;
    expect(img).not.toBeNull();
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('width')).toBe('160');
    expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    expect(img.getAttribute('src')).toContain('bg-dresses');
    // The footer is dark and no light logo was given: the name as text, in light letters.
    expect(product.querySelector('.site-footer__logo svg.logo--light')).not.toBeNull();

    const both = await withSettings({ logo: 'shopify://shop_images/bg-dresses.jpg', logo_inverse: 'shopify://shop_images/bg-evening.jpg' });
    const home = await page(both, '/');
    expect(home.querySelector('.site-header__logo img')?.getAttribute('src')).toContain('bg-evening');
    expect(home.querySelector('.site-footer__logo img')?.getAttribute('src')).toContain('bg-evening');
  });
});

describe('theme settings schema', () => {
  const schema = JSON.parse(readFileSync(join(REAL_THEME, 'config', 'settings_schema.json'), 'utf8')) as {
    name: string;
    settings?: { id?: string; label?: string; info?: string; content?: string; definition?: { label?: string; info?: string }[] }[];
  }[];
  const locales = ['en.default.schema.json', 'uk.schema.json'].map(
    (f) => JSON.parse(readFileSync(join(REAL_THEME, 'locales', f), 'utf8')) as Record<string, unknown>,
  );
  const lookup = (locale: Record<string, unknown>, key: string): unknown =>
    key
      .replace(/^t:/, '')
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), locale);

  it('offers the logo, colour, typography, store and accounts settings, each label translated in both languages', () => {
    const ids = schema.flatMap((group) => (group.settings ?? []).map((s) => s.id)).filter(Boolean);
    expect(ids).toEqual(
      expect.arrayContaining([
        'logo',
        'logo_inverse',
        'logo_width',
        'color_schemes',
        'color_scheme',
        'type_brand_only',
        'type_heading_font',
        'type_body_font',
        'zoom_enabled',
        'contact_manager_url',
        'support_email',
        'social_url',
        'social_handle',
        'customer_accounts',
      ]),
    );
    const keys = schema
      .slice(1)
      .flatMap((group) => [
        group.name,
        ...(group.settings ?? []).flatMap((s) => [s.label, s.info, s.content, ...(s.definition ?? []).flatMap((d) => [d.label, d.info])]),
      ])
      .filter((k): k is string => typeof k === 'string');
    for (const key of keys) {
      expect(key).toMatch(/^t:/);
      for (const locale of locales) expect(typeof lookup(locale, key), key).toBe('string');
    }
  });
});

describe('layout and product card settings', () => {
  it('by default: a 1,440 px page, two products a row on phones and four on wide screens, portrait cards with a hover image', async () => {
    const doc = await page(await withSettings({}), '/en/');
    expect(rule(doc, ':root')).toMatchObject({
      '--page-max-width': '1440px',
      '--product-columns-mobile': '2',
      '--product-columns-desktop': '4',
      '--card-image-ratio': '2 / 3',
    });
    expect(doc.querySelectorAll('.product-card').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('.product-card__hover-image').length).toBeGreaterThan(0);
  });

  it('what the merchant sets: the page width, the columns, square cards, and no second image on hover (neither in cards nor in the list’s card template)', async () => {
    const app = await withSettings({
      page_width: 1200,
      product_columns_mobile: 1,
      product_columns_desktop: 3,
      card_image_ratio: 'square',
      card_hover_image: false,
    });
    const doc = await page(app, '/en/');
    expect(rule(doc, ':root')).toMatchObject({
      '--page-max-width': '1200px',
      '--product-columns-mobile': '1',
      '--product-columns-desktop': '3',
      '--card-image-ratio': '1 / 1',
    });
    expect(doc.querySelectorAll('.product-card').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('.product-card__hover-image').length).toBe(0);
    // The list's card template has none either, so the cards the browser draws have none.
    const list = await page(app, '/en/collections/all');
    expect(list.querySelector('template[data-product-card]')?.innerHTML).not.toContain('product-card__hover-image');
  });
});

describe('a theme block’s colour scheme', () => {
  it('paints the block in the scheme the merchant picks for it; unset, it follows its section', async () => {
    const plain = await page(await withSettings({}), '/en/products/wool-wrap-coat');
    expect(plain.querySelectorAll('.has-color-scheme').length).toBe(0);

    const app = await withSettings({}, (dir) => {
      const file = join(dir, 'templates', 'product.json');
      const template = JSON.parse(readFileSync(file, 'utf8')) as { sections: { main: { blocks: Record<string, { settings: Record<string, unknown> }> } } };
      template.sections.main.blocks['title']!.settings['color_scheme'] = 'scheme-3';
      writeFileSync(file, JSON.stringify(template));
    });
    const doc = await page(app, '/en/products/wool-wrap-coat');
    const painted = Array.from(doc.querySelectorAll('.has-color-scheme'));
    expect(painted.map((node) => node.className)).toEqual(['product__head color-scheme-3 has-color-scheme']);
    // The scheme's class carries its colours (theme-styles).
    expect(rule(doc, '.color-scheme-3')['--color-paper']).toMatch(/^#/);
  });
});
