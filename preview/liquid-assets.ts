import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewContext } from './context.js';
import { REQUEST_KEY, type RenderRequest } from './liquid/context.js';
import { cachedFromTheme } from './liquid/theme-cache.js';
import { assetVersion, resolvedThemeSettings, themeTranslations } from './theme-files.js';

// A theme asset written in Liquid (assets/theme.css.liquid, assets/app.js.liquid): the platform
// renders it when the theme or its settings change and serves the result under the built name
// (theme.css), which is also the name `asset_url` is given. It sees the theme's `settings` (no
// page, no customer); the preview renders it the same way, once per change of the theme.

/** The rendered asset `file` (e.g. theme.css) built from `file.liquid`, or null when the theme has no such file. */
export function renderLiquidAsset(preview: PreviewContext, file: string): { body: string; version: string } | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.(css|js|json|svg)$/.test(file)) return null;
  const path = join(preview.themeDir, 'assets', `${file}.liquid`);
  if (!existsSync(path)) return null;
  return cachedFromTheme(preview.themeDir, `liquid-asset:${file}`, () => {
    const store = preview.store();
    const language = store.shop.primary_locale;
    const currency = store.shop.currencies[0]?.iso_code ?? 'UAH';
    const drops = preview.drops(language, currency);
    const { translations, fallback, defaultLanguage } = themeTranslations(preview.themeDir, language);
    const request: RenderRequest = {
      language,
      primaryLanguage: defaultLanguage,
      rootUrl: '/',
      currency,
      moneyFormat: store.shop.money_format[currency] ?? '{{amount}}',
      moneyWithCurrencyFormat: store.shop.money_with_currency_format[currency] ?? '{{amount}}',
      query: new URLSearchParams(),
      path: '/',
      translations,
      fallbackTranslations: fallback,
      assetVersion: (name) => assetVersion(preview.themeDir, name),
      formResults: {},
      allProductsSeen: new Set(),
      sectionCounter: { value: 0 },
      drops,
    };
    const settings = resolvedThemeSettings(preview.themeDir, { drops });
    const body = preview.liquid.parseAndRenderSync(readFileSync(path, 'utf8'), {}, { globals: { settings, [REQUEST_KEY]: request } }) as string;
    return { body, version: createHash('sha1').update(body).digest('hex').slice(0, 10) };
  });
}
