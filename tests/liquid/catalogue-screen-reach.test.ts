// A product list longer than the platform paginates (its 25,000th product) has no list index
// (snippets/catalogue-screen.liquid): its pages past the reach would repeat the last one, so the
// list keeps the server's pages, asks for no index while the page is read, and its notice says why
// a sort or filter is not applied, without a Try again that could never succeed.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLiquid } from '../../preview/liquid/engine';
import { REQUEST_KEY } from '../../preview/liquid/context';
import { themeTranslations } from '../../preview/theme-files';
import { renderRequest } from '../../preview/tests/support/render';

const THEME = resolve('theme');
const liquid = createLiquid(THEME);

async function listOf(count: number, language: 'uk' | 'en' = 'uk'): Promise<string> {
  const { translations, fallback, defaultLanguage } = themeTranslations(THEME, language);
  const request = renderRequest({ language, translations, fallbackTranslations: fallback, primaryLanguage: defaultLanguage });
  const source =
    "{% render 'catalogue-screen', screen: 'all', handle: 'all', heading: 'Усі товари', count: count, sorts: 'alphabetically,price_low_to_high', cards: '', items: '', paginate: paginate, id: 'list' %}";
  const paginate = { current_page: 1, pages: Math.ceil(count / 24), items: count, parts: [] };
  return liquid.parseAndRender(source, {}, { globals: { count, paginate, routes: { root_url: request.rootUrl }, [REQUEST_KEY]: request } });
}

/** The notice's inner HTML (the page's one <p data-catalogue-not-applied>). */
const notice = (html: string) => /<p [^>]*data-catalogue-not-applied[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('a list at and past the platform pagination reach', () => {
  it('at 25,000 products reads its index: the index address, and a notice that offers Try again', async () => {
    const html = await listOf(25_000);
    expect(html).toContain('data-index-url="/collections/all?view=list-index&amp;page=1"');
    expect(html).toContain('data-index-pages="100"');
    expect(text(notice(html))).toContain('Не вдалося завантажити весь список');
    expect(notice(html)).toContain('data-catalogue-retry');
  });

  it('past it keeps its pages: no index address, and the notice says the list is too long, in either language', async () => {
    const html = await listOf(25_001);
    expect(html).not.toContain('data-index-url');
    expect(html).not.toContain('view=list-index');
    expect(text(notice(html))).toBe(
      'Цей список задовгий, щоб сортувати чи фільтрувати його цілим, тож його сторінки лишаються в порядку магазину. Пошук звузить його.',
    );
    expect(notice(html)).not.toContain('data-catalogue-retry');
    expect(text(notice(await listOf(30_000, 'en')))).toContain('This list is too long to sort or filter as a whole');
  });
});
