// The theme editor's events against the one island start (shared/runtime/schedule.ts) and the
// selection handling (shared/runtime/editor.ts): a re-rendered section's island starts again,
// an unloaded one cleans up, a selected section opens the panel it belongs to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { island, MOUNTED, onUnload } from '../../shared/runtime/schedule';
import { listenToEditor } from '../../shared/runtime/editor';
import { $rightSidebar, closePanel } from '../../shared/stores/panel';

afterEach(() => {
  document.body.innerHTML = '';
  closePanel();
});

function section(id: string, inner: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.id = `shopify-section-${id}`;
  wrapper.className = 'shopify-section';
  wrapper.innerHTML = inner;
  return wrapper;
}

/** What the editor does after a change: unload, swap the HTML, load. */
function reRender(old: HTMLElement, inner: string): HTMLElement {
  const id = old.id.replace('shopify-section-', '');
  old.dispatchEvent(new CustomEvent('shopify:section:unload', { bubbles: true, detail: { sectionId: id } }));
  const fresh = section(id, inner);
  old.replaceWith(fresh);
  fresh.dispatchEvent(new CustomEvent('shopify:section:load', { bubbles: true, detail: { sectionId: id } }));
  return fresh;
}

describe('islands in the theme editor', () => {
  it('starts the island of a re-rendered section at once when its code is already here, and cleans up the old node', async () => {
    const old = section('main', '<div data-island="editor-a">first</div>');
    document.body.append(old);
    const started: string[] = [];
    const cleaned: string[] = [];
    const start = (nodes: HTMLElement[]) => {
      for (const node of nodes) {
        started.push(node.textContent ?? '');
        onUnload(node, () => cleaned.push(node.textContent ?? ''));
      }
    };
    const importer = vi.fn(async () => ({ start }));
    island('editor-a', importer, { now: true });
    await vi.waitFor(() => expect(started).toEqual(['first']));

    const fresh = reRender(old, '<div data-island="editor-a">second</div>');
    expect(cleaned).toEqual(['first']);
    await vi.waitFor(() => expect(started).toEqual(['first', 'second']));
    expect(fresh.querySelector('[data-island]')!.hasAttribute(MOUNTED)).toBe(true);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a section added with an island whose code has not loaded waits for its own trigger', async () => {
    document.body.append(section('other', '<p>no island yet</p>'));
    const start = vi.fn();
    island('editor-b', async () => ({ start }), { interaction: true });
    const fresh = reRender(document.querySelector('#shopify-section-other')!, '<div data-island="editor-b"><button>b</button></div>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(start).not.toHaveBeenCalled();
    fresh.querySelector('[data-island]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    fresh.querySelector('[data-island]')!.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(start.mock.calls[0]![0]).toEqual([fresh.querySelector('[data-island]')]);
  });

  it('ignores a section load without nodes of the island', async () => {
    document.body.append(section('x', '<div data-island="editor-c"></div>'));
    const start = vi.fn();
    island('editor-c', async () => ({ start }), { now: true });
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    reRender(document.querySelector('#shopify-section-x')!, '<p>text only</p>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('selection in the theme editor', () => {
  const select = (target: Element, type = 'shopify:section:select') =>
    target.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { sectionId: 'main' } }));

  it('selecting the section that holds a panel opens it; deselecting closes it; another section closes it', () => {
    listenToEditor();
    const cart = section('main', '<div data-editor-panel="cart">bag</div>');
    const footer = section('footer', '<footer>links</footer>');
    document.body.append(cart, footer);
    select(cart);
    expect($rightSidebar.get()).toBe('cart');
    select(cart, 'shopify:section:deselect');
    expect($rightSidebar.get()).toBeNull();
    select(cart);
    select(footer);
    expect($rightSidebar.get()).toBeNull();
  });

  it('selecting a block inside a panel section opens that panel; the footer opens nothing', () => {
    listenToEditor();
    document.body.append(
      section('main', '<div data-editor-panel="size-guide"><p data-shopify-editor-block="{}">row</p></div>'),
      section('footer', '<footer><p>x</p></footer>'),
    );
    select(document.querySelector('[data-shopify-editor-block]')!, 'shopify:block:select');
    expect($rightSidebar.get()).toBe('size-guide');
    closePanel();
    select(document.querySelector('#shopify-section-footer')!);
    expect($rightSidebar.get()).toBeNull();
  });

  it('a deselect does not close a panel the merchant opened', () => {
    listenToEditor();
    document.body.append(section('footer', '<footer>x</footer>'));
    $rightSidebar.set('filters');
    select(document.querySelector('#shopify-section-footer')!, 'shopify:section:deselect');
    expect($rightSidebar.get()).toBe('filters');
  });
});
