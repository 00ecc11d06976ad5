import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { loadStore, localize, STORE_FILES, StoreValidationError } from '../../preview/store/load-store.js';
import { defaultStoreDir } from '../../preview/server';
import { FINANCIAL_STATUSES, type Store } from '../../preview/store/types.js';
import { COLOUR_NAMES } from '../../shared/catalogue/colours';

const FIXTURES = resolve('preview/fixtures');
// The spec's 24 (tests/unit/shared-catalogue.test.ts pins the list to the spec).
const SPEC_COLOURS: readonly string[] = COLOUR_NAMES;
const TYPES = ['coats', 'jackets', 'pants', 'skirts', 'shorts', 'dresses', 'sweaters', 'shirts', 'tops', 'sportswear'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'ONE SIZE'];

let store: Store;
/** The clothing: every product but the gift card, which has no colours, sizes or photos. */
let clothing: Store['products'];
beforeAll(() => {
  store = loadStore(FIXTURES);
  clothing = store.products.filter((p) => !p.gift_card);
});

const available = (v: { inventory_quantity: number; inventory_policy: string }) => v.inventory_quantity > 0 || v.inventory_policy === 'continue';

describe('the committed fixture store', () => {
  it('is the default store folder, unless PREVIEW_STORE names another', () => {
    vi.stubEnv('PREVIEW_STORE', '');
    expect(defaultStoreDir()).toBe(FIXTURES);
    vi.stubEnv('PREVIEW_STORE', 'some/where');
    expect(defaultStoreDir()).toBe(resolve('some/where'));
    vi.unstubAllEnvs();
  });

  it('describes the shop: languages, currencies, money formats, settings', () => {
    expect(store.shop.primary_locale).toBe('uk');
    expect(store.shop.locales).toEqual(['uk', 'en']);
    expect(store.shop.currencies).toEqual([
      { iso_code: 'UAH', symbol: '₴', rate: 1 },
      { iso_code: 'USD', symbol: '$', rate: 1 / 41 },
    ]);
    expect(store.shop.money_format).toEqual({ UAH: '{{amount_no_decimals_with_space_separator}} UAH', USD: '${{amount_no_decimals_with_space_separator}}' });
    expect(store.shop.domain).toBe('127.0.0.1');
    expect(store.shop.settings.zoom_enabled).toBe(true);
    expect(store.shop.settings.contact_manager_url).toMatch(/^https:\/\/t\.me\//);
    expect(store.shop.settings.social_url).toMatch(/^https:\/\/instagram\.com\//);
    expect(store.shop.settings.social_handle).toMatch(/^@/);
    expect(store.shop.settings.support_email).toBe(store.shop.email);
  });

  it('has at least 60 products across every type, in both languages', () => {
    expect(clothing.length).toBeGreaterThanOrEqual(60);
    expect(new Set(clothing.map((p) => p.type))).toEqual(new Set(TYPES));
    for (const p of clothing) {
      expect(typeof p.title === 'object' && p.title['uk'] && p.title['en'], p.handle).toBeTruthy();
      expect(p.options.map((o) => localize(o.name, 'en'))).toEqual(['Color', 'Size']);
      expect(p.options.map((o) => localize(o.name, 'uk'))).toEqual(['Колір', 'Розмір']);
      expect(localize(p.metafields.custom.materials, 'uk')).toMatch(/<p>.*<ul>.*<li>/s);
      expect(localize(p.metafields.custom.materials, 'en')).toMatch(/Composition/);
      expect(p.id).toBeGreaterThan(8000000000);
    }
  });

  it('uses the spec colours, plus exactly one product with an unknown colour', () => {
    const unknown = clothing.filter((p) => p.options[0]!.values.some((c) => !SPEC_COLOURS.includes(c)));
    expect(unknown.map((p) => p.handle)).toEqual(['bomber-jacket']);
    expect(unknown[0]!.options[0]!.values).toContain('navy');
    const used = new Set(clothing.flatMap((p) => p.options[0]!.values));
    for (const c of SPEC_COLOURS) expect(used.has(c), c).toBe(true);
    for (const p of clothing) for (const s of p.options[1]!.values) expect(SIZES).toContain(s);
    expect(clothing.filter((p) => p.options[1]!.values.join() === 'ONE SIZE').length).toBeGreaterThanOrEqual(1);
  });

  it('has realistic prices: UAH 1 200–12 000, USD about UAH/41', () => {
    for (const p of clothing) {
      for (const v of p.variants) {
        expect(v.price['UAH']).toBeGreaterThanOrEqual(120000);
        expect(v.price['UAH']).toBeLessThanOrEqual(1200000);
        expect(Math.abs(v.price['USD']! - v.price['UAH']! / 41)).toBeLessThan(100);
        if (v.compare_at_price) expect(v.compare_at_price['UAH']).toBeGreaterThan(v.price['UAH']!);
      }
    }
    expect(clothing.filter((p) => p.variants[0]!.compare_at_price).length).toBeGreaterThanOrEqual(5);
  });

  it('covers the stock cases: sold-out variants, a sold-out product, preorders, a single unit', () => {
    const soldOut = clothing.filter((p) => p.variants.every((v) => !available(v)));
    expect(soldOut.map((p) => p.handle)).toEqual(['floral-maxi-dress']);
    expect(clothing.filter((p) => p.variants.some((v) => !available(v)) && p.variants.some(available)).length).toBeGreaterThanOrEqual(10);

    const preorders = clothing.filter((p) => p.metafields.custom.preorder === 'true');
    expect(preorders.length).toBeGreaterThanOrEqual(4);
    for (const p of preorders) for (const v of p.variants) expect(v.inventory_policy).toBe('continue');
    for (const p of clothing) if (p.metafields.custom.preorder === 'false') for (const v of p.variants) expect(v.inventory_policy).toBe('deny');

    const single = clothing.flatMap((p) => p.variants.filter((v) => v.inventory_quantity === 1).map((v) => ({ p, v })));
    expect(single).toHaveLength(1);
    expect(single[0]!.p.handle).toBe('tweed-jacket');
    expect(single[0]!.v).toBe(single[0]!.p.variants[0]);
  });

  it('has images for every product but one, 2–4 each, portrait 1600×2400', () => {
    const without = clothing.filter((p) => p.images.length === 0);
    expect(without.map((p) => p.handle)).toEqual(['poncho-sweater']);
    for (const p of clothing) {
      if (p.images.length === 0) continue;
      expect(p.images.length, p.handle).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.handle).toBeLessThanOrEqual(4);
      for (const i of p.images) expect([i.width, i.height]).toEqual([1600, 2400]);
    }
  });

  it('has the required collections', () => {
    const c = store.collectionsByHandle;
    expect(c.get('all')!.title).toBe('ALL');
    expect(new Set(c.get('all')!.products)).toEqual(new Set(clothing.map((p) => p.handle)));
    expect(store.products.filter((p) => p.gift_card).map((p) => p.handle)).toEqual(['gift-card']);
    expect(c.get('new-arrivals')!.products.length).toBeGreaterThanOrEqual(8);
    expect(c.get('frontpage')).toBeDefined();
    expect(store.collections.filter((x) => x.handle.startsWith('frontpage-')).length).toBeGreaterThanOrEqual(3);
    const ordinary = store.collections.filter((x) => !x.handle.startsWith('frontpage') && !['all', 'new-arrivals'].includes(x.handle));
    expect(ordinary.length).toBeGreaterThanOrEqual(6);
    expect(store.collections.filter((x) => x.products.length === 0).map((x) => x.handle)).toEqual(['accessories']);
    expect(store.collections.filter((x) => x.metafields.custom.background && localize(x.metafields.custom.slogan, 'uk')).length).toBeGreaterThanOrEqual(4);

    const withLooks = store.collections.filter((x) => x.metafields.custom.looks.length > 0);
    expect(withLooks.length).toBeGreaterThanOrEqual(3);
    for (const x of withLooks) {
      for (const look of x.metafields.custom.looks) {
        expect(look.dots.length).toBeGreaterThanOrEqual(2);
        expect(look.dots.length).toBeLessThanOrEqual(4);
        expect([look.width, look.height]).toEqual([2000, 1200]);
        for (const d of look.dots) expect(store.productsByHandle.has(d.product)).toBe(true);
      }
    }
  });

  it('has the menus the theme reads, with nested type links in side-menu-1', () => {
    for (const h of ['header-menu', 'side-menu-1', 'side-menu-2', 'recommendation', 'info', 'contacts']) {
      expect(store.menus[h]?.links.length, h).toBeGreaterThan(0);
    }
    const clothing = store.menus['side-menu-1']!.links.find((l) => localize(l.title, 'en') === 'Clothing')!;
    expect(clothing.links.map((l) => localize(l.title, 'en').toLowerCase())).toEqual(TYPES);
    for (const l of clothing.links) expect(l.url).toBe('/collections/all');
  });

  it('has the pages the theme reads', () => {
    const p = store.pagesByHandle;
    for (const h of ['about-us', 'shipping-and-returns', 'public-offer', 'terms-of-use', 'contacts', 'our-story', 'default', 'api']) {
      expect(p.get(h), h).toBeDefined();
    }
    expect(localize(p.get('about-us')!.metafields.custom.slogan, 'en')).not.toBe('');
    expect(localize(p.get('about-us')!.metafields.custom.intro, 'uk')).not.toBe('');
    expect(localize(p.get('our-story')!.metafields.custom.slogan, 'uk')).not.toBe('');
    expect(p.get('contacts')!.metafields.custom.images.length).toBeGreaterThanOrEqual(4);
    expect(localize(p.get('terms-of-use')!.body_html, 'en')).toMatch(/<h2>.*<ul>.*<a href=/s);
    expect(p.get('api')!.template_suffix).toBeNull();
    expect(localize(p.get('api')!.body_html, 'uk')).toBe('');
  });

  it('has a demo customer with an order in every payment status, and one without anything', () => {
    const olena = store.customersByEmail.get('olena@example.com')!;
    expect(olena.password).toBe('Demo-password-2026!');
    expect(olena.orders.length).toBeGreaterThanOrEqual(9);
    expect(new Set(olena.orders.map((o) => o.financial_status))).toEqual(new Set(FINANCIAL_STATUSES));
    expect(olena.orders.filter((o) => o.shipping_methods.length === 0)).toHaveLength(1);
    expect(olena.default_address_id).toBe(olena.addresses[0]!.id);
    for (const o of olena.orders) {
      expect(o.total_price).toBe(o.subtotal_price + o.shipping_price);
      // The subtotal is after the order's discounts (one order was placed with a code).
      const discounts = (o.discount_applications ?? []).reduce((s, a) => s + a.total_allocated_amount, 0);
      expect(o.subtotal_price).toBe(o.line_items.reduce((s, li) => s + li.price * li.quantity, 0) - discounts);
      for (const li of o.line_items) expect(store.productByVariantId.get(li.variant_id)!.handle).toBe(li.product_handle);
    }
    const empty = store.customers.find((c) => c.orders.length === 0 && c.addresses.length === 0);
    expect(empty).toBeDefined();
    expect(empty!.default_address_id).toBeNull();
  });

  it('indexes products, variants, collections and pages', () => {
    const coat = store.productsByHandle.get('wool-wrap-coat')!;
    expect(store.productsById.get(coat.id)).toBe(coat);
    expect(store.variantsById.get(coat.variants[2]!.id)).toBe(coat.variants[2]);
    expect(store.productByVariantId.get(coat.variants[2]!.id)).toBe(coat);
    expect(store.collectionsByProductHandle.get('wool-wrap-coat')!.map((c) => c.handle)).toContain('coats-and-jackets');
    expect(store.collectionsById.get(store.collections[0]!.id)).toBe(store.collections[0]);
    expect(store.customersById.get(store.customers[0]!.id)).toBe(store.customers[0]);
  });

  // A budget for the repository's weight, not a page's: pages load copies the CDN resizes to the
  // widths their srcset asks for. Product photos are 1600×2400 and collection covers 1500×2250
  // so that no page draws a picture wider than its file on a 2× desktop or a 3× phone (issue 18);
  // at that size the set is about 16 MB, its largest file (a denim close-up) about 255 KB. The
  // caps leave a little room and catch a picture drawn far larger, or saved as PNG, by mistake.
  it('keeps its images small', () => {
    const dir = join(FIXTURES, 'images');
    const files = readdirSync(dir);
    const sizes = files.map((f) => statSync(join(dir, f)).size);
    expect(files.length).toBeGreaterThan(150);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(18 * 1024 * 1024);
    expect(Math.max(...sizes)).toBeLessThan(280 * 1024);
  });

  it('is what generate-store.mjs writes (deterministic, committed output up to date)', () => {
    const out = mkdtempSync(join(tmpdir(), 'store-gen-'));
    try {
      execFileSync(process.execPath, [join(FIXTURES, 'generate-store.mjs'), out], { stdio: 'pipe' });
      for (const f of [...STORE_FILES, 'metafield-definitions.json'])
        expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(FIXTURES, f), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('localize', () => {
  it('returns a plain string as is', () => {
    expect(localize('ALL', 'en')).toBe('ALL');
  });
  it('picks the language, then the primary, then any language', () => {
    expect(localize({ uk: 'Сукні', en: 'Dresses' }, 'en')).toBe('Dresses');
    expect(localize({ uk: 'Сукні', en: 'Dresses' }, 'uk')).toBe('Сукні');
    expect(localize({ uk: 'Сукні' }, 'en')).toBe('Сукні');
    expect(localize({ uk: 'Сукні', en: '' }, 'en')).toBe('Сукні');
    expect(localize({ de: 'Kleider' }, 'en')).toBe('Kleider');
    expect(localize({ en: 'Dresses', de: 'Kleider' }, 'fr', 'de')).toBe('Kleider');
  });
  it('matches a regional code to its language, and gives "" for nothing', () => {
    expect(localize({ uk: 'Сукні', en: 'Dresses' }, 'en-US')).toBe('Dresses');
    expect(localize(null, 'en')).toBe('');
    expect(localize(undefined, 'en')).toBe('');
    expect(localize({ uk: '' }, 'en')).toBe('');
  });
});

describe('validation of a broken store', () => {
  let base: string;
  const dirs: string[] = [];

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'store-base-'));
    cpSync(FIXTURES, base, { recursive: true, filter: (src) => !src.endsWith('.mjs') && !src.endsWith('.md') });
  });
  afterAll(() => {
    for (const d of [base, ...dirs]) rmSync(d, { recursive: true, force: true });
  });

  /** A copy of the store (images shared through a link) with one file changed by `edit`. */
  function brokenStore(file: string, edit: (json: any) => unknown, opts: { copyImages?: boolean } = {}): string {
    const dir = mkdtempSync(join(tmpdir(), 'store-broken-'));
    dirs.push(dir);
    for (const f of STORE_FILES) copyFileSync(join(base, f), join(dir, f));
    if (opts.copyImages) cpSync(join(base, 'images'), join(dir, 'images'), { recursive: true });
    else symlinkSync(join(base, 'images'), join(dir, 'images'), 'dir');
    if (file) {
      const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const replaced = edit(json);
      writeFileSync(join(dir, file), JSON.stringify(replaced === undefined ? json : replaced));
    }
    return dir;
  }

  function expectError(dir: string, file: string, field: string | RegExp, message: RegExp): void {
    let error: unknown;
    try {
      loadStore(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreValidationError);
    const e = error as StoreValidationError;
    expect(e.file).toBe(file);
    if (typeof field === 'string') expect(e.field).toBe(field);
    else expect(e.field).toMatch(field);
    expect(e.message).toMatch(message);
    expect(e.message.startsWith(`${file}: `)).toBe(true);
  }

  it('loads an unchanged copy', () => {
    expect(loadStore(brokenStore('', () => undefined)).products.length).toBe(store.products.length);
  });

  it('names a missing file and invalid JSON', () => {
    const missing = brokenStore('', () => undefined);
    unlinkSync(join(missing, 'menus.json'));
    expectError(missing, 'menus.json', '', /missing/);
    const invalid = brokenStore('', () => undefined);
    writeFileSync(join(invalid, 'pages.json'), '[{"id": 1,');
    expectError(invalid, 'pages.json', '', /not valid JSON/);
  });

  it('rejects a wrongly typed price', () => {
    const dir = brokenStore('products.json', (p) => {
      p[3].variants[1].price.UAH = '899';
    });
    expectError(dir, 'products.json', '[3 "long-trench-coat"].variants[1].price.UAH', /expected an integer, got the string "899"/);
  });

  it('rejects a variant option that the product does not offer', () => {
    const dir = brokenStore('products.json', (p) => {
      p[0].variants[0].options[1] = 'XXL';
    });
    expectError(dir, 'products.json', '[0 "wool-wrap-coat"].variants[0].options[1]', /"XXL" is not a value of option 1/);
  });

  it('rejects duplicate ids and handles', () => {
    expectError(
      brokenStore('products.json', (p) => {
        p[5].handle = p[4].handle;
      }),
      'products.json',
      /^\[5 "teddy-coat"\]\.handle$/,
      /duplicate product handle "teddy-coat" \(also at \[4 "teddy-coat"\]\.handle\)/,
    );
    expectError(
      brokenStore('products.json', (p) => {
        p[7].variants[0].id = p[6].variants[0].id;
      }),
      'products.json',
      '[7 "leather-biker-jacket"].variants[0].id',
      /duplicate variant id/,
    );
  });

  it('rejects a title that is neither a string nor translations', () => {
    expectError(
      brokenStore('products.json', (p) => {
        p[2].title = 42;
      }),
      'products.json',
      '[2 "oversized-cocoon-coat"].title',
      /expected a string or an object of translations/,
    );
    expectError(
      brokenStore('collections.json', (c) => {
        c[2].title = { uk: 5 };
      }),
      'collections.json',
      '[2 "new-arrivals"].title.uk',
      /expected a string/,
    );
  });

  it('rejects a preorder metafield that is not the string "true" or "false"', () => {
    expectError(
      brokenStore('products.json', (p) => {
        p[0].metafields.custom.preorder = true;
      }),
      'products.json',
      '[0 "wool-wrap-coat"].metafields.custom.preorder',
      /expected a string/,
    );
  });

  it('rejects a collection product or look dot that does not exist', () => {
    expectError(
      brokenStore('collections.json', (c) => {
        c[1].products.push('no-such-dress');
      }),
      'collections.json',
      /^\[1 "frontpage"\]\.products\[\d+\]$/,
      /product "no-such-dress" does not exist in products\.json/,
    );
    expectError(
      brokenStore('collections.json', (c) => {
        const coats = c.find((x: any) => x.handle === 'coats-and-jackets');
        coats.metafields.custom.looks[0].dots[1].product = 'ghost';
      }),
      'collections.json',
      /"coats-and-jackets"\]\.metafields\.custom\.looks\[0\]\.dots\[1\]\.product$/,
      /"ghost" does not exist/,
    );
    expectError(
      brokenStore('collections.json', (c) => {
        const coats = c.find((x: any) => x.handle === 'coats-and-jackets');
        coats.metafields.custom.looks[0].dots[0].x_coordinate = 2500;
      }),
      'collections.json',
      /looks\[0\]\.dots\[0\]\.x_coordinate$/,
      /at most 2000/,
    );
  });

  it('rejects an order line whose product or variant does not exist', () => {
    expectError(
      brokenStore('customers.json', (c) => {
        c[0].orders[0].line_items[0].product_handle = 'ghost';
      }),
      'customers.json',
      '[0 "olena@example.com"].orders[0].line_items[0].product_handle',
      /"ghost" does not exist/,
    );
    expectError(
      brokenStore('customers.json', (c) => {
        c[0].orders[1].line_items[0].variant_id = 9000000001;
      }),
      'customers.json',
      '[0 "olena@example.com"].orders[1].line_items[0].variant_id',
      /is not a variant of product/,
    );
    expectError(
      brokenStore('customers.json', (c) => {
        c[0].orders[2].financial_status = 'lost';
      }),
      'customers.json',
      '[0 "olena@example.com"].orders[2].financial_status',
      /not one of authorized, expired/,
    );
    expectError(
      brokenStore('customers.json', (c) => {
        c[0].default_address_id = 1;
      }),
      'customers.json',
      '[0 "olena@example.com"].default_address_id',
      /not the id of one of this customer's addresses/,
    );
  });

  it('rejects an image file that is missing or outside the images folder', () => {
    const dir = brokenStore('', () => undefined, { copyImages: true });
    unlinkSync(join(dir, 'images', 'wool-wrap-coat-2.jpg'));
    expectError(dir, 'products.json', '[0 "wool-wrap-coat"].images[1].file', /"wool-wrap-coat-2\.jpg" does not exist/);
    expectError(
      brokenStore('pages.json', (p) => {
        p.find((x: any) => x.handle === 'contacts').metafields.custom.images[0] = '../shop.json';
      }),
      'pages.json',
      '[4 "contacts"].metafields.custom.images[0]',
      /contains a path separator/,
    );
    expectError(
      brokenStore('collections.json', (c) => {
        c[2].metafields.custom.background = 'nope.jpg';
      }),
      'collections.json',
      '[2 "new-arrivals"].metafields.custom.background',
      /"nope\.jpg" does not exist/,
    );
  });

  it('rejects bad shop settings and menus', () => {
    expectError(
      brokenStore('shop.json', (s) => {
        s.primary_locale = 'de';
      }),
      'shop.json',
      'primary_locale',
      /"de" is not in locales \(uk, en\)/,
    );
    expectError(
      brokenStore('shop.json', (s) => {
        delete s.money_format.USD;
      }),
      'shop.json',
      'money_format.USD',
      /expected a string/,
    );
    expectError(
      brokenStore('menus.json', (m) => {
        m['side-menu-1'].links[1].links[0].url = 'collections/all';
      }),
      'menus.json',
      'side-menu-1.links[1].links[0].url',
      /neither a path starting with "\/" nor an absolute URL/,
    );
  });
});

describe('metafield definitions', () => {
  it('types the fixture store’s metafields, and a store without the file still loads', () => {
    const store = loadStore(FIXTURES);
    expect(store.metafieldDefinitions.owners['collection']?.['custom.looks']).toBe('list.metaobject_reference');
    expect(store.metafieldDefinitions.metaobjects['look']).toEqual({ image: 'file_reference', dots: 'json' });
    const dir = mkdtempSync(join(tmpdir(), 'store-nodefs-'));
    try {
      cpSync(FIXTURES, dir, { recursive: true });
      rmSync(join(dir, 'metafield-definitions.json'));
      expect(loadStore(dir).metafieldDefinitions).toEqual({ owners: {}, metaobjects: {} });
      writeFileSync(join(dir, 'metafield-definitions.json'), JSON.stringify({ owners: { product: { 'custom.x': 'not a type!' } } }));
      expect(() => loadStore(dir)).toThrow(/metafield-definitions\.json: owners\.product\.custom\.x: expected a metafield type/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
