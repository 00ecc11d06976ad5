// The preview against the platform's own documentation data: every documented filter, tag and
// global object is there, and every object property a storefront page of the fixture store can
// meet is implemented; what is left has a reason (no instance in the store, or the engine).
import { describe, expect, it } from 'vitest';
import { measureCoverage } from '../coverage';
import { FIXTURES, REAL_THEME } from '../testing';

describe('coverage of the platform’s Liquid', () => {
  it('implements every documented filter, tag and global object, and each property an instance has', { timeout: 60_000 }, async () => {
    const coverage = await measureCoverage({ themeDir: REAL_THEME, storeDir: FIXTURES });
    expect(coverage.filters.missing).toEqual([]);
    expect(coverage.filters.total).toBeGreaterThanOrEqual(147);
    expect(coverage.tags.missing).toEqual([]);
    expect(coverage.globals.missing).toEqual([]);
    expect(coverage.properties.missing.filter((m) => m.reason === 'not implemented')).toEqual([]);
    for (const missing of coverage.properties.missing) expect(missing.reason.length).toBeGreaterThan(10);
  });
});
