// `PREVIEW_THEME=path npm start`: the preview serves another theme folder against the same store.
import { afterEach, describe, expect, it } from 'vitest';
import { startPreview } from '../server';
import { TEST_THEME } from '../testing';

describe('PREVIEW_THEME', () => {
  const saved = process.env['PREVIEW_THEME'];
  afterEach(() => {
    if (saved === undefined) delete process.env['PREVIEW_THEME'];
    else process.env['PREVIEW_THEME'] = saved;
  });

  it('serves the named theme folder instead of theme/', async () => {
    process.env['PREVIEW_THEME'] = TEST_THEME;
    const app = await startPreview(0);
    try {
      // Only the test theme has the alternate template page.api-echo.
      expect((await app.inject({ url: '/pages/api/echo' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves theme/ without it', async () => {
    delete process.env['PREVIEW_THEME'];
    const app = await startPreview(0);
    try {
      expect((await app.inject({ url: '/pages/api/echo' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/pages/api/menus' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
