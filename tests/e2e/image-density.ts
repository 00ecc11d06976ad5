// Issue 18's check of how every page is drawn, at 375, 768, 1024 and 1440 px, in both languages,
// as a guest and signed in, on a 2× screen, and every guest page again on a 3× phone for its
// images (each route in one language there, alternating):
// - no image is drawn wider than its file at the screen's density: the file the browser chose
//   from the srcset has at least density × as many pixels across as the image's content is drawn
//   in CSS pixels (a cover-cropped image is drawn wider than its box, so that wider width counts);
// - an image's `sizes` says how wide it is drawn: the width the browser reads from it (for the
//   <source> it used, in a <picture>) is within 4% (and 2px) of the image's box, so it neither
//   picks too small a file nor fetches a much larger one than it shows;
// - no text overflows its box: an element with text of its own is not wider inside
//   (scrollWidth) than its box (clientWidth), and an input's placeholder fits inside it.
// Every route of tests/e2e/routes.ts is visited; lazy images are made eager so each is loaded.
// The widths are split over two test files (image-density-narrow, image-density-wide) so the
// two browser workers share them.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, signIn, useBrowser } from './browser';
import { CUSTOMER_ROUTES, GUEST_ROUTES, inEnglish } from './routes';

export const WIDTHS = [
  { viewport: { width: 375, height: 812 }, text: true },
  { viewport: { width: 768, height: 1024 }, text: true },
  { viewport: { width: 1024, height: 768 }, text: true },
  { viewport: { width: 1440, height: 900 }, text: true },
];
const DENSITY = 2;
/** A 3× phone draws a full-width picture 1125 device pixels wide: every guest page again there. */
export const PHONE_3X = { viewport: { width: 375, height: 812 }, density: 3, text: false };

interface Problem {
  kind: 'image' | 'sizes' | 'text' | 'placeholder';
  what: string;
  detail: string;
}

