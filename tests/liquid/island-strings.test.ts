// One dictionary: the island strings are the theme's locales, printed by the generated snippet
// through the t filter, so an edit in the admin's translation editor reaches the islands too.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createLiquid } from '../../preview/liquid/engine';
import { REQUEST_KEY, type RenderRequest } from '../../preview/liquid/context';
import { themeTranslations } from '../../preview/theme-files';
import { islandStrings } from '../support/island-strings';
// @ts-expect-error tools/generate.mjs is plain JavaScript without type declarations
import { islandStringsSnippet } from '../../tools/generate.mjs';

const THEME = resolve('theme');

function leaves(tree: unknown, prefix = ''): [string, string][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

describe('island strings', () => {
  it.each(['uk', 'en'] as const)('are all found in the theme locales (%s), placeholders left for t()', async (language) => {
    const strings = leaves(await islandStrings(language));
    expect(strings.length).toBeGreaterThan(100);
    for (const [key, text] of strings) {
      expect(text, key).not.toMatch(/translation missing/i);
      expect(text, key).not.toBe('');
    }
    expect(Object.fromEntries(strings)['orders.quantity']).toMatch(/\{\{quantity\}\}/);
  });

  it('are each read by island code: every page carries them, so one nobody reads is bytes for nothing', async () => {
    const code = execFileSync('git', ['ls-files', '-z', 'islands', 'shared'], { encoding: 'utf8' })
      .split('\0')
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // Keys built from data, each found in the code as the start of a template literal (or, for a
    // plural, as its stem passed to tn).
    const built = ['payment_status.', 'product_types.', 'date.months_short.', 'colours.', 'units.'];
    const plurals = ['product_list.count'];
    const unread = leaves(await islandStrings('en'))
      .map(([key]) => key)
      .filter((key) => {
        const prefix = built.find((start) => key.startsWith(start));
        if (prefix) return !code.includes(`\`${prefix}\${`);
        const stem = plurals.find((start) => key.startsWith(`${start}.`));
        if (stem) return !code.includes(`tn('${stem}'`);
        return !code.includes(`'${key}'`);
      });
    expect(unread).toEqual([]);
  });

  it("follow a merchant's edit of the theme translation", async () => {
    const { translations, fallback, defaultLanguage } = themeTranslations(THEME, 'en');
    const edited = structuredClone(translations) as { customer: { orders: { empty: string } } };
    edited.customer.orders.empty = 'Nothing ordered yet';
    const request = { language: 'en', primaryLanguage: defaultLanguage, translations: edited, fallbackTranslations: fallback } as Partial<RenderRequest>;
    const html = (await createLiquid(THEME).parseAndRender((islandStringsSnippet as () => string)(), {}, { globals: { [REQUEST_KEY]: request } })) as string;
    expect(html).toContain('"empty":"Nothing ordered yet"');
  });
});
