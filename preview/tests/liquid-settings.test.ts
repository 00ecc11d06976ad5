// Settings of type `liquid` (liquid/liquid-settings.ts): the platform renders their Liquid, with
// the page's objects and the section's (and block's) own, before the section prints them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let preview: ThemeCopyPreview;
beforeAll(async () => {
  preview = await themeCopyPreview('liquid-settings-', {
    'sections/custom.liquid': `<div class="custom">{{ section.settings.code }}</div>{% for block in section.blocks %}<p class="block">{{ block.settings.code }}</p>{% endfor %}
{% schema %}{ "name": "Custom", "settings": [{ "type": "liquid", "id": "code", "label": "Code" }], "blocks": [{ "type": "line", "name": "Line", "settings": [{ "type": "liquid", "id": "code", "label": "Code" }] }] }{% endschema %}`,
    'templates/page.custom.json': JSON.stringify({
      sections: {
        shown: {
          type: 'custom',
          settings: { code: "{{ page.title | upcase }} · {{ section.id }} · {{ 'now' | date: '%Y' | size }}" },
          blocks: { one: { type: 'line', settings: { code: '{{ block.id }} of {{ section.id }} {% if customer %}signed in{% else %}guest{% endif %}' } } },
          block_order: ['one'],
        },
        broken: { type: 'custom', settings: { code: '{% if %}' } },
      },
      order: ['shown', 'broken'],
    }),
  });
});
afterAll(async () => {
  await preview.close();
});

describe('liquid settings', () => {
  it("prints the setting's Liquid rendered with the page's, the section's and the block's objects", async () => {
    const body = (await preview.app.inject({ url: '/en/pages/about-us?view=custom' })).body;
    expect(body).toContain('<div class="custom">ABOUT US · template--1__shown · 4</div>');
    expect(body).toContain('<p class="block">one of template--1__shown guest</p>');
  });

  it('prints an inline error for Liquid that does not parse, and the rest of the page', async () => {
    const response = await preview.app.inject({ url: '/en/pages/about-us?view=custom' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<div class="custom">Liquid error: [^<]+<\/div>/);
  });
});
