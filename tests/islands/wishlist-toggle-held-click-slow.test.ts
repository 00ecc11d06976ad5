// A held first press on a customer's heart (islands/wishlist-toggle/index.tsx) waits for the
// button's code however long it takes: a slow network is not a failed one. The code is a module
// whose arrival the test decides.
import { describe, expect, it, vi } from 'vitest';
import { HEART, pressHeart } from './support/held-heart';

let asked = 0;
let arrive: (module: { start(): void }) => void = () => {};
vi.mock('../../islands/wishlist-toggle/start', () => {
  asked += 1;
  return new Promise((resolve) => (arrive = resolve));
});

/** The start the code would run: the server's heart becomes the product's button. */
function drawButton(pressed: () => void): { start(): void } {
  return {
    start() {
      const button = document.createElement('button');
      button.className = 'wishlist-toggle__control';
      button.dataset['productId'] = '42';
      button.addEventListener('click', pressed);
      document.querySelector('a.wishlist-toggle__control')!.replaceWith(button);
    },
  };
}

describe("a customer's held first press on a heart", () => {
  it('is given to the button when the code comes late, once however often she tapped', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = HEART;
    const follow = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await import('../../islands/wishlist-toggle/index');
    expect(pressHeart().defaultPrevented).toBe(true);
    expect(pressHeart().defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(asked).toBe(1));
    // A slow network under load: far longer than any fallback timer.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(follow).not.toHaveBeenCalled();
    const pressed = vi.fn();
    arrive(drawButton(pressed));
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(follow).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
