// A look dot's held first tap (islands/look/index.tsx) follows the dot's link to its product, as
// it would without JavaScript, when the look's code fails to load.
import { describe, expect, it, vi } from 'vitest';

let asked = 0;
let fail: (error: Error) => void = () => {};
vi.mock('../../islands/look/Look', () => {
  asked += 1;
  return new Promise((_resolve, reject) => (fail = reject));
});

describe("a look dot's held first tap", () => {
  it("follows the dot's link to the product when the code fails", async () => {
    document.body.innerHTML = '<div data-island="look"><a class="look__dot-button" href="/products/coat">Coat</a></div>';
    const follow = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await import('../../islands/look/index');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('a.look__dot-button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(asked).toBe(1));
    fail(new Error('chunk failed'));
    await vi.waitFor(() => expect(follow).toHaveBeenCalledWith(new URL('/products/coat', location.href).href));
    expect(follow).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalled();
  });
});
