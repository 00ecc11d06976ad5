import type { RenderRequest } from './context.js';
import { escapeHtml } from './escape.js';

function lookup(dict: Record<string, unknown>, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

// Platform plural keys follow CLDR: Ukrainian uses one/few/many/other, English one/other.
function pluralForm(forms: Record<string, unknown>, count: number, language: string): unknown {
  if (count === 0 && 'zero' in forms) return forms['zero'];
  const category = new Intl.PluralRules(language).select(count);
  return forms[category] ?? forms['other'];
}

export function translate(request: RenderRequest, key: string, params: Record<string, unknown>): string {
  let value = lookup(request.translations, key);
  if (value === undefined) value = lookup(request.fallbackTranslations, key);
  if (value && typeof value === 'object' && 'count' in params) {
    value = pluralForm(value as Record<string, unknown>, Number(params['count']), request.language);
  }
  if (typeof value !== 'string') return `Translation missing: ${request.language}.${key}`;
  // Interpolated values are escaped even in `_html` keys: they may carry merchant or shopper text.
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => escapeHtml(params[name]));
}
