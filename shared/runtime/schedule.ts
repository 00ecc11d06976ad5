// The one way an island starts (STYLE.md: Astro's client directives). Every islands/<name>/index.tsx
// is one line:
//
//   island('<name>', () => import('./start'), { interaction: true });
//
// The contract:
// - The server drew the island's markup in one or more `[data-island="<name>"]` nodes; it works
//   on its own (reading, links, native forms), so the code is an enhancement that may come late.
// - The second argument loads the code; it answers a module with `start(nodes)`, which enhances
//   the nodes it is given (for a React component: `mountIsland`, shared/runtime/mount.tsx).
// - The code loads once, on the first of the triggers given: `now` (the address asks for a state
//   the server could not draw), `idle`, `visible` (a node nears the viewport), `interaction` (the
//   first pointer, focus or key on a node; a submit held meanwhile is sent again once started) and
//   `page` (the shopper's first input anywhere: pointer, key, focus, wheel, touch, scroll, or
//   coming back to the tab; once that input's own work is done), `scroll` (the shopper's first scroll, towards more of the island)
//   and `message` (another tab posted on the named BroadcastChannel).
//   A page with no input loads only what `now`, `idle` and `visible` ask for: keep those for what
//   the shopper must see without touching anything (the budget test counts them).
// - Code that arrives while a press on one of the nodes is still down (a pointer or Space held)
//   starts once that press has ended and its click has reached the server's markup (press.ts).
// - When start has run, each node carries `data-island-mounted` (tests and other islands wait
//   on it); a failed load or start is logged and leaves the server's markup in place.
// - island() answers a function that starts the page's nodes now (whatever the triggers) and
//   resolves whether they started: an island that holds an early input (a press before its code
//   came) waits on that, and falls back to the server's markup only when the code failed, never
//   because it is merely slow.
// - The theme editor (design mode) replaces a section's HTML when the merchant changes it:
//   `shopify:section:unload` on the old element, then `shopify:section:load` on the new one.
//   On load, the section's unmounted nodes start again (at once if the code is here, else by
//   the same triggers), so start must accept being called again with new nodes; on unload, the
//   cleanups its start registered with `onUnload(node, cleanup)` run (store subscriptions,
//   window listeners, React roots), so nothing keeps working on a node that is gone.
import { afterPressOn } from './press';

// The server may list the whole graph of some code an island loads with import() (snippets/
// island-code, written by build.mjs) in an inert template: copied into the head, its
// modulepreload links ask for every chunk at once, where the import alone would find them one
// level per round trip. Each template is copied once (it leaves the page as it is used). The
// shell asks for its panels' code the same way, so it imports this module too, and the island
// code every page shares is one file.

