// The shell's panels in Chromium (spec §2, §4, §9): the right-hand panels opened by click, by
// address and closed by Escape and the close control, with focus moved in and given back; the
// left menu and the search overlay; scroll locking; axe with each one open.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { animationsDone, baseUrl, expectUnsupportedColour, openPage, useBrowser, DESKTOP, PHONE } from './browser';
import { PANELS } from './routes';
import { bodyOverflow, focusInside, focusedElement, gotoAndLand, here, LANGUAGES, signIn } from './shell-helpers';

const { browser } = useBrowser();

const DIALOG = '.right-panel [role="dialog"]';

async function expectPanelOpen(page: Page, name: string): Promise<void> {
  await page.locator(`.right-panel[data-panel="${name}"] [role="dialog"]`).waitFor({ state: 'visible' });
  expect(await page.locator('.right-panel').count()).toBe(1);
  expect(new URL(page.url()).searchParams.get('rightSidebar')).toBe(name);
  // Labelled by its heading (the panel's own, or the frame's loading line until it arrives).
  const labelledBy = await page.getAttribute(DIALOG, 'aria-labelledby');
  expect(labelledBy).toBe(`right-panel-title-${name}`);
  await expect.poll(() => page.locator(`#${labelledBy}`).count()).toBe(1);
  expect(await page.getAttribute(DIALOG, 'aria-modal')).toBe('true');
  await expect.poll(() => focusInside(page, DIALOG)).toBe(true);
}

async function expectPanelClosed(page: Page): Promise<void> {
  await page.locator('.right-panel').waitFor({ state: 'detached' });
  expect(new URL(page.url()).searchParams.has('rightSidebar')).toBe(false);
}

