// The island dictionary a page in `lang` carries: build.mjs's island-strings snippet rendered by
// the preview's Liquid against the theme's own locales, as a page render does.
import { resolve } from 'node:path';
import { createLiquid } from '../../preview/liquid/engine';
import { REQUEST_KEY, type RenderRequest } from '../../preview/liquid/context';
import { themeTranslations } from '../../preview/theme-files';
import type { Dictionary, Language } from '../../shared/i18n';
// @ts-expect-error tools/generate.mjs is plain JavaScript without type declarations
import { islandStringsSnippet } from '../../tools/generate.mjs';

const THEME = resolve('theme');

export async function islandStrings(language: Language): Promise<Dictionary> {
  const { translations, fallback, defaultLanguage } = themeTranslations(THEME, language);
  const request = { language, primaryLanguage: defaultLanguage, translations, fallbackTranslations: fallback } as Partial<RenderRequest>;
  const html = (await createLiquid(THEME).parseAndRender((islandStringsSnippet as () => string)(), {}, { globals: { [REQUEST_KEY]: request } })) as string;
  const json = /<script type="application\/json" id="island-strings">([\s\S]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('island-strings snippet printed no script');
  return JSON.parse(json) as Dictionary;
}
