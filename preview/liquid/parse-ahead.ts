import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LookupType, type Liquid } from 'liquidjs';
import { blockFile } from './content-for.js';
import { compiledSection } from './sections.js';
import { themeGeneration } from './theme-cache.js';
import { themeSettingsSource, themeTranslations } from '../theme-files.js';

// The platform holds a published theme parsed: its first shopper does not wait while the Liquid
// is read. The preview parsed each file on the first page that used it, so the first page after a
// start (or after an edit) cost 150 ms to 400 ms more than the next one, and a list's first index
// page waited on it too. This parses every file, the settings and the translations when the
// preview starts, into the same theme cache the renders read (theme-cache.ts), which an edit
// clears as before. Without a watched theme nothing is kept, so there is nothing to do ahead.

function liquidNames(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.liquid'))
      .map((file) => file.slice(0, -'.liquid'.length));
  } catch {
    return []; // a theme without this folder
  }
}

/** Parses the theme's Liquid and reads its settings and translations now; a file that fails is left to its render. */
export function parseThemeAhead(liquid: Liquid, themeDir: string, languages: string[]): void {
  if (themeGeneration(themeDir) === null) return;
  const attempts: (() => unknown)[] = [
    // Named as the renders name them, so each lands under the key they read (engine.ts).
    ...liquidNames(join(themeDir, 'layout')).map((name) => () => liquid.parseFileSync(`layout/${name}`)),
    ...liquidNames(join(themeDir, 'templates')).map((name) => () => liquid.parseFileSync(`templates/${name}.liquid`)),
    ...liquidNames(join(themeDir, 'snippets')).map((name) => () => liquid.parseFileSync(name, LookupType.Partials)),
    ...liquidNames(join(themeDir, 'sections')).map((type) => () => compiledSection(liquid, type)),
    ...liquidNames(join(themeDir, 'blocks')).map((type) => () => blockFile(liquid, type)),
    () => themeSettingsSource(themeDir),
    ...languages.map((language) => () => themeTranslations(themeDir, language)),
  ];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch {
      // The page that uses it reports the error, with the page's context, as it always has.
    }
  }
}
