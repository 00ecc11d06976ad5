// The platform's limits on the blocks a merchant places (Theme limits): 50 blocks in a section
// or its schema's `max_blocks`, 1,250 in a template or section group, theme blocks nested 8
// levels below their section; static blocks count toward none. A file past a limit is one the
// platform refuses to save, so the preview refuses to render it rather than render what no shop
// could show. Each case is written into a copy of the blocks-2025 test theme.
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_DIR } from '../package-dir';
import { createPreview } from '../server';
import { FIXTURES } from '../testing';

const BLOCKS_2025 = join(PACKAGE_DIR, 'tests', 'themes', 'blocks-2025');
type Block = { type: string; static?: boolean; settings?: Record<string, unknown>; blocks?: Record<string, Block>; block_order?: string[] };

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** The about-us page of a copy of the theme whose page template (and extra files) are given. */
async function pageWith(sections: Record<string, Block>, files: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'block-limits-'));
  cpSync(BLOCKS_2025, dir, { recursive: true });
  writeFileSync(join(dir, 'templates', 'page.json'), JSON.stringify({ sections, order: Object.keys(sections) }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const app: FastifyInstance = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
  cleanup = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const response = await app.inject({ url: '/pages/about-us' });
  return { status: response.statusCode, body: response.body };
}

/** n text blocks, `prefix-1`…, each saying its own id. */
function texts(n: number, prefix = 't'): Record<string, Block> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, { type: 'text', settings: { text: `${prefix}-${i + 1}` } }]));
}

/** A text inside `levels` nested groups: the text is the (levels + 1)th level below the section. */
function nested(levels: number): Record<string, Block> {
  let inner: Record<string, Block> = { deepest: { type: 'text', settings: { text: 'Deepest text' } } };
  for (let level = levels; level >= 1; level -= 1) inner = { [`group-${level}`]: { type: 'group', blocks: inner } };
  return inner;
}

const textCount = (body: string) => (body.match(/<div class="text text--large" >t-\d+<\/div>/g) ?? []).length;

describe('blocks in a section', () => {
  it('renders 50 blocks, and refuses a section of 51 in its place, saying why', async () => {
    const fifty = await pageWith({ main: { type: 'section', blocks: texts(50) } });
    expect(fifty.status).toBe(200);
    expect(textCount(fifty.body)).toBe(50);

    const over = await pageWith({ main: { type: 'section', blocks: texts(51) }, after: { type: 'section', blocks: texts(1, 'after') } });
    expect(over.status).toBe(200);
    expect(over.body).toContain('a section can have at most 50 blocks, this one has 51');
    expect(textCount(over.body)).toBe(0);
    // The page's other sections render.
    expect(over.body).toContain('>after-1</div>');
  });

  it('holds a section to its schema’s max_blocks', async () => {
    const limited = readSection().replace('"name": "Section",', '"name": "Section", "max_blocks": 3,');
    const three = await pageWith({ main: { type: 'limited', blocks: texts(3) } }, { 'sections/limited.liquid': limited });
    expect(textCount(three.body)).toBe(3);
    const four = await pageWith({ main: { type: 'limited', blocks: texts(4) } }, { 'sections/limited.liquid': limited });
    expect(four.body).toContain('a section can have at most 3 blocks, this one has 4');
    expect(textCount(four.body)).toBe(0);
  });

  it('does not count static blocks', async () => {
    const statics = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`static-${i}`, { type: 'text', static: true }]));
    const { body } = await pageWith({ main: { type: 'section', blocks: { ...texts(50), ...statics } } });
    expect(body).not.toContain('at most 50 blocks');
    expect(textCount(body)).toBe(50);
  });
});

describe('nesting', () => {
  it('renders theme blocks 8 levels below the section, and refuses a 9th level', async () => {
    const eight = await pageWith({ main: { type: 'section', blocks: nested(7) } });
    expect(eight.body).toContain('>Deepest text</div>');
    expect(eight.body).not.toMatch(/Liquid (syntax )?error/);

    const nine = await pageWith({ main: { type: 'section', blocks: nested(8) } });
    expect(nine.body).toContain('theme blocks nest at most 8 levels below their section, these nest 9');
    expect(nine.body).not.toContain('>Deepest text</div>');
  });
});

describe('blocks in a template', () => {
  it('renders 1,250 blocks in a template and refuses 1,251', async () => {
    // 25 groups of 49 texts in 25 sections, with the groups themselves: 1,250.
    const sections = (extra: number): Record<string, Block> =>
      Object.fromEntries(
        Array.from({ length: 25 }, (_, s) => [
          `s${s}`,
          { type: 'section', blocks: { [`g${s}`]: { type: 'group', blocks: texts(49 + (s === 0 ? extra : 0), `s${s}`) } } },
        ]),
      );
    const full = await pageWith(sections(0));
    expect(full.status).toBe(200);
    expect((full.body.match(/<div class="text text--large" >s\d+-\d+<\/div>/g) ?? []).length).toBe(1225);

    const over = await pageWith(sections(1));
    expect(over.body).toContain('a template or section group can have at most 1250 blocks, this one has 1251');
    expect(over.body).not.toContain('>s0-1</div>');
  }, 60_000);
});

function readSection(): string {
  return readFileSync(join(BLOCKS_2025, 'sections', 'section.liquid'), 'utf8');
}
