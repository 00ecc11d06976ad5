// Islands whose code listens beyond their own node (a shared store, the window) stop when the
// theme editor unloads their section: a re-rendered header or left menu leaves no old copy
// reacting to the stores, and the collections minimap stops following the page's scroll.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unloadWithin } from '../../shared/runtime/schedule';
import { $leftMenuOpen, $searchOpen, closeLeftMenu, closeSearch } from '../../shared/stores/panel';
import { start as startSearch } from '../../islands/search/overlay';
import { start as startLeftMenu } from '../../islands/left-menu/menu';
import { start as startMinimap } from '../../islands/collections-minimap/minimap';

afterEach(() => {
  closeSearch();
  closeLeftMenu();
  document.body.innerHTML = '';
});

function mount(html: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  document.body.append(wrapper);
  return wrapper.firstElementChild as HTMLElement;
}

describe('island cleanup on shopify:section:unload', () => {
  it('search: an unloaded overlay no longer opens with the store', async () => {
    const overlay = mount('<div data-island="search" hidden><form><input name="q"><button type="button" data-search-hide>Hide</button></form></div>');
    startSearch([overlay]);
    $searchOpen.set(true);
    // The overlay shows a microtask after the store says so (overlay.ts).
    await vi.waitFor(() => expect(overlay.hidden).toBe(false));
    closeSearch();
    expect(overlay.hidden).toBe(true);

    unloadWithin(overlay);
    $searchOpen.set(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(overlay.hidden).toBe(true);
    expect(overlay.getAttribute('role')).toBeNull();
  });

  it('left menu: an unloaded menu no longer opens with the store', () => {
    const menu = mount(
      '<div id="left-menu" data-island="left-menu"><div data-left-menu-panel role="region"><a href="#" data-left-menu-close>x</a></div></div>',
    );
    startLeftMenu([menu]);
    $leftMenuOpen.set(true);
    expect(menu.classList.contains('is-open')).toBe(true);
    closeLeftMenu();
    expect(menu.classList.contains('is-open')).toBe(false);

    unloadWithin(menu);
    $leftMenuOpen.set(true);
    expect(menu.classList.contains('is-open')).toBe(false);
  });

  it('collections minimap: an unloaded minimap stops measuring on scroll and resize', async () => {
    const root = mount(
      '<div data-island="collections-minimap"><div class="collections-list"></div><div data-minimap><div data-minimap-track></div><div data-minimap-frame></div></div></div>',
    );
    const list = root.querySelector<HTMLElement>('.collections-list')!;
    let measured = 0;
    list.getBoundingClientRect = () => {
      measured += 1;
      return new DOMRect(0, 0, 100, 100);
    };
    startMinimap([root]);
    const before = measured;
    window.dispatchEvent(new Event('resize'));
    expect(measured).toBeGreaterThan(before);

    unloadWithin(root);
    const after = measured;
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('load'));
    expect(measured).toBe(after);
  });
});
