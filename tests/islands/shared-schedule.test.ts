import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSubmitTaken, island } from '../../shared/runtime/schedule';

afterEach(() => {
  // No press outlives its test (shared/runtime/press.ts follows them on the window).
  window.dispatchEvent(new Event('pointerup'));
  document.body.innerHTML = '';
});

function page(): { form: HTMLFormElement; button: HTMLButtonElement } {
  document.body.innerHTML = '<form action="/cart/add" method="post"><div data-island="demo"><button type="submit">Add</button></div></form>';
  return { form: document.querySelector('form')!, button: document.querySelector('button')! };
}

describe('island', () => {
  it('does nothing on a page without the island', async () => {
    const importer = vi.fn(async () => ({ start: vi.fn() }));
    island('absent', importer, { now: true });
    expect(importer).not.toHaveBeenCalled();
  });

  it('loads once on the first interaction, however many follow', async () => {
    page();
    const start = vi.fn();
    const importer = vi.fn(async () => ({ start }));
    island('demo', importer, { interaction: true });
    const node = document.querySelector('[data-island="demo"]')!;
    node.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    node.dispatchEvent(new Event('pointerup', { bubbles: true }));
    node.dispatchEvent(new Event('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('asks for the whole graph of its code at once when it loads, and only then', async () => {
    page();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<template data-island-code="demo"><link rel="modulepreload" href="/a.js"><link rel="modulepreload" href="/b.js"></template>' +
        '<template data-island-code="other"><link rel="modulepreload" href="/c.js"></template>',
    );
    const preloads = (): string[] =>
      Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.getAttribute('href')!);
    let linksWhenImported: string[] = [];
    const importer = vi.fn(async () => {
      linksWhenImported = preloads();
      return { start: vi.fn() };
    });
    island('demo', importer, { interaction: true });
    expect(preloads()).toEqual([]);
    const node = document.querySelector('[data-island="demo"]')!;
    node.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    node.dispatchEvent(new Event('pointerup', { bubbles: true }));
    node.dispatchEvent(new Event('keydown', { bubbles: true }));
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    expect(linksWhenImported).toEqual(['/a.js', '/b.js']);
    expect(preloads()).toEqual(['/a.js', '/b.js']);
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  });

  it('holds a submit that comes before the code, then submits again for the island', async () => {
    const { form } = page();
    const handled: string[] = [];
    const start = () =>
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        handled.push('island');
      });
    island('demo', async () => ({ start }), { interaction: true });
    const first = new Event('submit', { cancelable: true });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(handled).toEqual(['island']));
  });

  it('takes a second tap while the first is held as the same one: the island gets one submit, and nothing posts natively', async () => {
    const { form } = page();
    const handled: string[] = [];
    let release: () => void = () => {};
    const code = new Promise<void>((resolve) => (release = resolve));
    const start = () =>
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        handled.push('island');
      });
    island(
      'demo',
      async () => {
        await code;
        return { start };
      },
      { interaction: true },
    );
    const native = vi.spyOn(form, 'submit').mockImplementation(() => {});
    const taps = [new Event('submit', { cancelable: true }), new Event('submit', { cancelable: true })];
    for (const tap of taps) form.dispatchEvent(tap);
    expect(taps.map((tap) => tap.defaultPrevented)).toEqual([true, true]);
    release();
    await vi.waitFor(() => expect(handled).toEqual(['island']));
    // Everything the release set going has run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handled).toEqual(['island']);
    expect(native).not.toHaveBeenCalled();
  });

  it('lets submits through to the island once it has started', async () => {
    const { form } = page();
    let started = false;
    island('demo', async () => ({ start: () => (started = true) }), { interaction: true, now: false, idle: false });
    document.querySelector('[data-island="demo"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('[data-island="demo"]')!.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(started).toBe(true));
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('holds a submit for an island that takes its form until it says so, not merely until its code loads', async () => {
    const { form } = page();
    const handled: string[] = [];
    let attach: () => void = () => {};
    // Like a component whose submit handler is attached by an effect, after start() returns.
    const start = () => {
      attach = () => {
        form.addEventListener('submit', (event) => {
          event.preventDefault();
          handled.push('island');
        });
        announceSubmitTaken(form);
      };
    };
    let started = false;
    island(
      'demo',
      async () => ({
        start: () => {
          start();
          started = true;
        },
      }),
      { interaction: true, takesSubmit: true },
    );
    document.querySelector('[data-island="demo"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('[data-island="demo"]')!.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(started).toBe(true));
    // Started, handler not attached yet: the submit is still held, not posted natively.
    const early = new Event('submit', { cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const native = vi.spyOn(form, 'submit').mockImplementation(() => {});
    attach();
    await vi.waitFor(() => expect(handled).toEqual(['island']));
    expect(native).not.toHaveBeenCalled();
    // From now on submits go straight to the island.
    const later = new Event('submit', { cancelable: true });
    form.dispatchEvent(later);
    expect(handled).toEqual(['island', 'island']);
  });

  it('logs a failed load and leaves the page as the server drew it', async () => {
    page();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    island('demo', () => Promise.reject(new Error('offline')), { now: true });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Island "demo" failed to load', expect.any(Error)));
    expect(document.querySelector('button')?.textContent).toBe('Add');
    error.mockRestore();
  });

  describe('a press still down when the code arrives', () => {
    // The press that loads the code is often still down when it arrives: drawn then, the island
    // would take the pressed control away, and the browser would send its click nowhere.
    const pointer = (node: Element, type: string): boolean => node.dispatchEvent(new Event(type, { bubbles: true }));

    it('starts the island after the press has ended and its click has gone to the server markup', async () => {
      page();
      const order: string[] = [];
      const button = document.querySelector('button')!;
      button.addEventListener('click', (event) => {
        event.preventDefault();
        order.push(button.isConnected ? 'click on the server button' : 'click on a gone button');
      });
      let arrived = false;
      island('demo', async () => ((arrived = true), { start: () => order.push('start') }), { interaction: true });
      pointer(button, 'pointerdown');
      await vi.waitFor(() => expect(arrived).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(order).toEqual([]);
      // A browser sends the click in the same task as the release.
      pointer(button, 'pointerup');
      button.click();
      await vi.waitFor(() => expect(order).toEqual(['click on the server button', 'start']));
    });

    it('waits for a held Space the same way, since Space clicks on its release', async () => {
      page();
      const start = vi.fn();
      island('demo', async () => ({ start }), { interaction: true });
      const button = document.querySelector('button')!;
      button.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(start).not.toHaveBeenCalled();
      button.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
      await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    });

    it('starts when overlapping presses end, not after the longest wait', async () => {
      page();
      const start = vi.fn();
      let arrived = false;
      island('demo', async () => ((arrived = true), { start }), { interaction: true });
      const button = document.querySelector('button')!;
      pointer(button, 'pointerdown');
      await vi.waitFor(() => expect(arrived).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(start).not.toHaveBeenCalled();
      // A second finger comes down on the same control, then both are lifted.
      pointer(button, 'pointerdown');
      pointer(button, 'pointerup');
      await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1), { timeout: 1000 });
    });

    it('is not held by a press somewhere else on the page', async () => {
      page();
      document.body.insertAdjacentHTML('beforeend', '<a href="#elsewhere">elsewhere</a>');
      pointer(document.querySelector('a')!, 'pointerdown');
      const start = vi.fn();
      island('demo', async () => ({ start }), { now: true });
      await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    });

    it('is held no longer than five seconds by a press that never ends', async () => {
      vi.useFakeTimers();
      try {
        page();
        const start = vi.fn();
        island('demo', async () => ({ start }), { interaction: true });
        pointer(document.querySelector('button')!, 'pointerdown');
        await vi.advanceTimersByTimeAsync(4900);
        expect(start).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(200);
        expect(start).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
