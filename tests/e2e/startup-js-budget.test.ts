// The byte budget of ARCHITECTURE.md, measured as the shopper pays it: every script a page loads
// with no input at all (module entries, their chunks, idle and visible islands) until the network
// is quiet, in Chromium, at most 12 KB gzip on every template. Bytes are deterministic, so they
// are asserted; times are only printed by the bench (npm run bench -- startup-js).
import { describe, expect, it } from 'vitest';
import { createPreview } from '../../preview/server';
import { listenOnLoopback } from '../../preview/testing';
import { baseUrl, expectNotFound, signIn, useBrowser } from './browser';
// @ts-expect-error: plain ES modules shared with the bench runner, which runs without a TS loader.
import { CUSTOMER_TEMPLATE_PAGES, RESET_TEMPLATE, STARTUP_JS_BUDGET, TEMPLATE_PAGES, freshResetPath } from '../budget/startup-js.mjs';
// @ts-expect-error: as above.
import { measurePageJs } from '../budget/page-js.mjs';

type Measured = { bytes: number; requests: number; scripts: { url: string; bytes: number }[]; redirect: { url: string; bytes: number } | null };

const { browser } = useBrowser();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('JavaScript a page loads with no input', () => {
  for (const [template, path] of TEMPLATE_PAGES as [string, string][]) {
    it(`${template} (${path}) loads at most 12 KB gzip`, async () => {
      if (template === '404') expectNotFound(path);
      const measured = (await measurePageJs(browser(), baseUrl(), path)) as Measured;
      // Spec §2: /cart, /account/login and /account/register send the shopper on to the panel they
      // asked for (?rightSidebar=…): the template is counted up to there, and the open panel is
      // what the shopper's request adds (the bench prints it beside the first interaction).
      if (['cart', 'customers/login', 'customers/register'].includes(template)) expect(measured.redirect?.url).toMatch(/[?&]rightSidebar=/);
      else expect(measured.redirect, `${template} stays on its page`).toBeNull();
      expect(measured.requests, 'the page loads its scripts').toBeGreaterThan(0);
      expect(measured.bytes, `${kb(measured.bytes)} in ${measured.scripts.map((s) => s.url.split('/').pop()).join(', ')}`).toBeLessThanOrEqual(
        STARTUP_JS_BUDGET,
      );
    });
  }

  it(`${RESET_TEMPLATE} (a live reset link) loads at most 12 KB gzip`, async () => {
    // Its own preview, whose log carries the link the e-mail would.
    const logs: string[] = [];
    const app = await createPreview({ log: (line) => logs.push(line) });
    try {
      const origin = await listenOnLoopback(app);
      const measured = (await measurePageJs(browser(), origin, await freshResetPath(app, logs))) as Measured;
      expect(measured.redirect, `${RESET_TEMPLATE} stays on its page`).toBeNull();
      expect(measured.bytes, `${kb(measured.bytes)} in ${measured.scripts.map((s) => s.url.split('/').pop()).join(', ')}`).toBeLessThanOrEqual(
        STARTUP_JS_BUDGET,
      );
    } finally {
      await app.close();
    }
  });

  it('account templates (signed in) load at most 12 KB gzip each', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await signIn(context);
    const cookies = await context.cookies();
    await context.close();
    for (const [template, path] of CUSTOMER_TEMPLATE_PAGES as [string, string][]) {
      const measured = (await measurePageJs(browser(), baseUrl(), path, { cookies })) as Measured;
      expect(measured.redirect, `${template} stays on its page`).toBeNull();
      expect(measured.bytes, `${template}: ${kb(measured.bytes)}`).toBeLessThanOrEqual(STARTUP_JS_BUDGET);
    }
  });

  it('counts what islands load by themselves, not only what the HTML names', async () => {
    // An address that opens the left menu (#left-menu) loads the menu's code at once, with no
    // input, through an import the HTML does not name: it must be counted.
    const measured = (await measurePageJs(browser(), baseUrl(), '/pages/contacts#left-menu')) as Measured;
    // The code an island loads when it starts is listed in an inert template, not loaded: not named.
    const html = (await (await fetch(`${baseUrl()}/pages/contacts`)).text()).replace(/<template data-island-code[\s\S]*?<\/template>/g, '');
    const named = new Set([...html.matchAll(/\/assets\/([\w-]+\.js)/g)].map((m) => m[1]));
    expect(measured.scripts.some((s) => !named.has(s.url.split('/').pop()!))).toBe(true);
  });
});
