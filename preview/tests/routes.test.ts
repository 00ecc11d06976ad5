// Every route of spec §2, and its /en alias, answers from the fixture store with the real theme:
// 200 where the platform renders a page, 302 where the platform redirects (guests refused on
// account pages, logout, a used reset link). The spec's client-side redirects of /account/login,
// /account/register, /cart and /search (to panels and /collections/all) are the theme's: on the
// platform those addresses render the platform's own templates, so the preview renders them too.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, OLENA, signIn, testPreview } from '../testing';
import { createPreview } from '../server';
import { loadStore } from '../store/load-store';

const store = loadStore(FIXTURES);

const PAGES = [
  '/',
  '/pages/about-us',
  '/pages/shipping-and-returns',
  '/pages/public-offer',
  '/pages/terms-of-use',
  '/pages/contacts',
  '/pages/our-story',
  '/pages/default',
  '/account/register',
  '/account/login',
  '/cart',
  '/collections',
  '/search',
  '/search?q=coat&type=product',
  '/collections/all',
  '/collections/all?category=coats',
  '/collections/all?type=product&q=coat',
  '/collections/new-arrivals',
  '/collections/dresses',
  '/collections/frontpage',
  '/products/wool-wrap-coat',
  '/products/tweed-jacket?color=pink&size=xs',
  '/products/floral-maxi-dress',
  '/products/poncho-sweater',
];
const ACCOUNT_PAGES = ['/account', '/account/orders', '/account/wishlist', '/account/addresses', '/account/personal-details'];

let app: FastifyInstance;
let logs: string[];
beforeAll(async () => {
  ({ app, logs } = await testPreview({ theme: 'real' }));
});
afterAll(() => app.close());

describe('spec §2 routes on the real theme', () => {
  for (const prefix of ['', '/en']) {
    it(`render with 200 for a guest${prefix ? ' under /en' : ''}`, async () => {
      const failures: string[] = [];
      for (const path of PAGES) {
        const url = `${prefix}${path === '/' && prefix ? '' : path}`;
        const response = await app.inject({ url });
        if (response.statusCode !== 200) failures.push(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (!response.body.includes(`<html lang="${prefix ? 'en' : 'uk'}"`)) failures.push(`${url}: wrong language`);
      }
      expect(failures).toEqual([]);
    }, 60_000);

    it(`refuse account pages to guests with 302 to the login page${prefix ? ' under /en' : ''}`, async () => {
      for (const path of ACCOUNT_PAGES) {
        const response = await app.inject({ url: `${prefix}${path}` });
        expect(response.statusCode, path).toBe(302);
        expect(response.headers.location, path).toBe(`${prefix}/account/login`);
      }
    });

    it(`render account pages for the signed-in demo customer${prefix ? ' under /en' : ''}`, async () => {
      const cookie = await signIn(app, OLENA, prefix);
      const failures: string[] = [];
      for (const path of ACCOUNT_PAGES) {
        const response = await app.inject({ url: `${prefix}${path}`, headers: { cookie } });
        if (response.statusCode !== 200) failures.push(`${prefix}${path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect((await app.inject({ url: `${prefix}/account/login`, headers: { cookie } })).headers.location).toBe(`${prefix}/account`);
    }, 60_000);

    it(`redirect /account/logout and /account/invalid_token to the root${prefix ? ' under /en' : ''}`, async () => {
      for (const path of ['/account/logout', '/account/invalid_token']) {
        const response = await app.inject({ url: `${prefix}${path}` });
        expect(response.statusCode, path).toBe(302);
        expect(response.headers.location, path).toBe(`${prefix}/`);
      }
    });
  }

  it('answers every section asked for on a page that is not its own (?section_id=) without an error or a missing text', async () => {
    // Any section can be named on any page: the collection's without a collection, the account's
    // for a guest, an order's without an order. Each draws what it can, and no error.
    const sections = readdirSync('theme/sections')
      .filter((file) => file.endsWith('.liquid'))
      .map((file) => file.replace(/\.liquid$/, ''));
    expect(sections).toEqual(expect.arrayContaining(['main-collection', 'main-account', 'main-account-order', 'main-search']));
    const failures: string[] = [];
    for (const page of ['/pages/about', '/en/products/wool-wrap-coat', '/nope']) {
      for (const id of sections) {
        const response = await app.inject({ url: `${page}?section_id=${id}` });
        const problem = /Liquid error[^<]*|Translation missing[^<]*/.exec(response.body)?.[0];
        if (response.statusCode !== 200 || problem) failures.push(`${page} ${id}: ${response.statusCode} ${problem ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await app.inject({ url: '/collections/all?section_id=main-collection' })).body).toContain('data-catalogue-count');
  }, 60_000);

  it('serves the English story page at the spec alias /en/pages/story', async () => {
    const alias = await app.inject({ url: '/en/pages/story' });
    const page = await app.inject({ url: '/en/pages/our-story' });
    expect(alias.statusCode).toBe(200);
    expect(alias.body).toContain('Our story');
    expect(page.statusCode).toBe(200);
  });

  it('renders the new-password page of a link the recover form issued, in both languages', async () => {
    for (const prefix of ['', '/en']) {
      await app.inject({
        method: 'POST',
        url: `${prefix}/account/recover`,
        payload: `email=${encodeURIComponent(OLENA.email)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const link = new URL(/(http\S+)/.exec(logs.at(-1) ?? '')?.[1] ?? 'http://x/none').pathname;
      expect(link).toMatch(new RegExp(`^${prefix}/account/reset/${OLENA.id}/[0-9a-f]{32}$`));
      const response = await app.inject({ url: link });
      expect(response.statusCode, link).toBe(200);
      expect(response.body).toContain(`<html lang="${prefix ? 'en' : 'uk'}"`);
    }
  });
});

describe('PREVIEW_STORE', () => {
  let dir: string;
  const saved = process.env['PREVIEW_STORE'];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'preview-store-'));
    cpSync(FIXTURES, dir, { recursive: true });
    const shop = JSON.parse(readFileSync(join(dir, 'shop.json'), 'utf8')) as { name: string };
    shop.name = 'Другий магазин';
    writeFileSync(join(dir, 'shop.json'), JSON.stringify(shop));
    const products = JSON.parse(readFileSync(join(dir, 'products.json'), 'utf8')) as { handle: string; title: Record<string, string> }[];
    products.find((p) => p.handle === 'wool-wrap-coat')!.title = { uk: 'Пальто з іншої вітрини', en: 'Coat from another store' };
    writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['PREVIEW_STORE'];
    else process.env['PREVIEW_STORE'] = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('selects another store folder for createPreview()', async () => {
    process.env['PREVIEW_STORE'] = dir;
    const other = await createPreview({ log: () => {} });
    try {
      const products = JSON.parse((await other.inject({ url: '/en/pages/api/products' })).body) as { items: { handle: string; name: string }[] };
      expect(products.items.find((p) => p.handle === 'wool-wrap-coat')!.name).toBe('Coat from another store');
      const recommendations = (
        await other.inject({ url: `/recommendations/products.json?product_id=${store.productsByHandle.get('long-trench-coat')!.id}` })
      ).json() as { products: { title: string }[] };
      expect(recommendations.products.map((p) => p.title)).toContain('Пальто з іншої вітрини');
    } finally {
      await other.close();
    }
  }, 60_000);

  it('fails clearly when the folder is not a store', async () => {
    process.env['PREVIEW_STORE'] = join(dir, 'images');
    await expect(createPreview({ log: () => {} })).rejects.toThrow(/shop\.json/);
  });
});
