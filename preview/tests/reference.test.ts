// The reference check (npm run preview:reference) on the project's own theme: all eighteen pages
// render with the shopper's content and nothing a shop never prints; and the checks themselves
// catch what they are for.
import { describe, expect, it } from 'vitest';
import { pageProblems, renderReferencePages } from '../reference';
import { FIXTURES, REAL_THEME } from '../testing';

describe('the reference pages', () => {
  it('all render for the project’s theme, in both languages', { timeout: 120_000 }, async () => {
    const rows = await renderReferencePages({ themeDir: REAL_THEME, storeDir: FIXTURES });
    expect(rows).toHaveLength(22);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
  });

  it('name what a shop never prints', () => {
    expect(pageProblems('<p>Liquid error (sections/x line 3): bad</p>')).toEqual(['Liquid error (sections/x line 3): bad']);
    expect(pageProblems('<p>[object Object]</p>')).toEqual(['[object Object]']);
    expect(pageProblems('<span>Translation missing: en.cart.title</span>')).toEqual(['Translation missing: en.cart.title']);
    expect(pageProblems('<style>:root { --font-body-family: , ; }</style>')).toEqual(['blank CSS value --font-body-family']);
    expect(pageProblems('<p>products/coat.jpg</p>')).toEqual(['file name products/coat.jpg']);
    expect(pageProblems('<img src="/coat.jpg" alt="Coat"><script>var a = "x.json"</script><p>Coat</p>')).toEqual([]);
  });
});
