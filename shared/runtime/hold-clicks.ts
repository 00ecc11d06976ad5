// A server-drawn link that an island turns into a control (a customer's wishlist heart, a look's
// dot): the link is what it does without JavaScript, and its first click is also what loads the
// island's code, which on a phone's network arrives well after the click. Followed, the link
// would take the shopper to another page instead (the wishlist page, the dot's product). So that
// click is held: the island is started and the click given to the control drawn for the link,
// however long the code takes. Only if the code failed, or started but drew no control for the
// link, is the link followed. A click on a link whose first click is still held is that same
// click: two quick taps act once.
import { MOUNTED, type StartIsland } from './schedule';

/** How long a held click waits, once the code has started, for its control to be drawn. */
const CONTROL_TIMEOUT_MS = 5000;

/** Resolves the control `find` answers as soon as one is drawn, or null after `timeout` ms. */
function whenDrawn(find: () => HTMLElement | null, timeout: number): Promise<HTMLElement | null> {
  const now = find();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const settle = (control: HTMLElement | null): void => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(control);
    };
    const observer = new MutationObserver(() => {
      const drawn = find();
      if (drawn) settle(drawn);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => settle(find()), timeout);
  });
}

export interface HeldClick {
  /**
   * The same for every click that is one wish (a product's heart, wherever its card is drawn);
   * without it, the link itself.
   */
  key?: string;
  /** The control drawn for the link once the island has started, or null while there is none. */
  control: () => HTMLElement | null;
}

/**
 * Holds the first clicks on links matching `selector` for which `hold` answers a HeldClick; on a
 * page without such links, nothing.
 */
export function holdFirstClicks(selector: string, start: StartIsland, hold: (link: HTMLAnchorElement) => HeldClick | null): void {
  if (!document.querySelector(selector)) return;
  const waiting = new Set<unknown>();
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(selector);
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      // An island that keeps the link as its control (the gallery's zoom) has it from its start on.
      // Its own island: a heart sits in a card inside the product list, which starts apart from it.
      if (link.closest('[data-island]')?.hasAttribute(MOUNTED)) return;
      const held = hold(link);
      if (!held) return;
      event.preventDefault();
      const href = link.href;
      const key = held.key ?? link;
      if (waiting.has(key)) return;
      waiting.add(key);
      // The click given on keeps where it was (the zoom aims at it) and whether it was a pointer's.
      const { clientX, clientY, screenX, screenY, detail } = event;
      void start()
        .then((started) => (started ? whenDrawn(held.control, CONTROL_TIMEOUT_MS) : null))
        .then((control) => {
          waiting.delete(key);
          if (control)
            control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, clientX, clientY, screenX, screenY, detail }));
          else window.location.assign(href);
        });
    },
    true,
  );
}
