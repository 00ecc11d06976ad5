// The reference check (npm run preview:reference) on the project's own theme: all eighteen pages
// render with the shopper's content and nothing a shop never prints; and the checks themselves
// catch what they are for.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../package-dir';
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
    expect(pageProblems('<img alt="Liquid error (snippets/a line 1): one"><p>Liquid syntax error (blocks/b line 2): two</p>')).toEqual([
      'Liquid error (snippets/a line 1): one (and 1 more)',
    ]);
    expect(pageProblems('<p>[object Object]</p>')).toEqual(['[object Object]']);
    expect(pageProblems('<span>Translation missing: en.cart.title</span>')).toEqual(['Translation missing: en.cart.title']);
    expect(pageProblems('<style>:root { --font-body-family: , ; }</style>')).toEqual(['blank CSS value --font-body-family']);
    expect(pageProblems('<p>products/coat.jpg</p>')).toEqual(['file name products/coat.jpg']);
    expect(pageProblems('<img src="/coat.jpg" alt="Coat"><script>var a = "x.json"</script><p>Coat</p>')).toEqual([]);
  });

  it('report, for a page with a failing file, the first Liquid error with its file and line as the platform prints it', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reference-broken-'));
    try {
      cpSync(join(PACKAGE_DIR, 'tests', 'themes', 'blocks-2025'), dir, { recursive: true });
      writeFileSync(join(dir, 'sections', 'main-page.liquid'), `<h1>{{ page.title }}</h1>\n{% render 'page-extras' %}\n{{ page.content }}`);
      const rows = await renderReferencePages({ themeDir: dir, storeDir: FIXTURES });
      const page = rows.filter((r) => r.page === 'page');
      expect(page).toHaveLength(2);
      for (const row of page) {
        // The page answers as a shop's would: 200, its text there, the error where the snippet stood.
        expect(row).toMatchObject({ ok: false, status: 200, content: 'yes (page text)' });
        expect(row.issues).toEqual(['Liquid error (sections/main-page line 2): Could not find asset snippets/page-extras.liquid']);
      }
      expect(rows.filter((r) => r.page !== 'page' && !r.ok)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
