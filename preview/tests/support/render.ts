// Renders Liquid with the preview's engine (platform tags and filters, strict filters) against the
// test theme in preview/tests/theme, with the request facts a page render would have.
import { join } from 'node:path';
import { PACKAGE_DIR } from '../../package-dir';
import { createLiquid } from '../../liquid/engine';
import { REQUEST_KEY, type RenderRequest } from '../../liquid/context';
import { themeTranslations } from '../../theme-files';

export const TEST_THEME = join(PACKAGE_DIR, 'tests', 'theme');
export const liquid = createLiquid(TEST_THEME);

export function renderRequest(overrides: Partial<RenderRequest> = {}): RenderRequest {
  const language = overrides.language ?? 'uk';
  const { translations, fallback, defaultLanguage } = themeTranslations(TEST_THEME, language);
  return {
    language,
    primaryLanguage: defaultLanguage,
    rootUrl: language === 'uk' ? '/' : `/${language}/`,
    currency: 'UAH',
    moneyFormat: '{{amount_no_decimals_with_space_separator}} UAH',
    moneyWithCurrencyFormat: '{{amount_no_decimals_with_space_separator}} UAH',
    query: new URLSearchParams(),
    path: '/',
    translations,
    fallbackTranslations: fallback,
    assetVersion: () => 'v1',
    formResults: {},
    allProductsSeen: new Set(),
    sectionCounter: { value: 0 },
    ...overrides,
  };
}

export async function render(source: string, objects: Record<string, unknown> = {}, request: Partial<RenderRequest> = {}): Promise<string> {
  return liquid.parseAndRender(source, {}, { globals: { ...objects, [REQUEST_KEY]: renderRequest(request) } });
}
