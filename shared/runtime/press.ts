// A press in progress: a pointer held down, or Space held on a control. The first pointerdown or
// key on an island is what loads its code, so the code often arrives while that same press is
// still down. Drawn then, the island replaces the pressed control, and the browser sends the
// click nowhere: a mouse click goes to the node that both pointerdown and pointerup hit, and a
// Space press clicks only the control its keydown reached. The server's control is gone, so the
// shopper's first tap (add to bag, the heart) would be lost. Islands therefore start after the
// press has ended and its click has been dispatched to the server's markup, which holds it.
// Followed on the whole window from this module's start, before any island's own listeners.

/** A press held longer than this (a drag that never ends, a lost pointerup) stops holding starts. */
const LONGEST_PRESS_MS = 5000;

let pressed: EventTarget | null = null;
let pressEnded = Promise.resolve();
let endPress = (): void => {};

/** A key other than Space (which clicks on its release), or Space repeating, is no press. */
const notAPress = (event: Event): boolean => event instanceof KeyboardEvent && (event.key !== ' ' || event.repeat);

function start(event: Event): void {
  if (notAPress(event)) return;
  // A second press while one is down (another finger, Space with the mouse held) joins it: what
  // waits for the first ends with it, not after the longest wait.
  if (!pressed)
    pressEnded = new Promise((resolve) => {
      endPress = resolve;
      setTimeout(resolve, LONGEST_PRESS_MS);
    });
  pressed = event.target;
}

function end(event: Event): void {
  if (notAPress(event)) return;
  pressed = null;
  // The click follows pointerup (and keyup) in the same task: resolve after it has gone out.
  setTimeout(endPress);
}

const capture = { capture: true, passive: true };
addEventListener('pointerdown', start, capture);
addEventListener('keydown', start, capture);
for (const type of ['pointerup', 'pointercancel', 'keyup']) addEventListener(type, end, capture);

/** Resolves at once, or once the press on one of nodes has ended and its click has gone out. */
export function afterPressOn(nodes: Element[]): Promise<void> {
  const target = pressed;
  return target instanceof Node && nodes.some((node) => node.contains(target)) ? pressEnded : Promise.resolve();
}
