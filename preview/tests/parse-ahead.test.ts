// The preview parses the theme when it starts (preview/liquid/parse-ahead.ts), as the platform
// holds a published theme parsed: the first page after a start does not wait while its Liquid is
// read. A file that does not parse does not stop the preview: the page that uses it reports it.
import { Parser } from 'liquidjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let preview: ThemeCopyPreview | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await preview?.close();
  preview = undefined;
});

describe('the theme parsed when the preview starts', () => {
  it('renders the first pages (layout, sections, snippets, a Liquid template) without parsing any Liquid', async () => {
    preview = await themeCopyPreview('parse-ahead-', {
      'templates/page.greeting.liquid': `<p>{% render 'greeting', name: 'Olena' %}</p>`,
    });
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const home = await preview.app.inject({ url: '/' });
    const greeting = await preview.app.inject({ url: '/pages/about-us?view=greeting' });
    expect(home.statusCode).toBe(200);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.body).toContain('Olena');
    expect(parse).not.toHaveBeenCalled();
  });

  it('starts with a snippet that does not parse, and the page that renders it prints the error where the snippet stands', async () => {
    preview = await themeCopyPreview('parse-ahead-broken-', {
      'snippets/broken.liquid': `{% if true %}never closed`,
      'templates/page.broken.liquid': `<p>{% render 'broken' %}</p><p>after</p>`,
    });
    expect((await preview.app.inject({ url: '/' })).statusCode).toBe(200);
    const broken = await preview.app.inject({ url: '/pages/about-us?view=broken' });
    // As a shop renders it: 200, the syntax error in place, the rest of the page.
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain(`<p>Liquid syntax error (snippets/broken line 1): 'if' tag was never closed</p><p>after</p>`);
  });
});
