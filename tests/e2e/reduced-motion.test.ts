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

describe('reduced motion', () => {
  it('stops the looping loading indicators for a shopper who asks for less motion', async () => {
    expect(await runningIndicators(browser(), 'reduce')).toBe(0);
  });

  it('keeps them moving for everyone else (the spinner and the loading bar)', async () => {
    expect(await runningIndicators(browser(), 'no-preference')).toBeGreaterThanOrEqual(2);
  });
});
