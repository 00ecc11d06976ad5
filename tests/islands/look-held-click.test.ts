// A look dot's first tap (islands/look/index.tsx) comes before the look's code on a phone's
// network: it is held and opens that dot's popup once the code has come, however long it takes,
// instead of following the dot's link to the product's page. The code is a module whose arrival
// the test decides.
import { describe, expect, it, vi } from 'vitest';

let asked = 0;
let arrive: (module: { start(): void }) => void = () => {};
vi.mock('../../islands/look/Look', () => {
  asked += 1;
  return new Promise((resolve) => (arrive = resolve));
});

const LOOK = `<div class="look__layer" data-island="look"><ul class="look__dots">
  <li><a class="look__dot-button" href="/products/coat">Coat</a></li>
  <li><a class="look__dot-button" href="/products/bag">Bag</a></li>
</ul></div>`;

function tapDot(index: number): MouseEvent {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  document.querySelectorAll('a.look__dot-button')[index]!.dispatchEvent(click);
  return click;
}

/** The start the code would run: the server's dot links become buttons, in the same order. */
function drawButtons(pressed: (index: number) => void): { start(): void } {
  return {
    start() {
      document.querySelectorAll('a.look__dot-button').forEach((link, index) => {
        const button = document.createElement('button');
        button.className = 'look__dot-button';
        button.addEventListener('click', () => pressed(index));
        link.replaceWith(button);
      });
    },
  };
}

describe("a look dot's first tap before the look's code", () => {
  it("opens that dot's popup when the code comes late, once however often she tapped, and never follows the link", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = LOOK;
    const follow = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await import('../../islands/look/index');
    expect(tapDot(1).defaultPrevented).toBe(true);
    expect(tapDot(1).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(asked).toBe(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(follow).not.toHaveBeenCalled();
    const pressed = vi.fn();
    arrive(drawButtons(pressed));
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    expect(pressed).toHaveBeenCalledWith(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(follow).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
