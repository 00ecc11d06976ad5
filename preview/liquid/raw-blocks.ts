// Blocks whose body is text for the platform, never Liquid: {% schema %} (a section's or block's
// JSON for the theme editor), {% doc %} (LiquidDoc, a snippet's or block's description), and
// {% stylesheet %} / {% javascript %} (CSS and JS for the compiled assets, compiled-assets.ts). Their
// bodies routinely hold Liquid-looking text, `"visible_if": "{{ block.settings.x == 'y' }}"`,
// default values written `{{ settings.… }}`, LiquidDoc examples with `{% render %}`, and
// the platform reads them raw, as {% raw %} is. liquidjs tokenizes a whole file before any tag
// sees it, so an unbalanced `{{` in a schema's string broke the file. The bodies are blanked
// before tokenizing, newlines kept, so every line number after them stays right; the schema's
// JSON is read from the file's source (sections.ts), not from the template.
import { Parser, type Liquid } from 'liquidjs';

const RAW_BLOCK = /(\{%-?\s*(schema|doc|stylesheet|javascript)\s*-?%\})([\s\S]*?)(\{%-?\s*end\2\s*-?%\})/g;

/** The source with each schema and doc body blanked (its line breaks kept). */
export function blankRawBodies(source: string): string {
  if (!/schema|doc|stylesheet|javascript/.test(source)) return source;
  return source.replace(RAW_BLOCK, (_all, open: string, _name: string, body: string, close: string) => open + body.replace(/[^\n]/g, '') + close);
}

type Parse = (this: { liquid?: Liquid }, html: string, filepath?: string) => unknown;
const PATCHED = Symbol.for('preview.raw-blocks');

/**
 * Makes the engine's parser read schema, doc, stylesheet and javascript bodies as raw text.
 * liquidjs makes a new Parser for every parse, so the class's method is wrapped (once), and it
 * blanks the bodies only for an engine that asked for it.
 */
export function installRawBlocks(liquid: Liquid): void {
  (liquid.options as unknown as { rawBlocks: boolean }).rawBlocks = true;
  const prototype = Parser.prototype as unknown as { parse: Parse; [PATCHED]?: boolean };
  if (prototype[PATCHED]) return;
  const parse = prototype.parse;
  prototype.parse = function parseWithRawBlocks(html, filepath) {
    const raw = (this.liquid?.options as { rawBlocks?: boolean } | undefined)?.rawBlocks === true;
    return parse.call(this, raw ? blankRawBodies(String(html)) : html, filepath);
  };
  prototype[PATCHED] = true;
}
