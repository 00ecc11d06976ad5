// Every page reads and navigates without JavaScript: a heading, main content and links.
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, useBrowser, PHONE } from './browser';
import { CUSTOMER_ROUTES, GUEST_ROUTES, inEnglish } from './routes';

const { browser } = useBrowser();

describe('without JavaScript', () => {
  it('every route shows its heading, main content and links, in both languages', async () => {
    const context = await browser().newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    await signIn(context);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of [...GUEST_ROUTES, ...CUSTOMER_ROUTES].flatMap((p) => [p, inEnglish(p)])) {
      const response = await page.goto(path, { waitUntil: 'load' });
      if ((response?.status() ?? 500) >= 400) problems.push(`${path}: HTTP ${response?.status()}`);
      const heading = (
        await page
          .locator('main h1')
          .first()
          .textContent()
          .catch(() => null)
      )?.trim();
      if (!heading) problems.push(`${path}: no visible h1 in main`);
      const mainText = (await page.locator('main').innerText()).trim();
      if (mainText.length < 20) problems.push(`${path}: main has almost no text`);
      const links = await page.locator('header a[href], footer a[href]').count();
      if (links < 5) problems.push(`${path}: only ${links} navigation links`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
