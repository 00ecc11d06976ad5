// Merchant text must not forge the rich-text snippet's internal link markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPreview } from '../../preview/server';

let app: FastifyInstance;
const FORGED = '<p>[[[a:javascript:alert(document.domain)//</p><p><a href="/x">y</a></p><p>[[p]]a [b] c]]</p>';

let dir = '';
beforeAll(async () => {
  const source = resolve('preview/fixtures');
  dir = mkdtempSync(join(tmpdir(), 'rich-text-store-'));
  for (const file of ['shop.json', 'products.json', 'collections.json', 'menus.json', 'customers.json']) cpSync(join(source, file), join(dir, file));
  const pages = JSON.parse(readFileSync(join(source, 'pages.json'), 'utf8')) as { handle: string; body_html: unknown }[];
  for (const page of pages) if (page.handle === 'shipping-and-returns') page.body_html = { uk: FORGED, en: FORGED };
  writeFileSync(join(dir, 'pages.json'), JSON.stringify(pages));
  symlinkSync(join(source, 'images'), join(dir, 'images'), 'dir');
  app = await createPreview({ storeDir: dir });
});
afterAll(async () => {
  await app.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('rich-text snippet', () => {
  it('keeps stacked brackets as text and never makes a javascript: link', async () => {
    const body = (await app.inject({ url: '/pages/shipping-and-returns' })).body;
    // Nothing here needs the island: the drawn block is all there is.
    const server = body.slice(body.indexOf('<div class="rte text-page__content">'));
    const drawn = server.slice(0, server.indexOf('</div>'));
    expect(drawn).not.toMatch(/href="javascript:/i);
    expect(drawn).toContain('<a href="/x">y</a>');
    // The brackets read as brackets: entities in the markup, not markers.
    expect(drawn).toContain('&#91;&#91;&#91;a:javascript:alert(document.domain)//');
    expect(drawn).toContain('&#91;&#91;p&#93;&#93;a &#91;b&#93; c&#93;&#93;');
  });
});