describe('right-hand panels', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`open from the address and close with Escape, every panel, at ${viewport.width}px (${viewport.width >= 768 ? 'page scroll locked' : 'page scroll free'})`, async () => {
      expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
      const { page, context, errors } = await openPage(browser(), '/', { viewport });
      for (const name of PANELS) {
        const path = name === 'size-guide' ? '/en/products/wool-wrap-coat' : name === 'filters' ? '/collections/all' : '/en/pages/about-us';
        await page.goto(`${path}?rightSidebar=${name}`);
        await expectPanelOpen(page, name);
        // Closed before its options arrive, the filters panel would be judged on its loading line alone.
        if (name === 'filters') await page.locator('.filters-panel__swatch').first().waitFor();
        expect(await bodyOverflow(page)).toBe(viewport.width >= 768 ? 'hidden' : '');
        await page.keyboard.press('Escape');
        await expectPanelClosed(page);
        expect(here(page).startsWith(path)).toBe(true);
        expect(await bodyOverflow(page)).toBe('');
        // Opened from the address there was no opener: focus is back on the page, not lost in a removed node.
        expect(await page.evaluate(() => document.activeElement?.isConnected ?? false)).toBe(true);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('open on click from the header, keep one at a time, and give focus back to the opener', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/pages/shipping-and-returns', { viewport: DESKTOP });
    // Bag → cart panel; the close control gives focus back to the bag.
    await page.click('.site-header__bag');
    await expectPanelOpen(page, 'cart');
    expect(here(page)).toBe('/en/pages/shipping-and-returns?rightSidebar=cart');
    await page.click('.right-panel__close');
    await expectPanelClosed(page);
    expect(await focusedElement(page)).toBe('a.site-header__bag');

    // Log in → login panel; its links switch to sign-up and forgot-password in place.
    await page.click('.site-header__account');
    await expectPanelOpen(page, 'login');
    await page.locator(`${DIALOG} [data-action="signup"]`).click();
    await expectPanelOpen(page, 'signup');
    await page.locator(`${DIALOG} [data-action="login"]`).click();
    await expectPanelOpen(page, 'login');
    await page.locator(`${DIALOG} [data-action="forgot-password"]`).click();
    await expectPanelOpen(page, 'forgot-password');
    await page.locator('.right-panel[data-panel="forgot-password"] h2').waitFor();
    // Escape closes it, and focus returns to the header control that opened the first panel.
    await page.keyboard.press('Escape');
    await expectPanelClosed(page);
    expect(await focusedElement(page)).toBe('a.site-header__account');

    // The backdrop closes too.
    await page.click('.site-header__bag');
    await expectPanelOpen(page, 'cart');
    await page.mouse.click(200, 400);
    await expectPanelClosed(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opened by an address (a link from another page), hold focus on the dialog, no control ringed, and Tab goes to its first control', async () => {
    const { page, context, errors } = await openPage(browser(), '/account/wishlist', { viewport: PHONE });
    await page.waitForURL(/rightSidebar=login/);
    await expectPanelOpen(page, 'login');
    const focus = () =>
      page.evaluate(() => ({
        dialog: document.activeElement?.getAttribute('role') === 'dialog',
        ringed: document.querySelectorAll('.right-panel :focus-visible:not([role="dialog"])').length,
      }));
    await expect.poll(focus).toEqual({ dialog: true, ringed: 0 });
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('.right-panel') !== null && document.activeElement?.getAttribute('role') !== 'dialog'),
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('open the size guide by its address and the filters from their page, focus returning to the control', async () => {
    // The product page offers the size guide as a disclosure (one size guide); the panel stays
    // reachable by its address (spec §2), and Escape closes it and clears the address.
    const { page, context, errors } = await openPage(browser(), '/products/wool-wrap-coat?rightSidebar=size-guide', { viewport: PHONE });
    await expectPanelOpen(page, 'size-guide');
    await page.keyboard.press('Escape');
    await expectPanelClosed(page);
    expect(new URL(page.url()).searchParams.has('rightSidebar')).toBe(false);

    expectUnsupportedColour(); // once the catalogue has come, the filters panel lists every colour
    await page.goto('/en/collections/all');
    await page.locator('[data-action="filters"]').first().click();
    await expectPanelOpen(page, 'filters');
    await page.keyboard.press('Escape');
    await expectPanelClosed(page);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['action'])).toBe('filters');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ask for all of their code at once, opened by address or by click: none of it waits for the host', async () => {
    const meta = JSON.parse(readFileSync(resolve('.build/islands-meta.json'), 'utf8')) as {
      outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
    };
    const chunkOf = (entryPoint: string): string => basename(Object.entries(meta.outputs).find(([, output]) => output.entryPoint === entryPoint)![0]);
    const host = chunkOf('islands/shell/mount-panel-host.ts');
    const hostImports = meta.outputs[`theme/assets/${host}`]!.imports.filter((i) => i.kind === 'import-statement').map((i) => basename(i.path));
    // The host's chunk is held back until its own imports and the panel's chunk have been asked
    // for (or 10 s have passed): without the server's list of the code (snippets/island-code),
    // none of them could be, as only the host's arrival names them.
    const openHoldingHost = async (path: string, panel: string, open: (page: Page) => Promise<void>): Promise<string[]> => {
      const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
      const page = await context.newPage();
      const expected = [...hostImports, chunkOf(panel)];
      const requested = new Set<string>();
      let allRequested = (): void => {};
      const everyOne = new Promise<void>((done) => (allRequested = done));
      page.on('request', (request) => {
        requested.add(basename(new URL(request.url()).pathname));
        if (expected.every((file) => requested.has(file))) allRequested();
      });
      let missing: string[] = expected;
      await page.route(`**/assets/${host}*`, async (route) => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([everyOne, new Promise((done) => (timer = setTimeout(done, 10_000)))]);
        clearTimeout(timer);
        missing = expected.filter((file) => !requested.has(file));
        await route.continue();
      });
      await page.goto(path);
      await open(page);
      await context.close();
      return missing;
    };
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const byAddress = await openHoldingHost('/collections/all?rightSidebar=filters', 'islands/panels/filters/FiltersPanel.tsx', (page) =>
      expectPanelOpen(page, 'filters'),
    );
    expect(byAddress, 'asked for only once the host had come').toEqual([]);
    const byClick = await openHoldingHost('/en/pages/shipping-and-returns', 'islands/panels/cart/CartPanel.tsx', async (page) => {
      await page.click('.site-header__bag');
      await expectPanelOpen(page, 'cart');
    });
    expect(byClick, 'asked for only once the host had come').toEqual([]);
  });

  it('reopen after navigation: a page left with a panel open has it open again on Back', async () => {
    const { page, context } = await openPage(browser(), '/en/pages/public-offer', { viewport: DESKTOP });
    await page.click('.site-header__bag');
    await expectPanelOpen(page, 'cart');
    await page.goto('/en/pages/terms-of-use');
    expect(await page.locator('.right-panel').count()).toBe(0);
    await page.goBack();
    await expectPanelOpen(page, 'cart');
    await context.close();
  });
});

