// Renders take turns (preview/render-turns.ts): one at a time, in the order asked, with the
// server's waiting I/O handled between two of them. Twenty list-index pages asked for at once
// used to hold every asset request of the page behind them (1.7 s at 5,000 products). A list's
// pages asked for in bulk go after any page asked for meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderTurns, type RenderPriority } from '../render-turns';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

/** Holds the thread for `ms`, as a synchronous Liquid render does. */
function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else on this thread runs meanwhile
  }
}

/** Renders taking turns that note when each starts and ends; `during` is the render's own work. */
function recordedRenders(during: () => Promise<void> | void): {
  events: string[];
  render: (name: string, priority?: RenderPriority) => Promise<string>;
} {
  const turns = new RenderTurns();
  const events: string[] = [];
  const render = (name: string, priority?: RenderPriority) =>
    turns.take(async () => {
      events.push(`start ${name}`);
      await during();
      events.push(`end ${name}`);
      return name;
    }, priority);
  return { events, render };
}

describe('render turns', () => {
  it('answers what came in during a render before the next render starts', async () => {
    let asked = false;
    const { events, render } = recordedRenders(() => {
      // An asset request arriving while the first render holds the thread: its callback is due
      // when that render ends (a timer, so that no file system or load decides when).
      if (!asked) {
        asked = true;
        setTimeout(() => events.push('asset answered'), 0);
      }
      holdThread(30);
    });
    expect(await Promise.all([render('a'), render('b'), render('c')])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'asset answered', 'start b', 'end b', 'start c', 'end c']);
  });

  it('never starts a render while another is still under way, even one that waits', async () => {
    // An async render (a section tag) awaits between its parts.
    const { events, render } = recordedRenders(() => new Promise((resolve) => setTimeout(resolve, 5)));
    await Promise.all([render('a'), render('b')]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('gives the next render its turn after one fails, and the failure to its own caller', async () => {
    const turns = new RenderTurns();
    const failed = turns.take(() => Promise.reject(new Error('Liquid syntax error')));
    const next = turns.take(async () => 'rendered');
    await expect(failed).rejects.toThrow('Liquid syntax error');
    await expect(next).resolves.toBe('rendered');
  });

  it('starts a page asked for during a bulk render before the bulk renders still waiting', async () => {
    const pages: Promise<string>[] = [];
    const { events, render } = recordedRenders(() => {
      // A shopper's next page asked for while the first index page renders.
      if (pages.length === 0) pages.push(new Promise((resolve) => setTimeout(() => resolve(render('next page')), 0)));
      holdThread(20);
    });
    const bulk = [render('index 1', 'bulk'), render('index 2', 'bulk'), render('index 3', 'bulk')];
    await Promise.all(bulk);
    expect(await pages[0]).toBe('next page');
    expect(events).toEqual([
      'start index 1',
      'end index 1',
      'start next page',
      'end next page',
      'start index 2',
      'end index 2',
      'start index 3',
      'end index 3',
    ]);
  });

  it('keeps the order of bulk renders among themselves, and of pages among themselves', async () => {
    const { events, render } = recordedRenders(() => holdThread(2));
    await Promise.all([render('index 1', 'bulk'), render('a'), render('index 2', 'bulk'), render('b')]);
    expect(events.filter((e) => e.startsWith('start'))).toEqual(['start a', 'start b', 'start index 1', 'start index 2']);
  });
});

describe('which renders wait in bulk', () => {
  // A list view slow enough (a few ms of Liquid a page) that requests sent together are all
  // waiting before the second render starts.
  const slowList = '{% layout none %}{% for i in (1..4000) %}{{ i | plus: 1 | modulo: 7 }}{% endfor %}';
  let preview: ThemeCopyPreview | undefined;
  beforeAll(async () => {
    preview = await themeCopyPreview('render-priority-theme-', {
      'templates/collection.list-index.liquid': slowList,
      'templates/collection.wishlist.liquid': slowList,
    });
  }, 60_000);
  afterAll(async () => {
    await preview?.close();
  });

  /** Sends the index pages as a list's code does, then `last`; answers the order they were answered in. */
  async function answerOrder(lastHeaders: Record<string, string>): Promise<string[]> {
    const app = preview!.app;
    const order: string[] = [];
    const ask = (url: string, name: string, headers: Record<string, string>) =>
      app.inject({ url, headers }).then((response) => {
        expect(response.statusCode).toBe(200);
        order.push(name);
      });
    const stamp = Math.random().toString(36).slice(2);
    const fetched = { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' };
    const index = [1, 2, 3, 4, 5, 6].map((n) => ask(`/collections/all?view=list-index&page=${n}&t=${stamp}`, `index ${n}`, fetched));
    await Promise.all([...index, ask(`/collections/all?view=wishlist&t=${stamp}`, 'wishlist', lastHeaders)]);
    return order;
  }

  it('a list view opened as a page goes before the list index pages still waiting', async () => {
    const order = await answerOrder({ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' });
    expect(order.indexOf('wishlist')).toBeLessThan(order.indexOf('index 5'));
  });

  it("the same view fetched by a page's code waits with the index pages, in the order asked", async () => {
    const order = await answerOrder({ 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' });
    expect(order.at(-1)).toBe('wishlist');
  });
});
