import type { Liquid } from 'liquidjs';
import { renderFast } from './sync-render.js';
import { inlineErrorText } from './inline-error.js';
import type { SettingSchema } from '../platform/settings.js';

// A setting of type `liquid` (a Custom Liquid section's code) holds Liquid, which the platform
// renders before the section sees it, with the objects of the page and the section's own
// (`section`, and `block` for a block's setting). Printing the setting then prints the result.
// A template that does not parse prints the platform's inline error instead, as an unparsable
// theme file would (the editor refuses to save one; a JSON template edited by hand can hold it).

export async function renderLiquidSettings(
  liquid: Liquid,
  globals: object,
  schema: SettingSchema[] | undefined,
  settings: Record<string, unknown>,
  scope: Record<string, unknown>,
): Promise<void> {
  for (const setting of schema ?? []) {
    if (setting.type !== 'liquid' || !setting.id) continue;
    const source = settings[setting.id];
    if (typeof source !== 'string' || source === '') continue;
    try {
      settings[setting.id] = await renderFast(liquid, liquid.parse(source), scope, { globals });
    } catch (error) {
      settings[setting.id] = inlineErrorText(undefined, error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    }
  }
}
