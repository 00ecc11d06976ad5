import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { cachedFromTheme } from './liquid/theme-cache.js';
import { readThemeJson } from './liquid/theme-json.js';
import { resolveSettings, type SettingSchema, type SettingsScope } from './platform/settings.js';

const readJsonFile = readThemeJson;

/** Theme settings: schema defaults, overlaid with config/settings_data.json's current values. */
export function themeSettings(themeDir: string): Record<string, unknown> {
  return cachedFromTheme(themeDir, 'settings', () => readThemeSettings(themeDir));
}

/** The theme settings' schema entries (their types) and saved values, as read from config/. */
export function themeSettingsSource(themeDir: string): { schema: SettingSchema[]; values: Record<string, unknown> } {
  return cachedFromTheme(themeDir, 'settings-source', () => {
    const groups = readJsonFile<{ settings?: SettingSchema[] }[]>(join(themeDir, 'config', 'settings_schema.json'));
    const schema = groups.flatMap((group) => group.settings ?? []);
    const dataPath = join(themeDir, 'config', 'settings_data.json');
    let values: Record<string, unknown> = {};
    if (existsSync(dataPath)) {
      const data = readJsonFile<{ current?: Record<string, unknown> | string; presets?: Record<string, Record<string, unknown>> }>(dataPath);
      // `current` is the saved values, or the name of a preset that holds them.
      if (typeof data.current === 'string') values = data.presets?.[data.current] ?? {};
      else if (data.current && typeof data.current === 'object') values = data.current;
    }
    return { schema, values };
  });
}

function readThemeSettings(themeDir: string): Record<string, unknown> {
  const { schema, values } = themeSettingsSource(themeDir);
  const plain: Record<string, unknown> = {};
  for (const s of schema) if (s.id) plain[s.id] = s.default ?? null;
  return Object.assign(plain, values);
}

/** Theme settings as Liquid sees them (`settings`): typed, resources resolved, for one request. */
export function resolvedThemeSettings(themeDir: string, scope: SettingsScope): Record<string, unknown> {
  const { schema, values } = themeSettingsSource(themeDir);
  return resolveSettings(schema, values, scope);
}

/** Storefront translations of one language and of the default (fallback) locale. */
export function themeTranslations(
  themeDir: string,
  language: string,
): { translations: Record<string, unknown>; fallback: Record<string, unknown>; defaultLanguage: string } {
  return cachedFromTheme(themeDir, `translations:${language}`, () => readThemeTranslations(themeDir, language));
}

function readThemeTranslations(
  themeDir: string,
  language: string,
): { translations: Record<string, unknown>; fallback: Record<string, unknown>; defaultLanguage: string } {
  const dir = join(themeDir, 'locales');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.includes('.schema.'));
  const defaultFile = files.find((f) => f.endsWith('.default.json'));
  if (!defaultFile) throw new Error('theme/locales: no <lang>.default.json');
  const defaultLanguage = defaultFile.replace('.default.json', '');
  const fallback = readJsonFile<Record<string, unknown>>(join(dir, defaultFile));
  const own = files.find((f) => f === `${language}.json` || f === `${language}.default.json`);
  const translations = own ? readJsonFile<Record<string, unknown>>(join(dir, own)) : fallback;
  return { translations, fallback, defaultLanguage };
}

const versions = new Map<string, string>();

/** The modification time of a file, or null when there is none. */
function modified(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Asset URLs carry a version that changes with the file, as the platform's ?v= does. An asset
 * built from Liquid (theme.css from theme.css.liquid) changes with its source and with the
 * theme's settings, which it reads.
 */
export function assetVersion(themeDir: string, file: string): string {
  const path = join(themeDir, 'assets', file);
  let mtime = modified(path);
  let key = `${path}:${mtime}`;
  if (mtime === null) {
    mtime = modified(`${path}.liquid`);
    if (mtime === null) return '0';
    key = `${path}.liquid:${mtime}:${modified(join(themeDir, 'config', 'settings_data.json'))}`;
  }
  let version = versions.get(key);
  if (!version) {
    version = createHash('sha1').update(key).digest('hex').slice(0, 10);
    versions.set(key, version);
  }
  return version;
}
