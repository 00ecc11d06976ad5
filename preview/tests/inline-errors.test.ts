// One failing file does not take a page down: the platform prints the Liquid error where the
// failing node stood, answers 200 and renders the rest (preview/liquid/inline-error.ts). Each case
// is a copy of the test theme with one broken file, and a page a shopper would open.
import { afterEach, describe, expect, it } from 'vitest';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let preview: ThemeCopyPreview | undefined;
afterEach(async () => {
  await preview?.close();
  preview = undefined;
});

/** A home page of three sections: a working one, `broken` (sections/broken.liquid), and a working one. */
const HOME = JSON.stringify({
  sections: {
    before: { type: 'blocks-demo', settings: { heading: 'Before the broken one' } },
    broken: { type: 'broken' },
    after: { type: 'blocks-demo', settings: { heading: 'After the broken one' } },
  },
  order: ['before', 'broken', 'after'],
});

async function home(files: Record<string, string>): Promise<{ status: number; body: string }> {
  preview = await themeCopyPreview('inline-errors-', { 'templates/index.json': HOME, ...files });
  const response = await preview.app.inject({ url: '/' });
  return { status: response.statusCode, body: response.body };
}

function expectOtherSections(body: string): void {
  expect(body).toContain('Before the broken one');
  expect(body).toContain('After the broken one');
  // The layout around the template renders too (the header group and the static footer).
  expect(body).toContain('Group text');
  expect(body).toContain('id="shopify-section-static-footer"');
}

describe('a Liquid error in one section', () => {
  it('prints the run-time error in place, with the file and line, and renders the rest of the section and page', async () => {
    const { status, body } = await home({
      'sections/broken.liquid': `<p>start</p>\n<p>{% form 'no-such-form' %}inside{% endform %}</p>\n<p>{% render 'nope' %}</p>\n<p>end</p>`,
    });
    expect(status).toBe(200);
    expect(body).toMatch(/<p>start<\/p>\n<p>Liquid error \(sections\/broken line 2\): [^<]*no-such-form[^<]*<\/p>/);
    expect(body).toContain('<p>Liquid error (sections/broken line 3): Could not find asset snippets/nope.liquid</p>\n<p>end</p>');
    expectOtherSections(body);
  });

  it('prints the syntax error of a section file that does not parse where the section stands; the other sections render', async () => {
    const { status, body } = await home({ 'sections/broken.liquid': `<p>one</p>\n{% if true %}\n<p>never closed</p>` });
    expect(status).toBe(200);
    expect(body).toContain(
      `<div id="shopify-section-template--1__broken" class="shopify-section">Liquid syntax error (sections/broken line 2): 'if' tag was never closed</div>`,
    );
    expectOtherSections(body);
  });

  it('names an unknown tag as Liquid does', async () => {
    const { body } = await home({ 'sections/broken.liquid': `<p>one</p>{% frobnicate %}` });
    expect(body).toContain(`Liquid syntax error (sections/broken line 1): Unknown tag 'frobnicate'`);
    expectOtherSections(body);
  });

  it('prints a snippet’s syntax error inside the caller, with the snippet’s name and line', async () => {
    const { status, body } = await home({
      'sections/broken.liquid': `<p>{% render 'bad' %}</p><p>after the snippet</p>`,
      'snippets/bad.liquid': `ok\n{{ unclosed`,
    });
    expect(status).toBe(200);
    expect(body).toMatch(
      /<p>Liquid syntax error \(snippets\/bad line 2\): Variable '\{\{ unclosed' was not properly terminated[^<]*<\/p><p>after the snippet<\/p>/,
    );
    expectOtherSections(body);
  });

  it('stops a partial that renders itself at Liquid’s nesting limit with "Nesting too deep", and goes on', async () => {
    const { status, body } = await home({
      'sections/broken.liquid': `<p>start</p>{% render 'loop', depth: 1 %}<p>done</p>`,
      'snippets/loop.liquid': `{{ depth }}|{% assign next = depth | plus: 1 %}{% render 'loop', depth: next %}`,
    });
    expect(status).toBe(200);
    expect(body).toContain('98|99|Liquid error (snippets/loop line 1): Nesting too deep<p>done</p>');
    expect(body).not.toContain('100|');
    expectOtherSections(body);
  });

  it('prints a schema that is not JSON as the platform names it, and renders the rest', async () => {
    const { body } = await home({ 'sections/broken.liquid': `<p>x</p>{% schema %}{ "name": "Broken", }{% endschema %}` });
    expect(body).toContain(`Liquid syntax error (sections/broken): Invalid JSON in tag 'schema'`);
    expectOtherSections(body);
  });

  it('prints a section type with no file as the platform does', async () => {
    const { status, body } = await home({});
    expect(status).toBe(200);
    expect(body).toContain(`Liquid error (sections/broken): Error in tag 'section' - 'broken' is not a valid section type`);
    expectOtherSections(body);
  });
});

