// Prints what a merchant can shape in a theme folder, for comparing themes (issue 15):
// sections, block types, settings (sections' and blocks' inputs, not headers or paragraphs),
// presets, and sections that take app blocks. Usage: node scripts/theme-counts.mjs [theme dir]
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMA = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/;
// Sidebar settings that only label or explain: no value a merchant sets.
const NOT_INPUTS = new Set(['header', 'paragraph']);

function schemasIn(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.liquid'))
    .map((file) => {
      const match = SCHEMA.exec(readFileSync(join(dir, file), 'utf8'));
      return { file, schema: match ? JSON.parse(match[1]) : {} };
    });
}

const inputs = (settings = []) => settings.filter((s) => !NOT_INPUTS.has(s.type)).length;

export function themeCounts(theme) {
  const sections = schemasIn(join(theme, 'sections'));
  const themeBlocks = schemasIn(join(theme, 'blocks'));
  const counts = { sections: sections.length, blockTypes: 0, settings: 0, presets: 0, appSections: 0 };
  for (const { schema } of sections) {
    const blocks = schema.blocks ?? [];
    // Blocks defined in the section (not "@app" or "@theme", which only accept other blocks).
    const local = blocks.filter((b) => !b.type.startsWith('@'));
    counts.blockTypes += local.length;
    counts.settings += inputs(schema.settings) + local.reduce((n, b) => n + inputs(b.settings), 0);
    counts.presets += (schema.presets ?? []).length;
    if (blocks.some((b) => b.type === '@app')) counts.appSections += 1;
  }
  for (const { schema } of themeBlocks) {
    counts.blockTypes += 1;
    counts.settings += inputs(schema.settings);
    counts.presets += (schema.presets ?? []).length;
  }
  return counts;
}

const theme = process.argv[2] ?? 'theme';
const c = themeCounts(theme);
console.log(`${theme}: sections ${c.sections}, block types ${c.blockTypes}, settings ${c.settings}, presets ${c.presets}, sections with @app ${c.appSections}`);
