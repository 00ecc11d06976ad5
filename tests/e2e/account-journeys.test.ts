// The legacy account pages as careful and careless shoppers meet them (issue 17, items 4, 6, 8):
// every order of a customer with more than one page of them, Back after signing out, a saved
// address said so, and a used password-reset link. A preview of its own: Olena has 25 orders here,
// and reset links are read from its developer log.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import { createPreview } from '../../preview/server';
import { signIn, startIsland, useBrowser, DESKTOP, PHONE } from './browser';
import { listenOnLoopback } from '../../preview/testing';

const { browser } = useBrowser();
const logs: string[] = [];
let app: FastifyInstance;
let origin = '';

/** The fixture store with Olena's ten orders copied up to 25 (three pages' worth at 20 a page… two). */
function storeWith25Orders(): string {
  const fixtures = resolve('preview/fixtures');
  const dir = mkdtempSync(join(tmpdir(), 'orders-25-'));
  for (const file of ['shop.json', 'products.json', 'collections.json', 'menus.json', 'pages.json', 'metafield-definitions.json'])
    writeFileSync(join(dir, file), readFileSync(join(fixtures, file)));
  symlinkSync(join(fixtures, 'images'), join(dir, 'images'), 'dir');
  const customers = JSON.parse(readFileSync(join(fixtures, 'customers.json'), 'utf8')) as { email: string; orders: Record<string, unknown>[] }[];
  const olena = customers.find((c) => c.email === 'olena@example.com')!;
  const extra = Array.from({ length: 15 }, (_, i) => {
    const copy = structuredClone(olena.orders[i % olena.orders.length]!) as Record<string, unknown> & { line_items: { id: number }[] };
    const number = 2001 + i;
    copy['id'] = 3_000_002_000 + i;
    copy['name'] = `#${number}`;
    copy['order_number'] = number;
    copy['created_at'] = `2025-0${1 + (i % 9)}-1${i % 10}T10:00:00Z`;
    copy.line_items = copy.line_items.map((line, j) => ({ ...line, id: 3_100_002_000 + i * 10 + j }));
    return copy;
  });
  olena.orders = [...olena.orders, ...extra];
  writeFileSync(join(dir, 'customers.json'), JSON.stringify(customers));
  return dir;
}

let storeDir = '';
beforeAll(async () => {
  storeDir = storeWith25Orders();
  app = await createPreview({ storeDir, log: (line) => logs.push(line) });
  origin = await listenOnLoopback(app);
});
afterAll(async () => {
  await app?.close();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

async function signedInPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport, baseURL: origin });
  await signIn(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const ordersReady = async (page: Page) => {
  // The orders' code loads on the shopper's first input: start it as a first touch does.
  await startIsland(page, 'account-orders');
  await page.locator('.orders__spinner').waitFor({ state: 'detached' });
};

describe('orders beyond one page (item 4)', () => {
  for (const path of ['/account/orders?page=2', '/en/account/orders']) {
    it(`shows all 25 orders with JavaScript, starting from ${path}`, async () => {
      const { context, page, errors } = await signedInPage();
      await page.goto(path);
      await ordersReady(page);
      await expect.poll(() => page.locator('.orders__list > li').count()).toBe(25);
      expect(await page.locator('.orders__pagination').count()).toBe(0);
      const names = await page.locator('.orders__list > li').allInnerTexts();
      expect(names.filter((text) => text.includes('#2015')).length).toBe(1);
      expect(names.filter((text) => text.includes('#1001')).length).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('pages the orders without JavaScript (20, then 5)', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: origin, javaScriptEnabled: false });
    await signIn(context);
    const page = await context.newPage();
    await page.goto('/account/orders');
    expect(await page.locator('.orders__list > li').count()).toBe(20);
    await page.locator('.orders__pagination a', { hasText: '2' }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator('.orders__list > li').count()).toBe(5);
    await context.close();
  });
});

describe('Back after signing out (item 6)', () => {
  it('asks the server again, which sends the guest to sign in instead of showing the orders', async () => {
    const { context, page, errors } = await signedInPage(PHONE);
    const first = await page.goto('/account/orders');
    expect(first?.headers()['cache-control']).toContain('no-store');
    await ordersReady(page);
    expect(await page.locator('.orders__list > li').count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(`${origin}/`), page.locator('.account-nav a[href$="/account/logout"]').click()]);
    await page.goBack();
    // The server answers /account/login for a guest, which the shell turns into the login panel.
    await page.waitForURL(/rightSidebar=login|\/account\/login/);
    expect(await page.locator('.orders__list').count()).toBe(0);
    expect(await page.content()).not.toContain('#1010');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Back after signing out, on any page', () => {
  it('shows the page as a guest sees it: no greeting and no hearts from the customer’s wishlist', async () => {
    const { context, page, errors } = await signedInPage();
    await page.goto('/products/teddy-coat');
    const greeting = page.locator('.site-header__account');
    expect(await greeting.innerText()).toBe('Привіт, Олена');
    const heart = page.locator('main .wishlist-toggle__control').first();
    await heart.click();
    await page.locator('main .wishlist-toggle__control.is-active').first().waitFor();
    await Promise.all([page.waitForURL(`${origin}/`), page.goto('/account/logout')]);
    // The browser shows its copy of the page drawn for Olena (its HTTP cache answers Back without
    // asking the server); the page asks for itself again, drawn for a guest.
    await page.goBack();
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type === 'reload');
    await page.locator('.site-header').waitFor();
    expect(await greeting.innerText()).toBe('Увійти');
    expect(await page.locator('.wishlist-toggle__control.is-active').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('smaller account defects (item 8)', () => {
  it('says the address was saved (uk and en)', async () => {
    const { context, page } = await signedInPage(PHONE);
    for (const [path, saved] of [
      ['/account/addresses', 'Адресу збережено.'],
      ['/en/account/addresses', 'Your address has been saved.'],
    ] as const) {
      await page.goto(path);
      expect(await page.locator('.address-form [role="status"]').innerText()).toBe('');
      await page.fill('#AddressCity', `Львів ${path.length}`);
      await Promise.all([page.waitForURL(new RegExp(`${path}$`)), page.getByRole('button', { name: /Зберегти|Save changes/ }).click()]);
      expect(await page.locator('.address-form [role="status"]').innerText()).toBe(saved);
      expect(await page.inputValue('#AddressCity')).toBe(`Львів ${path.length}`);
      // Said once: the next visit is quiet.
      await page.reload();
      expect(await page.locator('.address-form [role="status"]').innerText()).toBe('');
    }
    await context.close();
  });

  it('sends a used password-reset link away instead of showing a form that cannot work', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: origin });
    await context.request.post('/account/recover', { form: { form_type: 'recover_customer_password', email: 'maria@example.com' } });
    const link = new URL(/(http\S+)/.exec(logs.at(-1) ?? '')?.[1] ?? 'http://x/none').pathname;
    const page = await context.newPage();
    await page.goto(link);
    await startIsland(page, 'new-password');
    await page.fill('#NewPassword', 'Kyiv-Spring-2026#');
    await page.fill('#NewPasswordConfirmation', 'Kyiv-Spring-2026#');
    await Promise.all([page.waitForURL(/recovered=true/), page.getByRole('button', { name: 'Встановити пароль' }).click()]);
    expect(await page.locator('h1').innerText()).toBe('Новий пароль встановлено!');

    const again = await context.newPage();
    await again.goto(link);
    expect(new URL(again.url()).pathname).toBe('/');
    expect(await again.locator('#NewPassword').count()).toBe(0);
    await context.close();
  });
});
