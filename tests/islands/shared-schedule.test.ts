import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSubmitTaken, island } from '../../shared/islands/schedule';

afterEach(() => {
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

  it('lets submits through to the island once it has started', async () => {
    const { form } = page();
    let started = false;
    island('demo', async () => ({ start: () => (started = true) }), { interaction: true, now: false, idle: false });
    document.querySelector('[data-island="demo"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
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
});
