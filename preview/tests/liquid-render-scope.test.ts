// What a snippet that {% render %} runs can see (shopify.dev, render): the page's global objects
// and, from a section, the section object; never a variable the caller created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let preview: ThemeCopyPreview;
beforeAll(async () => {
  preview = await themeCopyPreview('render-scope-', {
    'sections/render-scope.liquid': "{% assign local = 'outer' %}<p>{% render 'section-scope' %}</p><p>{% render 'section-scope' for (1..2) as n %}</p>",
    'snippets/section-scope.liquid': '[{{ section.id }}|{{ local }}|{{ shop.name }}{{ n }}]',
  });
});
afterAll(async () => {
  await preview?.close();
});

describe('render from a section', () => {
  it('shows the snippet the section object and the globals, and not the caller’s variables', async () => {
    const response = await preview.app.inject({ url: '/?section_id=render-scope' });
    expect(response.statusCode).toBe(200);
    const paragraphs = [...response.body.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]);
    const shop = /^\[render-scope\|\|(.+)\]$/.exec(paragraphs[0] ?? '')?.[1];
    expect(shop, paragraphs[0]).toBeTruthy();
    expect(paragraphs).toEqual([`[render-scope||${shop}]`, `[render-scope||${shop}1][render-scope||${shop}2]`]);
  });
});
