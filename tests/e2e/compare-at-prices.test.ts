// Issue 18: compare-at prices show wherever the store has them, struck through and read as
// "was …, now …", in both languages: on the sale collection's cards, on cards the product list
// draws in the browser (its card template), on the product page, in the bag and on the cart page
// without JavaScript. What the store has is read from the fixtures, not from the theme.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage, useBrowser } from './browser';
import { COLLECTIONS, PRODUCTS, text, waitForList } from './catalogue-fixtures';

const { browser } = useBrowser();

type Variant = { id: number; price: Record<string, number>; compare_at_price?: Record<string, number> | null };
const variantsOf = (handle: string): Variant[] => (PRODUCTS.find((p) => p.handle === handle) as unknown as { variants: Variant[] }).variants;
/** The fixture's reduced products: a compare-at price above the price (the card reads the first variant's). */
const REDUCED = PRODUCTS.filter((p) => {
  const first = variantsOf(p.handle)[0]!;
  return (first.compare_at_price?.['UAH'] ?? 0) > first.price['UAH']!;
});
const SALE = COLLECTIONS.find((c) => c.handle === 'sale')!;
const money = (minor: number): string => `${String(Math.round(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} UAH`;
const WORDS = { uk: ['Було', 'зараз'], en: ['Was', 'now'] } as const;
const reading = (lang: 'uk' | 'en', was: number, now: number): string => `${WORDS[lang][0]} ${money(was)}, ${WORDS[lang][1]} ${money(now)}`;