describe('left menu', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`slides out, traps focus, locks scroll and closes with Escape at ${viewport.width}px`, async () => {
      const { page, context, errors } = await openPage(browser(), '/en/pages/about-us', { viewport });
      const toggle = page.locator('.site-header__menu-toggle');
      const panel = page.locator('.left-menu__panel');
      await toggle.click();
      await panel.waitFor({ state: 'visible' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await panel.getAttribute('role')).toBe('dialog');
      expect(await bodyOverflow(page)).toBe('hidden');
      expect(await focusInside(page, '.left-menu__panel')).toBe(true);
      // Width: the whole phone, 456px from 768px up (spec §2, §9).
      await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
      const box = await panel.boundingBox();
      expect(box?.width).toBe(viewport.width >= 768 ? 456 : viewport.width);
      // Shift+Tab from the first control wraps to the last one inside the menu.
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(page, '.left-menu__panel')).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focusInside(page, '.left-menu__panel')).toBe(true);

      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.getElementById('left-menu')?.classList.contains('is-open'));
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await bodyOverflow(page)).toBe('');
      expect(await focusedElement(page)).toBe('a.site-header__menu-toggle');
      await panel.waitFor({ state: 'hidden' });

      // The close control and the backdrop close it too.
      await toggle.click();
      await page.locator('.left-menu__close').click();
      await panel.waitFor({ state: 'hidden' });
      await toggle.click();
      await panel.waitFor({ state: 'visible' });
      await page.mouse.click(viewport.width - 5, viewport.height / 2);
      if (viewport.width >= 768) await panel.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('expands entries with + / -, and points sub-links to the entry with a lower-case category, in both languages', async () => {
    const { page, context } = await openPage(browser(), '/', { viewport: PHONE });
    for (const { prefix } of LANGUAGES) {
      await page.goto(`${prefix}/pages/contacts`);
      await page.click('.site-header__menu-toggle');
      // The menu's code may load on this very click (idle or first input): until it has, the
      // toggles are the server's (hidden, every list shown as without JavaScript).
      await page.waitForFunction(() => document.getElementById('left-menu')?.classList.contains('is-open'));
      const toggle = page.locator('#left-menu button[data-submenu-toggle]').first();
      const list = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await list.isVisible()).toBe(false);
      // Its name says which entry it opens.
      expect(await toggle.innerText()).toContain(prefix ? 'Clothing' : 'Одяг');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await list.isVisible()).toBe(true);
      // Category codes are the catalogue's product types whatever the menu's language.
      const hrefs = await list.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs[0]).toBe(`${prefix}/collections/all?category=coats`);
      expect(hrefs).toContain(`${prefix}/collections/all?category=sportswear`);
      await toggle.click();
      expect(await list.isVisible()).toBe(false);
      // Sub-links with a URL of their own (the collections) keep it.
      const second = page.locator('#left-menu button[data-submenu-toggle]').nth(1);
      const own = await page
        .locator(`#${await second.getAttribute('aria-controls')} a`)
        .first()
        .getAttribute('href');
      expect(own).toBe(`${prefix}/collections/coats-and-jackets`);
      await page.keyboard.press('Escape');
    }
    await context.close();
  });

  it('shows phone-only entries on phones, and account links to a signed-in customer', async () => {
    const phone = await openPage(browser(), '/en/pages/about-us', { viewport: PHONE });
    await phone.page.click('.site-header__menu-toggle');
    // The menu's code comes with this first tap (it is not loaded on idle): it opens once that arrives.
    await phone.page.locator('.left-menu__search').waitFor({ state: 'visible' });
    expect(await phone.page.locator('.left-menu__login').innerText()).toMatch(/log in \/ sign up/i);
    // The login link opens the login panel, which takes the menu's place.
    await phone.page.click('.left-menu__login');
    await phone.page.locator('.right-panel[data-panel="login"]').waitFor();
    expect(await phone.page.locator('#left-menu').getAttribute('class')).not.toContain('is-open');
    await phone.context.close();

    const desktop = await openPage(browser(), '/en/pages/about-us', { viewport: DESKTOP });
    await desktop.page.click('.site-header__menu-toggle');
    expect(await desktop.page.locator('.left-menu__search').isVisible()).toBe(false);
    expect(await desktop.page.locator('.left-menu__login').isVisible()).toBe(false);
    await desktop.context.close();

    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl() });
    await signIn(context);
    const page = await context.newPage();
    await page.goto('/pages/about-us');
    await page.click('.site-header__menu-toggle');
    await page.locator('.left-menu__greeting').waitFor({ state: 'visible' });
    expect(await page.locator('.left-menu__greeting').innerText()).toMatch(/Олена/i);
    const account = await page.locator('.left-menu__account a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // Addresses that exist on the platform: /account is the orders page, the rest are ?view= alternates.
    expect(account).toEqual(['/account', '/account?view=wishlist', '/account/addresses', '/account?view=personal-details']);
    expect(await page.locator('.left-menu__login').count()).toBe(0);
    await context.close();
  });
});

