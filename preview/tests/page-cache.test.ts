// The preview's page cache (preview/page-cache.ts) and its synchronous Liquid rendering
// (preview/liquid/sync-render.ts): a list view that is the same for every guest is rendered once,
// and a guest never gets what belongs to another session. A theme edit shows on the next request.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newBrowser, signIn, themeCopyPreview, type ThemeCopyPreview } from '../testing';

let dir = '';
let app: FastifyInstance;
let preview: ThemeCopyPreview | undefined;
const probe = (marker: string) =>
  `{% layout none %}${marker}|{% paginate collection.products by 2 %}{% for p in collection.products %}{{ p.handle }},{% endfor %}{{ paginate.current_page }}{% endpaginate %}|{{ cart.item_count }}|{{ customer.email }}|{{ 'now' | date: '%N' }}`;

beforeAll(async () => {
  preview = await themeCopyPreview('page-cache-theme-', {
    'templates/collection.probe.liquid': probe('first'),
    // A plain template holding a section: the sync attempt stops and the async render answers.
    'templates/page.with-section.liquid': "{% layout none %}before|{% section 'announcement' %}|after",
    // One snippet parsed by an async render, then rendered by a sync one.
    'templates/page.async-snippet.liquid': "{% layout none %}{% section 'announcement' %}{% render 'greeting' %}",
    'templates/page.sync-snippet.liquid': "{% layout none %}[{% render 'greeting' %}]",
  });
  ({ app, dir } = preview);
}, 60_000);
afterAll(async () => {
  await preview?.close();
});

const get = async (url: string, cookie?: string) => (await app.inject({ url, headers: cookie ? { cookie } : {} })).body;

describe('page cache', () => {
  it('renders a guest list view once, for every guest, keyed by its page', async () => {
    const first = await get('/collections/all?view=probe&page=2');
    expect(first).toMatch(/^first\|[^|]+,[^|]+,2\|0\|\|/);
    // Another guest, another moment: the same rendering (its nanoseconds stamp included).
    expect(await get('/collections/all?view=probe&page=2', await newBrowser(app))).toBe(first);
    expect(await get('/collections/all?view=probe&page=1')).not.toBe(first);
    expect(await get('/en/collections/all?view=probe&page=2')).not.toBe(first);
  });

  it("never serves a guest's page to a bag with items or to a signed-in customer", async () => {
    const guest = await get('/collections/all?view=probe&page=3');
    const customer = await signIn(app);
    expect(await get('/collections/all?view=probe&page=3', customer)).toContain('|olena@example.com|');
    const bag = await newBrowser(app);
    const variant = (JSON.parse(await get('/products/wool-wrap-coat.js')) as { variants: { id: number; available: boolean }[] }).variants.find(
      (v) => v.available,
    )!;
    await app.inject({ method: 'POST', url: '/cart/add.js', payload: { id: variant.id, quantity: 1 }, headers: { cookie: bag } });
    const withBag = await get('/collections/all?view=probe&page=3', bag);
    expect(withBag).toMatch(/\|1\|\|/);
    expect(withBag).not.toBe(guest);
  });

  it('shows a theme edit on the next requests', async () => {
    expect(await get('/collections/all?view=probe&page=4')).toMatch(/^first\|/);
    writeFileSync(join(dir, 'templates', 'collection.probe.liquid'), probe('second'));
    await expect.poll(() => get('/collections/all?view=probe&page=4'), { timeout: 10_000 }).toMatch(/^second\|/);
  });
});

describe('synchronous rendering', () => {
  it('falls back to the async render for a plain template that holds a section', async () => {
    const body = await get('/pages/about-us?view=with-section');
    expect(body).toMatch(/^before\|[\s\S]*shopify-section[\s\S]*\|after$/);
  });

  it('renders a snippet that an async render parsed moments before', async () => {
    expect((await app.inject('/pages/about-us?view=async-snippet')).statusCode).toBe(200);
    const sync = await app.inject('/pages/about-us?view=sync-snippet');
    expect(sync.statusCode).toBe(200);
    expect(sync.body).toMatch(/^\[[\s\S]+\]$/);
  });
});