/** Console errors and failed requests, which no step here expects. */
function watchProblems(page: Page, options: { javaScript: boolean } = { javaScript: true }): string[] {
  const problems: string[] = [];
  // With JavaScript off Chromium refuses the page's module scripts and preloads ('csp'): expected.
  const refused = (errorText: string | undefined) => errorText === 'net::ERR_ABORTED' || (!options.javaScript && errorText === 'csp');
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // A request the page's own navigation cancels (modulepreloads still in flight) is not a failure.
  page.on('requestfailed', (r) => !refused(r.failure()?.errorText) && problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  return problems;
}

/** Each card's name and its price block read as a screen reader does (whitespace folded). */
async function cardPrices(page: Page): Promise<{ name: string; price: string; struck: boolean; badges: string[]; drawnHere: boolean }[]> {
  return page.$$eval('[data-catalogue-grid] .product-card', (cards) =>
    cards.map((card) => {
      const compare = card.querySelector('.price__compare');
      return {
        name: (card.querySelector('.product-card__title')?.textContent ?? '').trim(),
        price: (card.querySelector('.product-card__price')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        struck: compare !== null && getComputedStyle(compare).textDecorationLine.includes('line-through'),
        badges: Array.from(card.querySelectorAll('.badge'), (b) => (b.textContent ?? '').trim()),
        // A card the server drew carries its wishlist island; one filled from the template does not.
        drawnHere: card.querySelector('[data-island="wishlist-toggle"]') === null,
      };
    }),
  );
}

describe('compare-at prices (issue 18)', () => {
  it('uk: on a phone no badge runs under the wishlist heart, however long its word ("Передзамовлення")', async () => {
    const { page, context } = await openPage(browser(), '/', { viewport: PHONE });
    const overlaps = await page.$$eval('.product-card', (cards) =>
      cards.flatMap((card) => {
        const heart = card.querySelector('.wishlist-toggle__control')?.getBoundingClientRect();
        if (!heart) return [];
        return [...card.querySelectorAll('.product-card__badges .badge')]
          .map((badge) => ({ text: badge.textContent ?? '', box: badge.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.left < heart.right && heart.left < box.right && box.top < heart.bottom && heart.top < box.bottom)
          .map(({ text }) => text);
      }),
    );
    expect(await page.locator('.product-card .badge--preorder').count()).toBeGreaterThan(0);
    expect(overlaps).toEqual([]);
    await context.close();
  });

  it('the fixture store has nine reduced products, all in the sale collection', () => {
    expect(REDUCED).toHaveLength(9);
    expect(REDUCED.map((p) => p.handle).sort()).toEqual([...SALE.products].sort());
  });

  for (const [lang, viewport] of [
    ['uk', PHONE],
    ['en', DESKTOP],
  ] as const) {
    const prefix = lang === 'en' ? '/en' : '';
    const expected = new Map(
      REDUCED.map((p) => [text(p.title, lang), reading(lang, variantsOf(p.handle)[0]!.compare_at_price!['UAH']!, variantsOf(p.handle)[0]!.price['UAH']!)]),
    );
    const sale = lang === 'uk' ? 'Знижка' : 'Sale';

    it(`${lang}: every card of the sale collection strikes through its compare-at price and carries the sale badge`, async () => {
      const { page, context } = await openPage(browser(), `${prefix}/collections/sale`, { viewport });
      const problems = watchProblems(page);
      const cards = await cardPrices(page);
      expect(cards).toHaveLength(9);
      for (const card of cards) {
        expect(card.price).toBe(expected.get(card.name));
        expect(card.struck).toBe(true);
        expect(card.badges).toContain(sale);
      }
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`${lang}: over the whole catalogue, cards the server drew and cards the list drew show compare-at prices for exactly the reduced products`, async () => {
      const { page, context } = await openPage(browser(), `${prefix}/collections/all?sort=price_low_to_high`, { viewport });
      const problems = watchProblems(page);
      await waitForList(page);
      // Scrolling draws the rest, a batch at a time, until every product has its card.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
            return page.locator('[data-catalogue-grid] > li').count();
          },
          { timeout: 60_000, interval: 250 },
        )
        .toBe(PRODUCTS.length);
      const cards = await cardPrices(page);
      const reduced = cards.filter((c) => c.price.startsWith(WORDS[lang][0]));
      expect(reduced.map((c) => c.name).sort()).toEqual([...expected.keys()].sort());
      for (const card of reduced) {
        expect(card.price).toBe(expected.get(card.name));
        expect(card.struck).toBe(true);
        expect(card.badges).toContain(sale);
      }
      // Both kinds of card took part: the sort brought reduced products the server had not drawn.
      expect(reduced.some((c) => c.drawnHere)).toBe(true);
      expect(reduced.some((c) => !c.drawnHere)).toBe(true);
      for (const card of cards.filter((c) => !expected.has(c.name))) expect(card.badges).not.toContain(sale);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`${lang}: the product page, the bag and the cart page without JavaScript strike through the compare-at price`, async () => {
      const variant = variantsOf('teddy-coat')[0]!;
      const { page, context } = await openPage(browser(), `${prefix}/products/teddy-coat`, { viewport });
      const problems = watchProblems(page);
      const readPrice = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
      expect(await readPrice('.product__price')).toBe(reading(lang, variant.compare_at_price!['UAH']!, variant.price['UAH']!));
      expect(await page.locator('.product__price .price__compare').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');

      const added = await page.evaluate(
        async ([root, id]) =>
          (
            await fetch(`${root}/cart/add.js`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ items: [{ id, quantity: 2 }] }),
            })
          ).status,
        [prefix, variant.id] as const,
      );
      expect(added).toBe(200);
      await page.goto(`${prefix}/collections/sale?rightSidebar=cart`);
      const line = page.locator('.cart-line__price').first();
      await line.locator('.price__compare').waitFor({ timeout: 30_000 });
      expect(await readPrice('.cart-line__price')).toBe(reading(lang, 2 * variant.compare_at_price!['UAH']!, 2 * variant.price['UAH']!));

      // The same bag without JavaScript: the platform's cart page.
      const plain = await browser().newContext({ viewport, javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
      await plain.addCookies(await context.cookies());
      const cartPage = await plain.newPage();
      const plainProblems = watchProblems(cartPage, { javaScript: false });
      await cartPage.goto(`${prefix}/cart`);
      expect(
        await cartPage
          .locator('.cart-line__price')
          .first()
          .evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ).toBe(reading(lang, 2 * variant.compare_at_price!['UAH']!, 2 * variant.price['UAH']!));
      expect([...problems, ...plainProblems]).toEqual([]);
      await plain.close();
      await context.close();
    });
  }
});
