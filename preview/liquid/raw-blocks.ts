// Blocks whose body is text for the platform, never Liquid: {% schema %} (a section's or block's
// JSON for the theme editor), {% doc %} (LiquidDoc, a snippet's or block's description), and
// {% stylesheet %} / {% javascript %} (CSS and JS for the compiled assets, compiled-assets.ts). Their
// bodies routinely hold Liquid-looking text, `"visible_if": "{{ block.settings.x == 'y' }}"`,
// default values written `{{ settings.… }}`, LiquidDoc examples with `{% render %}`, and
// the platform reads them raw, as {% raw %} is. liquidjs tokenizes a whole file before any tag
// sees it, so an unbalanced `{{` in a schema's string broke the file. The bodies are blanked
// before tokenizing, newlines kept, so every line number after them stays right; the schema's
// JSON is read from the file's source (sections.ts), not from the template.
import type { Liquid } from 'liquidjs';

const RAW_BLOCK = /(\{%-?\s*(schema|doc|stylesheet|javascript)\s*-?%\})([\s\S]*?)(\{%-?\s*end\2\s*-?%\})/g;

/** The source with each schema and doc body blanked (its line breaks kept). */
export function blankRawBodies(source: string): string {
  if (!/schema|doc|stylesheet|javascript/.test(source)) return source;
  return source.replace(RAW_BLOCK, (_all, open: string, _name: string, body: string, close: string) => open + body.replace(/[^\n]/g, '') + close);
}

/** Makes the engine's parser read schema and doc bodies as raw text. */
export function installRawBlocks(liquid: Liquid): void {
  type Parse = (html: string, filepath?: string) => unknown;
  const parser = liquid.parser as unknown as { parse: Parse };
  // The class's method, looked up at each call: whatever wraps or watches it still sees every parse.
  const inherited = (): Parse => (Object.getPrototypeOf(parser) as { parse: Parse }).parse;
  parser.parse = (html, filepath) => inherited().call(parser, blankRawBodies(String(html)), filepath);
}
