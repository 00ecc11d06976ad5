// When an island's code loads (STYLE.md: Astro's client directives). The server's markup is the
// first paint and works on its own, so most islands fetch their code later: when the browser is
// idle, when their node nears the viewport, or on the shopper's first touch, whichever is first.

type Start = { start(): void };

export interface LoadWhen {
  /** Load when the main thread is idle (with a timeout, so it always happens). */
  idle?: boolean;
  /** Load when one of the island's nodes comes near the viewport. */
  visible?: boolean;
  /** Load at once on the first pointer, focus or key inside one of the island's nodes. */
  interaction?: boolean;
  /** Load at once (the address asks for state the server could not draw). */
  now?: boolean;
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

/**
 * Loads an island's implementation once, by the first of the given triggers, if the page has
 * one of its `[data-island="name"]` nodes, and calls its start(). A failed load is logged and
 * leaves the server's markup in place.
 */
export function lazyIsland(name: string, importer: () => Promise<Start>, when: LoadWhen): void {
  const nodes = Array.from(document.querySelectorAll(`[data-island="${name}"]`));
  if (!nodes.length) return;
  let loading: Promise<boolean> | null = null;
  let onStarted = (): void => {};
  const load = (): Promise<boolean> => {
    loading ??= importer()
      .then((module) => {
        module.start();
        onStarted();
        return true;
      })
      .catch((error: unknown) => {
        console.error(`Island "${name}" failed to load`, error);
        return false;
      });
    return loading;
  };
  if (when.now) {
    void load();
    return;
  }
  if (when.interaction) {
    for (const node of nodes) for (const type of INTERACTIONS) node.addEventListener(type, () => void load(), { once: true, capture: true });
    const release = holdSubmits(nodes, load);
    // Once the island has started, however it was loaded, submits are its own.
    onStarted = release;
  }
  if (when.visible) whenVisible(nodes, () => void load());
  if (when.idle) whenIdle(() => void load());
}

/**
 * A click on a server-drawn submit button can come before the island's code: hold that submit,
 * load the island, then submit again for it to handle. If the code cannot load, the form posts
 * natively as it would without JavaScript.
 */
function holdSubmits(nodes: Element[], load: () => Promise<boolean>): () => void {
  const forms = new Set(nodes.map((node) => node.closest('form')).filter((form): form is HTMLFormElement => !!form));
  const holds = new Map<HTMLFormElement, (event: SubmitEvent) => void>();
  const release = (): void => {
    for (const [form, hold] of holds) form.removeEventListener('submit', hold, true);
    holds.clear();
  };
  for (const form of forms) {
    const hold = (event: SubmitEvent): void => {
      form.removeEventListener('submit', hold, true);
      holds.delete(form);
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      void load().then((loaded) => {
        // The island re-rendered the form's controls: submit through the one standing there now.
        const button = submitter?.isConnected ? submitter : form.querySelector<HTMLElement>('[type="submit"]');
        if (loaded) form.requestSubmit(button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button : undefined);
        else form.submit();
      });
    };
    holds.set(form, hold);
    form.addEventListener('submit', hold, true);
  }
  return release;
}
