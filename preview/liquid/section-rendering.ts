import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Liquid } from 'liquidjs';
import { REQUEST_KEY } from './context.js';
import { readJson, renderSection, themeDir, type JsonTemplate, type SectionData } from './sections.js';
import type { PageRender } from './engine.js';
import { ThemeJsonError } from './theme-json.js';

// The Section Rendering API [SRA]: any page URL with ?section_id=x (raw HTML) or ?sections=a,b
// (JSON). A section is named by its ID on the page: `template--1__key` for a JSON template's
// section, `sections--1__key` for a section group's, or a section file's name.

export const MAX_SECTIONS_PER_REQUEST = 5;
const SECTION_ID = /^[a-z0-9][a-z0-9_-]{0,127}$/i;

interface Located {
  data: SectionData;
  groupClass?: string;
}

/** A template or group file, or null when it is not JSON (its page prints why; its sections cannot be found). */
function readIfJson<T>(path: string): T | null {
  try {
    return readJson<T>(path);
  } catch (error) {
    if (error instanceof ThemeJsonError) return null;
    throw error;
  }
}

function locate(liquid: Liquid, template: string, id: string): Located | null {
  const dir = themeDir(liquid);
  const templatePath = join(dir, 'templates', `${template}.json`);
  const json = existsSync(templatePath) ? readIfJson<JsonTemplate>(templatePath) : null;
  const templateKey = /^template--\d+__(.+)$/.exec(id)?.[1];
  if (json && templateKey) {
    const data = json.sections[templateKey];
    return data && !data.disabled ? { data } : null;
  }
  const groupKey = /^sections--\d+__(.+)$/.exec(id)?.[1];
  if (groupKey) {
    const sectionsDir = join(dir, 'sections');
    for (const file of readdirSync(sectionsDir).filter((f) => f.endsWith('.json'))) {
      const group = readIfJson<{ sections?: Record<string, SectionData> }>(join(sectionsDir, file));
      const data = group?.sections?.[groupKey];
      if (data && !data.disabled) return { data, groupClass: `shopify-section-group-${file.replace(/\.json$/, '')}` };
    }
    return null;
  }
  // A section file named by the ID. When the page's template places that section type, its
  // settings and blocks there are the ones a merchant set, so they are used.
  if (!existsSync(join(dir, 'sections', `${id}.liquid`))) return null;
  const placed = json ? Object.values(json.sections).find((s) => s.type === id && !s.disabled) : undefined;
  return { data: placed ?? { type: id } };
}

/** The section's HTML in its wrapper, rendered with the page's objects, or null if the page has no such section. */
export async function renderSectionById(liquid: Liquid, page: PageRender, id: string): Promise<string | null> {
  if (!SECTION_ID.test(id)) return null;
  const found = locate(liquid, page.template, id);
  if (!found) return null;
  const globals = { ...page.objects, [REQUEST_KEY]: page.request };
  return renderSection(liquid, globals, id, found.data, found.groupClass);
}

/** `?sections=a,b` (or an array): the IDs, deduplicated; an error message when there are too many. */
export function parseSectionList(raw: unknown): { ids: string[] } | { error: string } {
  const list = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  const ids = [...new Set(list)];
  if (ids.length > MAX_SECTIONS_PER_REQUEST) return { error: `Too many sections requested: at most ${MAX_SECTIONS_PER_REQUEST}` };
  return { ids };
}