describe('search overlay', () => {
  it('opens from the header, focuses the box, hides with Hide or Escape, and searches with Enter', async () => {
    const { page, context, errors } = await openPage(browser(), '/en/pages/contacts', { viewport: DESKTOP });
    const overlay = page.locator('#search-overlay');
    await page.click('.site-header__search');
    await overlay.waitFor({ state: 'visible' });
    // The overlay's code comes with this first click (it is not loaded on idle): once it has
    // started, the opener says the overlay is expanded.
    await expect.poll(() => page.getAttribute('.site-header__search', 'aria-expanded')).toBe('true');
    expect(await overlay.getAttribute('role')).toBe('dialog');
    expect(await focusedElement(page)).toBe('input#search-overlay-q.search-overlay__input');
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toBe('a.site-header__search');

    await page.click('.site-header__search');
    await page.click('[data-search-hide]');
    await overlay.waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toBe('a.site-header__search');

    await page.click('.site-header__search');
    await page.keyboard.type('wool coat');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/collections\/all\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('wool coat');
    expect(url.searchParams.get('type')).toBe('product');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens from the left menu on phones; the menu gives way and focus returns to the menu button', async () => {
    const { page, context } = await openPage(browser(), '/', { viewport: PHONE });
    await page.click('.site-header__menu-toggle');
    await page.click('.left-menu__search');
    await page.locator('#search-overlay').waitFor({ state: 'visible' });
    expect(await page.locator('#left-menu').getAttribute('class')).not.toContain('is-open');
    expect(await focusedElement(page)).toBe('input#search-overlay-q.search-overlay__input');
    await page.keyboard.press('Escape');
    await page.locator('#search-overlay').waitFor({ state: 'hidden' });
    expect(await focusedElement(page)).toBe('a.site-header__menu-toggle');
    await context.close();
  });
});

describe('axe with each panel and overlay open', () => {
  it('finds no violations with the left menu, the search and each right-hand panel open, in both languages', async () => {
    expectUnsupportedColour(); // the filters panel lists every colour of the catalogue
    const { page, context } = await openPage(browser(), '/', { viewport: DESKTOP });
    const found: string[] = [];
    for (const { prefix } of LANGUAGES) {
      await page.goto(`${prefix}/pages/about-us`);
      await page.click('.site-header__menu-toggle');
      await page.locator('.left-menu__panel').waitFor({ state: 'visible' });
      await animationsDone(page); // the slide-in, so colours are judged where they end
      for (const v of await axeViolations(page)) found.push(`${prefix} left menu: ${v}`);
      await page.keyboard.press('Escape');
      await page.click('.site-header__search');
      for (const v of await axeViolations(page)) found.push(`${prefix} search: ${v}`);
      await page.keyboard.press('Escape');
      for (const name of PANELS) {
        const path =
          name === 'size-guide' ? `${prefix}/products/wool-wrap-coat` : name === 'filters' ? `${prefix}/collections/all` : `${prefix}/pages/about-us`;
        await gotoAndLand(page, `${path}?rightSidebar=${name}`, `${path}?rightSidebar=${name}`);
        await expectPanelOpen(page, name);
        await page.waitForLoadState('networkidle');
        await animationsDone(page); // the slide-in animation
        for (const v of await axeViolations(page)) found.push(`${prefix} ${name}: ${v}`);
      }
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