describe('a static section that does not exist', () => {
  it('prints the tag’s error at its line in the layout, and renders the page', async () => {
    preview = await themeCopyPreview('inline-errors-static-', {
      'layout/theme.liquid': `<!doctype html>\n<html><head>{{ content_for_header }}</head>\n<body>{% section 'no-such-section' %}\n<main>{{ content_for_layout }}</main></body></html>`,
    });
    const response = await preview.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<body>Liquid error (layout/theme line 3): Error in tag 'section' - 'no-such-section' is not a valid section type\n<main><div id="shopify-section-template--1__first"`,
    );
  });
});

describe('a theme block that fails', () => {
  it('prints its error where the block stands; the blocks beside it render', async () => {
    preview = await themeCopyPreview('inline-errors-block-', {
      'templates/index.json': JSON.stringify({
        sections: {
          s: {
            type: 'theme-blocks',
            blocks: { a: { type: 'note', settings: { text: 'first note' } }, b: { type: 'broken' }, c: { type: 'note', settings: { text: 'last note' } } },
            block_order: ['a', 'b', 'c'],
          },
        },
        order: ['s'],
      }),
      'blocks/broken.liquid': `<p>{% for x in (1..2) %}</p>`,
    });
    const response = await preview.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/first note.*Liquid syntax error \(blocks\/broken line 1\): 'for' tag was never closed.*last note/s);
  });
});

describe('theme JSON that is not JSON', () => {
  it('a JSON template prints its error as the page’s content, in the layout', async () => {
    preview = await themeCopyPreview('inline-errors-json-', { 'templates/index.json': `{\n  "sections": {}\n  "order": []\n}` });
    const response = await preview.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main>Liquid syntax error (templates/index.json line 3): Invalid JSON: CommaExpected</main>');
    expect(response.body).toContain('Group text');
  });

  it('leaves the Section Rendering API the sections it can still find', async () => {
    preview = await themeCopyPreview('inline-errors-json-sra-', { 'templates/index.json': `{ "sections": { ] }` });
    // A section file by its name still renders; an ID of the broken template's is not found (404).
    const byFile = await preview.app.inject({ url: '/?section_id=blocks-demo' });
    expect(byFile.statusCode).toBe(200);
    expect(byFile.body).toContain('id="shopify-section-blocks-demo"');
    expect((await preview.app.inject({ url: '/?section_id=template--1__first' })).statusCode).toBe(404);
    expect((await preview.app.inject({ url: '/?section_id=sections--1__bar' })).statusCode).toBe(200);
  });

  it('a section group prints its error where the group stands, and the page renders', async () => {
    preview = await themeCopyPreview('inline-errors-group-', { 'sections/header-group.json': `{ "type": "header", "sections": { ] }` });
    const response = await preview.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/Liquid syntax error \(sections\/header-group\.json line 1\): Invalid JSON: \w+/);
    expect(response.body).toContain('id="shopify-section-static-footer"');
    expect(response.body).toContain('Set heading');
  });
});

describe('text the platform never reads as Liquid', () => {
  it('schema, doc, comment and raw bodies may hold any Liquid-looking text, balanced or not', async () => {
    const { status, body } = await home({
      'sections/broken.liquid': [
        `{% doc %}\n  Renders {{ product.title\n  @example {% render 'x', y: {{ %}\n{% enddoc %}`,
        `<p class="line">{{ section.settings.label }} on line 5</p>`,
        `{% comment %} {% if %} {{ x | nope }} {% endcomment %}{% raw %}{{ kept }}{% endraw %}`,
        `{% schema %}\n{ "name": "Fine", "settings": [`,
        `  { "type": "text", "id": "label", "default": "{{ shop.name }}", "visible_if": "{{ section.settings.other == 'a' }}" },`,
        `  { "type": "text", "id": "other", "info": "Use {{ or {% freely" }`,
        `] }\n{% endschema %}`,
      ].join('\n'),
    });
    expect(status).toBe(200);
    expect(body).toContain('<p class="line">MAVKA on line 5</p>');
    expect(body).toContain('{{ kept }}');
    expect(body).not.toMatch(/Liquid (syntax )?error/);
    expectOtherSections(body);
  });
});
