// A held first press on a customer's heart (islands/wishlist-toggle/index.tsx) follows the
// heart's link, as it would without JavaScript, when the button's code fails to load.
import { describe, expect, it, vi } from 'vitest';
import { HEART, pressHeart } from './support/held-heart';

let asked = 0;
let fail: (error: Error) => void = () => {};
vi.mock('../../islands/wishlist-toggle/start', () => {
  asked += 1;
  return new Promise((_resolve, reject) => (fail = reject));
});

describe("a customer's held first press on a heart", () => {
  it("follows the heart's link to the wishlist page when the code fails", async () => {
    document.body.innerHTML = HEART;
    const follow = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await import('../../islands/wishlist-toggle/index');
    expect(pressHeart().defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(asked).toBe(1));
    fail(new Error('chunk failed'));
    await vi.waitFor(() => expect(follow).toHaveBeenCalledWith(new URL('/collections/all?view=wishlist', location.href).href));
    expect(logged).toHaveBeenCalled();
  });
});
