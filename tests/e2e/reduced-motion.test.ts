// A shopper who asks for less motion (prefers-reduced-motion) sees loading indicators still: the
// spinner and the list's loading bar run once, at once, and stop. Shortening them alone left the
// infinite ones repeating every frame: a spinner jumping to a new angle and a bar flicking from
// side to side about 60 times a second.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, DESKTOP, useBrowser } from './browser';

const { browser } = useBrowser();

/** Animations still running on the page's loading indicators, a few frames after they appear. */
async function runningIndicators(browser: Browser, reducedMotion: 'reduce' | 'no-preference'): Promise<number> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), reducedMotion });
  const page = await context.newPage();
  await page.goto('/en/collections/all', { waitUntil: 'load' });
  const running = await page.evaluate(async () => {
    // The two looping indicators as the islands draw them: a spinner, and the list while it works.
    const spinner = document.createElement('p');
    spinner.className = 'spinner';
    spinner.textContent = 'Loading';
    document.body.append(spinner);
    document.querySelector('.catalogue')?.setAttribute('aria-busy', 'true');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 5; i++) await frame();
    return document.getAnimations().filter((animation) => animation.playState === 'running').length;
  });
  await context.close();
  return running;
}

/**
 * A lazy image's opacity before it arrives, and the opacities it shows while and after it fades in
 * (sampled each frame until it is fully shown).
 */
async function lazyImageFade(browser: Browser, reducedMotion: 'reduce' | 'no-preference'): Promise<{ before: string; between: boolean }> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), reducedMotion });
  const page = await context.newPage();
  await page.goto('/en/collections/all', { waitUntil: 'load' });
  const result = await page.evaluate(async () => {
    const img = document.createElement('img');
    img.loading = 'lazy';
    img.alt = '';
    img.width = 10;
    img.height = 10;
    document.body.prepend(img);
    const before = getComputedStyle(img).opacity;
    const loaded = new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    img.src = document.querySelector<HTMLImageElement>('img.product-card__image')!.currentSrc;
    await loaded;
    // Frame by frame until it is fully shown: did it pass through a value between 0 and 1?
    let between = false;
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const opacity = Number(getComputedStyle(img).opacity);
      if (opacity > 0 && opacity < 1) between = true;
      if (opacity === 1) break;
    }
    return { before, between };
  });
  await context.close();
  return result;
}

describe('reduced motion', () => {
  it('fades a lazy image in as it arrives, unless the shopper asks for less motion', async () => {
    expect(await lazyImageFade(browser(), 'no-preference')).toEqual({ before: '0', between: true });
    expect(await lazyImageFade(browser(), 'reduce')).toEqual({ before: '1', between: false });
  });

  it('stops the looping loading indicators for a shopper who asks for less motion', async () => {
    expect(await runningIndicators(browser(), 'reduce')).toBe(0);
  });

  it('keeps them moving for everyone else (the spinner and the loading bar)', async () => {
    expect(await runningIndicators(browser(), 'no-preference')).toBeGreaterThanOrEqual(2);
  });
});
