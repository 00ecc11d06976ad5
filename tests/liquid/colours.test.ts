// The theme's colour snippet is generated from shared/catalogue/colours.ts: Liquid names a colour
// exactly as the islands do, in both languages (Білий is white on both sides).
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { createLiquid } from '../../preview/liquid/engine';
import { COLOURS, colourName } from '../../shared/catalogue/colours';
// @ts-expect-error tools/generate.mjs is plain JavaScript without type declarations
import { colourNameSnippet } from '../../tools/generate.mjs';
import * as colours from '../../shared/catalogue/colours';

const liquid = createLiquid(resolve('theme'));
const snippet = (colourNameSnippet as (module: typeof colours) => string)(colours);
const name = async (value: string, fallback?: string) => ((await liquid.parseAndRender(snippet, { value, fallback })) as string).trim();

describe('product-colour-name (generated)', () => {
  it('names every spelling of the 24 colours as colourName() does', async () => {
    for (const { spellings } of COLOURS) {
      for (const spelling of spellings) {
        for (const variant of [spelling, spelling.toUpperCase(), ` ${spelling.replace(/[-\s]/g, '_')} `]) {
          expect(await name(variant), variant).toBe(colourName(variant));
        }
      }
    }
  });

  it('reads Білий as white, and an unknown colour as the fallback', async () => {
    expect(await name('Білий')).toBe('white');
    expect(await name('navy', 'black')).toBe('black');
    expect(await name('M')).toBe('');
  });
});