/** Runs in the page: every image drawn too wide for its file, every text wider than its box. */
async function measure({ density, text }: { density: number; text: boolean }): Promise<Problem[]> {
  const problems: Problem[] = [];
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${id}${cls}`;
  };
  const shown = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && el.closest('[hidden], [inert]') === null;
  };

  // A probe's size is known once it has loaded; decoding its pixels would only cost time.
  const loaded = (probe: HTMLImageElement): Promise<unknown> =>
    probe.complete ? Promise.resolve() : new Promise((done) => ['load', 'error'].forEach((type) => probe.addEventListener(type, done, { once: true })));
  // With a srcset, naturalWidth is divided by the density the browser picked (and rounded): the
  // file's own size is what a plain image of the same address reports.
  const fileSize = async (src: string): Promise<{ width: number; height: number }> => {
    const probe = new Image();
    probe.src = src;
    await loaded(probe);
    return { width: probe.naturalWidth, height: probe.naturalHeight };
  };
  // The width the browser reads from an image's `sizes` (or its <picture>'s chosen <source>'s):
  // a probe offering this file as 1w is drawn at a density of 1 / that width, so its natural
  // width is the file's width times it. Null for an image without `sizes`.
  const sizesWidth = async (img: HTMLImageElement, file: number): Promise<number | null> => {
    const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : null;
    const source = picture ? Array.from(picture.querySelectorAll('source')).find((s) => !s.media || matchMedia(s.media).matches) : undefined;
    const sizes = (source ?? img).getAttribute('sizes');
    if (!sizes || !file) return null;
    const probe = new Image();
    probe.sizes = sizes;
    probe.srcset = `${img.currentSrc} 1w`;
    await loaded(probe);
    return probe.naturalWidth ? Math.round(probe.naturalWidth / file) : null;
  };
  for (const img of Array.from(document.images)) {
    // An inline data: image is a placeholder drawn by CSS, not a picture from the store.
    if (!shown(img) || !img.naturalWidth || /\.svg(\?|$)/.test(img.currentSrc) || img.currentSrc.startsWith('data:')) continue;
    const style = getComputedStyle(img);
    // A blurred backdrop is meant to be soft: its resolution is not seen.
    if (/blur\(/.test(style.filter)) continue;
    const box = img.getBoundingClientRect();
    const { width: file, height: fileHeight } = await fileSize(img.currentSrc);
    const ratio = file / fileHeight;
    const drawn =
      style.objectFit === 'cover'
        ? Math.max(box.width, box.height * ratio)
        : style.objectFit === 'contain'
          ? Math.min(box.width, box.height * ratio)
          : box.width;
    if (file + 1 < drawn * density) {
      problems.push({
        kind: 'image',
        what: `${describe(img)} ${img.currentSrc.replace(location.origin, '')}`,
        detail: `file ${file}px wide, drawn ${Math.round(drawn)}px (needs ${Math.ceil(drawn * density)})`,
      });
    }
    const slot = await sizesWidth(img, file);
    if (slot !== null && (slot < box.width - 2 || slot > box.width * 1.04 + 2)) {
      problems.push({
        kind: 'sizes',
        what: `${describe(img)} ${img.currentSrc.replace(location.origin, '')}`,
        detail: `sizes gives ${slot}px, drawn in a ${Math.round(box.width)}px box`,
      });
    }
  }

  if (!text) return problems;
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (el instanceof HTMLScriptElement || el instanceof HTMLStyleElement || el instanceof SVGElement || el instanceof HTMLSelectElement) continue;
    const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    if (!ownText || !shown(el)) continue;
    const style = getComputedStyle(el);
    // Inline boxes have no client width; a deliberate ellipsis is a designed cut; a clipped
    // visually-hidden label is meant not to be seen.
    if (style.display === 'inline' || style.textOverflow === 'ellipsis' || style.clip !== 'auto' || style.clipPath !== 'none') continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push({
        kind: 'text',
        what: describe(el),
        detail: `"${(el.textContent ?? '').trim().slice(0, 40)}" is ${el.scrollWidth}px in a ${el.clientWidth}px box`,
      });
    }
  }

  // A placeholder is measured in a span of the input's own font (a canvas would not parse
  // every font-family list the page uses).
  const ruler = document.body.appendChild(document.createElement('span'));
  ruler.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-9999px;top:0';
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
    if (!input.placeholder || !shown(input) || input.value) continue;
    const style = getComputedStyle(input);
    for (const property of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing', 'textTransform'] as const)
      ruler.style[property] = style[property];
    ruler.textContent = input.placeholder;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const needed = ruler.getBoundingClientRect().width;
    if (needed > room + 1)
      problems.push({ kind: 'placeholder', what: describe(input), detail: `"${input.placeholder}" needs ${Math.ceil(needed)}px, has ${Math.floor(room)}px` });
  }
  ruler.remove();
  return problems;
}

/** Loads every image now (lazy ones too), waits for fonts and for every file to arrive, then measures. */
async function problemsOn(page: Page, path: string, density: number, text: boolean): Promise<string[]> {
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status(), path).toBeLessThan(400);
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await document.fonts.ready;
    // Loaded is enough: the browser has chosen each file and knows its size (no pixels needed).
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? Promise.resolve() : new Promise((done) => ['load', 'error'].forEach((type) => img.addEventListener(type, done, { once: true }))),
      ),
    );
  });
  // The search overlay is drawn closed: shown here, its field is measured as a shopper meets it.
  await page.evaluate(() => document.getElementById('search-overlay')?.removeAttribute('hidden'));
  const found = await page.evaluate(measure, { density, text });
  return found.map((p) => `${path} ${p.kind}: ${p.what}: ${p.detail}`);
}

async function checkRoutes(
  b: Browser,
  viewport: { width: number; height: number },
  signedIn: boolean,
  { density = DENSITY, text = true, bothLanguages = true }: { density?: number; text?: boolean; bothLanguages?: boolean } = {},
): Promise<string[]> {
  const context = await b.newContext({ viewport, deviceScaleFactor: density, baseURL: baseUrl() });
  if (signedIn) await signIn(context);
  const page = await context.newPage();
  const problems: string[] = [];
  try {
    const routes = signedIn ? CUSTOMER_ROUTES : GUEST_ROUTES;
    for (const [index, route] of routes.entries()) {
      const paths = bothLanguages ? [route, inEnglish(route)] : [index % 2 ? inEnglish(route) : route];
      for (const path of paths) problems.push(...(await problemsOn(page, path, density, text)));
    }
  } finally {
    await context.close();
  }
  return problems;
}

/** The checks at the given widths (and on the 3× phone when asked), as one test file's suite. */
export function describeDensity(widths: typeof WIDTHS, { phone3x }: { phone3x: boolean }): void {
  const { browser } = useBrowser();
  describe('every page is drawn sharp and without overflowing text', () => {
    for (const { viewport, text } of widths) {
      for (const signedIn of [false, true]) {
        it(`at ${viewport.width}px, ${signedIn ? 'signed in' : 'as a guest'}, both languages`, async () => {
          const found = await checkRoutes(browser(), viewport, signedIn, { text });
          expect(found).toEqual([]);
        }, 400_000);
      }
    }

    if (phone3x) {
      // Images only: a picture's file and box are the same in both languages (the text, which
      // differs, is checked at every width above), so each route once, the languages alternating.
      it(`on a ${PHONE_3X.density}× phone at ${PHONE_3X.viewport.width}px, as a guest, the routes alternating between the languages`, async () => {
        const found = await checkRoutes(browser(), PHONE_3X.viewport, false, { ...PHONE_3X, bothLanguages: false });
        expect(found).toEqual([]);
      }, 400_000);
    }
  });
}
