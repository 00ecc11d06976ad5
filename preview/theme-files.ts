import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { cachedFromTheme } from './liquid/theme-cache.js';

function readJsonFile<T>(path: string): T {
  // Theme JSON files may open with a /* comment */ block, as the platform writes them.
  const text = readFileSync(path, 'utf8').replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '');
  return JSON.parse(text) as T;
}

interface SettingSchema { id?: string; default?: unknown }

/** Theme settings: schema defaults, overlaid with config/settings_data.json's current values. */
export function themeSettings(themeDir: string): Record<string, unknown> {
  return cachedFromTheme(themeDir, 'settings', () => readThemeSettings(themeDir));
}

function readThemeSettings(themeDir: string): Record<string, unknown> {
  const schema = readJsonFile<{ settings?: SettingSchema[] }[]>(join(themeDir, 'config', 'settings_schema.json'));
  const values: Record<string, unknown> = {};
  for (const group of schema) for (const s of group.settings ?? []) if (s.id) values[s.id] = s.default ?? null;
  const dataPath = join(themeDir, 'config', 'settings_data.json');
  if (existsSync(dataPath)) {
    const data = readJsonFile<{ current?: Record<string, unknown> | string }>(dataPath);
    if (data.current && typeof data.current === 'object') Object.assign(values, data.current);
  }
  return values;
}

/** Storefront translations of one language and of the default (fallback) locale. */
export function themeTranslations(themeDir: string, language: string): { translations: Record<string, unknown>; fallback: Record<string, unknown>; defaultLanguage: string } {
  return cachedFromTheme(themeDir, `translations:${language}`, () => readThemeTranslations(themeDir, language));
}

function readThemeTranslations(themeDir: string, language: string): { translations: Record<string, unknown>; fallback: Record<string, unknown>; defaultLanguage: string } {
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

/** Asset URLs carry a version that changes with the file, as the platform's ?v= does. */
export function assetVersion(themeDir: string, file: string): string {
  const path = join(themeDir, 'assets', file);
  let mtime: number;
  try {
    mtime = statSync(path).mtimeMs;
  } catch {
    return '0';
  }
  const key = `${path}:${mtime}`;
  let version = versions.get(key);
  if (!version) {
    version = createHash('sha1').update(key).digest('hex').slice(0, 10);
    versions.set(key, version);
  }
  return version;
}
