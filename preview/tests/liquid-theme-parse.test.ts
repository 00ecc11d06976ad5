// Every Liquid file of the theme parses with the preview's engine: a filter or tag the platform has
// but the preview does not (or a typo in a filter name) fails here, before a page shows it empty.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLiquid } from '../liquid/engine';
import { REAL_THEME } from '../testing';

const THEME = REAL_THEME;

function liquidFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : liquidFiles(path);
    return entry.name.endsWith('.liquid') ? [path] : [];
  });
}

describe('the theme with the preview engine', () => {
  it('parses every Liquid file with strict filters (unknown filters and tags are errors)', () => {
    const liquid = createLiquid(THEME);
    const files = liquidFiles(THEME);
    expect(files.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const file of files) {
      try {
        liquid.parse(readFileSync(file, 'utf8'), relative(THEME, file));
      } catch (error) {
        failures.push(`${relative(THEME, file)}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
