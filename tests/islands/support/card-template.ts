// The product card template as the theme renders it (snippets/product-card.liquid with
// as_template, inside snippets/catalogue-screen.liquid), read from the preview: islands tests
// fill the server's own markup, never a copy of it.
import { testPreview } from '../../../preview/testing';

const cache = new Map<string, string>();

/** The <template data-product-card> element's HTML of /collections/all in a language ('' or '/en'). */
export async function cardTemplateHtml(prefix: '' | '/en' = '/en'): Promise<string> {
  const hit = cache.get(prefix);
  if (hit) return hit;
  const { app } = await testPreview({ theme: 'real' });
  try {
    const body = (await app.inject({ method: 'GET', url: `${prefix}/collections/all` })).body;
    const html = /<template data-product-card>[\s\S]*?<\/template>/.exec(body)?.[0];
    if (!html) throw new Error('no card template on /collections/all');
    cache.set(prefix, html);
    return html;
  } finally {
    await app.close();
  }
}
