// The byte budget of ARCHITECTURE.md: at most 15 KB (minified, gzip) of JavaScript at start on
// every template. Bytes are deterministic, so this is asserted; times are only printed by bench.
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
// @ts-expect-error: a plain ES module shared with the bench runner, which runs without a TS loader.
import { CUSTOMER_TEMPLATE_PAGES, DEMO_SIGN_IN, STARTUP_JS_BUDGET, TEMPLATE_PAGES, sessionCookie, startupJs } from '../budget/startup-js.mjs';

describe('start-up JavaScript budget', () => {
  for (const [template, path] of TEMPLATE_PAGES as [string, string][]) {
    it(`${template} loads at most 15 KB of JavaScript at start`, async () => {
      const response = await fetch(`${baseUrl()}${path}`);
      const { files, bytes } = startupJs(await response.text()) as { files: string[]; bytes: number };
      expect(files.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(STARTUP_JS_BUDGET);
    });
  }

  it('account templates (signed in) load at most 15 KB of JavaScript at start', async () => {
    const login = await fetch(`${baseUrl()}/account/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: DEMO_SIGN_IN, redirect: 'manual' });
    const cookie = sessionCookie(login.headers.getSetCookie()) as string;
    expect(cookie).not.toBe('');
    for (const [template, path] of CUSTOMER_TEMPLATE_PAGES as [string, string][]) {
      const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie }, redirect: 'manual' });
      expect(response.status, template).toBe(200);
      const { bytes } = startupJs(await response.text()) as { bytes: number };
      expect(bytes, template).toBeLessThanOrEqual(STARTUP_JS_BUDGET);
    }
  });
});