/** Asks for the code listed under `name` now (an island's start, 'panels', 'panel-<name>'). */
export function preloadIslandCode(name: string): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-island-code="${name}"]`);
  if (!template) return;
  document.head.append(template.content.cloneNode(true));
  template.remove();
}

/** The attribute an island's node carries once its code has started. */
export const MOUNTED = 'data-island-mounted';

export type IslandModule = { start(nodes: HTMLElement[]): void };

export interface LoadWhen {
  /** Load when the main thread is idle (with a timeout, so it always happens). */
  idle?: boolean;
  /** Load when one of the island's nodes comes near the viewport. */
  visible?: boolean;
  /** Load at once on the first pointer, focus or key inside one of the island's nodes. */
  interaction?: boolean;
  /**
   * Load on the shopper's first input anywhere on the page: once that input's own work is done
   * (when idle, within 300 ms), so a tap aimed at another island is not kept waiting.
   */
  page?: boolean;
  /**
   * Load when the shopper first scrolls the page (a wheel, a finger moving it, a key or the
   * scroll bar): towards more of what the island draws, where a tap elsewhere (the menu) is not.
   */
  scroll?: boolean;
  /** Load when another tab posts on this BroadcastChannel (it changed what the page shows). */
  message?: string;
  /** Load at once (the address asks for state the server could not draw). */
  now?: boolean;
  /**
   * Load at once on a page shown from history (Back, Forward): what the server printed on it is
   * as old as the browser's copy, or as the page kept whole in the back-forward cache.
   */
  history?: boolean;
  /**
   * The island takes over its form's submit and says so with announceSubmitTaken(form) once its
   * own handler is attached (after its first render's effects, not when its code has loaded):
   * until then a submit is held, so it never posts natively while the island is starting.
   */
  takesSubmit?: boolean;
}

/** Whether this document was reached by Back or Forward (see LoadWhen.history). */
export function visitedFromHistory(win: Window = window): boolean {
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward';
}

const SUBMIT_TAKEN = 'island:submit-taken';
/** How long a held submit waits for an island that loaded but never took its form (it failed). */
const TAKE_OVER_TIMEOUT_MS = 5000;

/** An island calls this once its submit handler is on `form`: held submits go to it from now. */
export function announceSubmitTaken(form: HTMLFormElement): void {
  if (form.dataset['islandSubmit'] === 'taken') return;
  form.dataset['islandSubmit'] = 'taken';
  form.dispatchEvent(new Event(SUBMIT_TAKEN));
}

/** Resolves true once the island took `form`, false if it has not within the timeout. */
function submitTaken(form: HTMLFormElement): Promise<boolean> {
  if (form.dataset['islandSubmit'] === 'taken') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      form.removeEventListener(SUBMIT_TAKEN, taken);
      resolve(false);
    }, TAKE_OVER_TIMEOUT_MS);
    const taken = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    form.addEventListener(SUBMIT_TAKEN, taken, { once: true });
  });
}

export function whenIdle(run: () => void, timeout = 1500): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, 200);
}

function whenVisible(nodes: Element[], run: () => void): void {
  if (typeof IntersectionObserver !== 'function') {
    run();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: '300px 0px' },
  );
  for (const node of nodes) observer.observe(node);
}

const INTERACTIONS = ['pointerdown', 'focusin', 'keydown'] as const;
// The shopper coming back to the tab counts too: another tab may have changed what a page shows.
const PAGE_INPUTS = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'wheel', 'scroll', 'visibilitychange'] as const;

/** Runs once on the shopper's first input anywhere on the page (or the first of `types`). */
export function onFirstInput(run: () => void, types: readonly string[] = PAGE_INPUTS): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    for (const type of types) window.removeEventListener(type, once, true);
    run();
  };
  for (const type of types) window.addEventListener(type, once, { capture: true, passive: true });
}

// The shopper scrolling, or trying to (a wheel or a finger on a page that cannot move).
const SCROLL_INPUTS = ['scroll', 'wheel', 'touchmove'] as const;

const SECTION_LOAD = 'shopify:section:load';
const SECTION_UNLOAD = 'shopify:section:unload';

const cleanups = new WeakMap<Element, (() => void)[]>();

/**
 * An island's start calls this for what outlives its node (a store subscription, a window
 * listener, a React root): it runs when the theme editor removes or re-renders the node's section.
 */
export function onUnload(node: Element, cleanup: () => void): void {
  const list = cleanups.get(node);
  if (list) list.push(cleanup);
  else cleanups.set(node, [cleanup]);
}

/** Runs, once, the cleanups of root and of every island node inside it. */
export function unloadWithin(root: Element): void {
  for (const node of [root, ...Array.from(root.querySelectorAll('[data-island]'))]) {
    const list = cleanups.get(node);
    cleanups.delete(node);
    for (const cleanup of list ?? []) {
      try {
        cleanup();
      } catch (error) {
        console.error('An island failed to clean up', error);
      }
    }
  }
}

let listeningForUnload = false;
function listenForUnload(): void {
  if (listeningForUnload) return;
  listeningForUnload = true;
  document.addEventListener(SECTION_UNLOAD, (event) => {
    if (event.target instanceof Element) unloadWithin(event.target);
  });
}

function pendingNodes(name: string, root: ParentNode): HTMLElement[] {
  const selector = `[data-island="${name}"]:not([${MOUNTED}])`;
  const nodes = Array.from(root.querySelectorAll<HTMLElement>(selector));
  if (root instanceof HTMLElement && root.matches(selector)) nodes.unshift(root);
  return nodes;
}

/** Starts the page's nodes of an island now (once); resolves whether they started. */
export type StartIsland = () => Promise<boolean>;

/**
 * Loads an island's code once, by the first of the given triggers, if the page has one of its
 * `[data-island="name"]` nodes not yet mounted, and calls its start(nodes). A failed load is
 * logged and leaves the server's markup in place. A section the theme editor loads (or
 * re-renders) with nodes of the island starts them too: at once if the code is already here,
 * else by the same triggers. Answers the way to start the page's nodes at once.
 */
export function island(name: string, load: () => Promise<IslandModule>, when: LoadWhen): StartIsland {
  let code: Promise<IslandModule | null> | null = null;
  let loaded: IslandModule | null = null;
  const loadOnce = (): Promise<IslandModule | null> => {
    if (code) return code;
    preloadIslandCode(name);
    code = load()
      .then((module) => (loaded = module))
      .catch((error: unknown) => {
        console.error(`Island "${name}" failed to load`, error);
        return null;
      });
    return code;
  };
  listenForUnload();
  document.addEventListener(SECTION_LOAD, (event) => {
    if (!(event.target instanceof Element)) return;
    const nodes = pendingNodes(name, event.target);
    if (!nodes.length) return;
    if (loaded) startNodes(name, loaded, nodes);
    else schedule(name, nodes, loadOnce, when);
  });
  const nodes = pendingNodes(name, document);
  if (nodes.length) return schedule(name, nodes, loadOnce, when);
  return () => loadOnce().then((module) => module !== null);
}

/** Calls start(nodes) and marks them mounted; false (logged) if start threw. */
function startNodes(name: string, module: IslandModule, nodes: HTMLElement[]): boolean {
  try {
    module.start(nodes);
  } catch (error) {
    console.error(`Island "${name}" failed to start`, error);
    return false;
  }
  for (const node of nodes) node.setAttribute(MOUNTED, '');
  return true;
}

/** Starts nodes by the first of the triggers in when; answers the way to start them now. */
function schedule(name: string, nodes: HTMLElement[], loadOnce: () => Promise<IslandModule | null>, when: LoadWhen): StartIsland {
  let started: Promise<boolean> | null = null;
  let onStarted = (): void => {};
  const run = (): Promise<boolean> => {
    // A press on the nodes that is still down (often the one that loaded the code) ends first:
    // drawn under it, the island would take the pressed control away and lose its click (press.ts).
    started ??= loadOnce().then(async (module) => {
      if (module) await afterPressOn(nodes);
      if (!module || !startNodes(name, module, nodes)) return false;
      onStarted();
      return true;
    });
    return started;
  };
  if (when.now || (when.history && visitedFromHistory())) {
    void run();
    return run;
  }
  if (when.history) {
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) void run();
    });
  }
  if (when.interaction) {
    for (const node of nodes) for (const type of INTERACTIONS) node.addEventListener(type, () => void run(), { once: true, capture: true });
    const release = holdSubmits(nodes, run, when.takesSubmit ?? false);
    // Once the island has started (or, for one that takes its form, once it says it has),
    // however it was loaded, submits are its own.
    if (!when.takesSubmit) onStarted = release;
  }
  // Not in the input's own task: the tap that is the first input (its click, a request it sends)
  // goes first on a slow phone's main thread, and what it did not aim at follows when idle.
  if (when.page) onFirstInput(() => whenIdle(() => void run(), 300));
  if (when.scroll) onFirstInput(() => void run(), SCROLL_INPUTS);
  if (when.message && typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(when.message);
    channel.addEventListener('message', () => {
      channel.close();
      void run();
    });
  }
  if (when.visible) whenVisible(nodes, () => void run());
  if (when.idle) whenIdle(() => void run());
  return run;
}

/**
 * A click on a server-drawn submit button can come before the island's code: hold that submit,
 * load the island, then submit again for it to handle. If the code cannot load, the form posts
 * natively as it would without JavaScript. An island that takes its form's submit is waited for
 * until it says so: its handler is attached after its first render, later than its code loads.
 * A second tap while the first is held (nothing has shown yet, so the shopper taps again) is the
 * same wish: it is swallowed, where it used to post natively and take the shopper off the page.
 */
function holdSubmits(nodes: Element[], load: () => Promise<boolean>, takesSubmit: boolean): () => void {
  const forms = new Set(nodes.map((node) => node.closest('form')).filter((form): form is HTMLFormElement => !!form));
  const holds = new Map<HTMLFormElement, (event: SubmitEvent) => void>();
  const releaseOne = (form: HTMLFormElement): void => {
    const hold = holds.get(form);
    if (hold) form.removeEventListener('submit', hold, true);
    holds.delete(form);
  };
  const release = (): void => {
    for (const form of Array.from(holds.keys())) releaseOne(form);
  };
  for (const form of forms) {
    let waiting = false;
    const hold = (event: SubmitEvent): void => {
      if (takesSubmit && form.dataset['islandSubmit'] === 'taken') {
        releaseOne(form);
        return;
      }
      event.preventDefault();
      if (waiting) return;
      waiting = true;
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      void load()
        .then((loaded) => (loaded && takesSubmit ? submitTaken(form) : loaded))
        .then((ready) => {
          // The submit below is the island's (or the native post's): no longer held here.
          releaseOne(form);
          // The island re-rendered the form's controls: submit through the one standing there now.
          const button = submitter?.isConnected ? submitter : form.querySelector<HTMLElement>('[type="submit"]');
          if (ready) form.requestSubmit(button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button : undefined);
          else form.submit();
        });
    };
    holds.set(form, hold);
    form.addEventListener('submit', hold, true);
    if (takesSubmit) form.addEventListener(SUBMIT_TAKEN, () => releaseOne(form), { once: true });
  }
  return release;
}
