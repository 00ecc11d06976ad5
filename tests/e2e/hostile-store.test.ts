// Spec standards: merchant text and server messages that carry script payloads never run, and
// every page still renders. The store is the fixtures with payloads in every editable text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { createHostileStore } from '../support/hostile-store';
import { expectBrowserProblems, signIn, useBrowser, DESKTOP } from './browser';
import { CUSTOMER_ROUTES, GUEST_ROUTES, PANELS, inEnglish } from './routes';

const { browser } = useBrowser();
let app: FastifyInstance;
let origin = '';

beforeAll(async () => {
  app = await createPreview({ storeDir: createHostileStore() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
});

async function pwned(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __pwned?: unknown }).__pwned));
}

describe('a hostile store', () => {
  it('runs no payload on any page, in either language, with any panel open, as guest and customer', async () => {
    // The hostile store links to a product and a page named x that it does not have, and its
    // products' variants are not in the cart's catalogue: the platform answers 404 to both.
    expectBrowserProblems(/^HTTP 404: (GET \S+\/(products|pages)\/x|POST \S+\/cart\/add\.js)$/, /^console\.error: Failed to load resource: .* 404 .*(\/(products|pages)\/x|\/cart\/add\.js)\)$/);
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const visit = async (path: string) => {
      const response = await page.goto(path, { waitUntil: 'load' });
      expect(response?.status(), path).toBeLessThan(500);
      expect(await page.locator('main h1, main h2').count(), `${path} has a heading`).toBeGreaterThan(0);
      // Idle-time upgrades (sanitised rich text) must have run before we look for a payload.
      await page.waitForFunction(() => [...document.querySelectorAll('[data-island="rich-text"]')].every((el) => el.hasAttribute('data-island-mounted')));
      expect(await pwned(page), `payload ran on ${path}`).toBe(false);
    };
    for (const path of GUEST_ROUTES) {
      await visit(path);
      await visit(inEnglish(path));
    }
    for (const panel of PANELS) {
      await visit(`/products/wool-wrap-coat?rightSidebar=${panel}`);
    }
    // Server error messages carry the product name: a sold-out add answers with it.
    await page.goto('/products/floral-maxi-dress');
    await page.evaluate(async () => {
      await fetch('/cart/add.js', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ id: 1, quantity: 1 }] }) });
    });
    await signIn(context);
    for (const path of CUSTOMER_ROUTES) {
      await visit(path);
      await visit(inEnglish(path));
    }
    expect(dialogs).toEqual([]);
    await context.close();
  }, 180_000);
});
