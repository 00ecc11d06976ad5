import { beforeEach, describe, expect, it } from 'vitest';
import {
  $leftMenuOpen,
  $rightSidebar,
  $searchOpen,
  closeLeftMenu,
  closePanel,
  closeSearch,
  closeTopmost,
  openLeftMenu,
  openPanel,
  openSearch,
  syncPanelFromUrl,
  toggleLeftMenu,
} from '../../shared/stores/panel';

function setWidth(px: number): void {
  Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  closeSearch();
  closePanel();
  closeLeftMenu();
  setWidth(1024);
  window.history.replaceState(null, '', '/collections/all?q=coat&type=product');
});

describe('right panel', () => {
  it('writes ?rightSidebar=name, keeping the other params, and removes it on close', () => {
    openPanel('cart');
    expect($rightSidebar.get()).toBe('cart');
    const params = new URLSearchParams(window.location.search);
    expect(params.get('rightSidebar')).toBe('cart');
    expect(params.get('q')).toBe('coat');
    expect(window.location.pathname).toBe('/collections/all');

    closePanel();
    expect($rightSidebar.get()).toBeNull();
    expect(window.location.search).toBe('?q=coat&type=product');
  });

  it('replaces history instead of pushing entries', () => {
    const before = window.history.length;
    openPanel('login');
    openPanel('signup');
    closePanel();
    expect(window.history.length).toBe(before);
  });

  it('keeps one panel open at a time', () => {
    openPanel('login');
    openPanel('size-guide');
    expect($rightSidebar.get()).toBe('size-guide');
    expect(new URLSearchParams(window.location.search).getAll('rightSidebar')).toEqual(['size-guide']);
  });

  it('closes the left menu and the search when a panel opens', () => {
    openLeftMenu();
    openSearch();
    openPanel('filters');
    expect($leftMenuOpen.get()).toBe(false);
    expect($searchOpen.get()).toBe(false);
  });
});

describe('syncPanelFromUrl', () => {
  it('opens the panel the address names', () => {
    window.history.replaceState(null, '', '/?rightSidebar=forgot-password');
    syncPanelFromUrl();
    expect($rightSidebar.get()).toBe('forgot-password');
  });

  it('ignores unknown values', () => {
    openPanel('cart');
    syncPanelFromUrl('?rightSidebar=checkout');
    expect($rightSidebar.get()).toBe('cart');
  });

  it('closes the panel when the address has none (back button)', () => {
    openPanel('cart');
    syncPanelFromUrl('?q=coat');
    expect($rightSidebar.get()).toBeNull();
  });
});

describe('closeTopmost (Escape)', () => {
  it('closes search, then the right panel, then the left menu', () => {
    // The panel closes the others when it opens, so it goes first.
    openPanel('cart');
    openLeftMenu();
    openSearch();
    expect(closeTopmost()).toBe(true);
    expect([$searchOpen.get(), $rightSidebar.get(), $leftMenuOpen.get()]).toEqual([false, 'cart', true]);
    expect(closeTopmost()).toBe(true);
    expect([$searchOpen.get(), $rightSidebar.get(), $leftMenuOpen.get()]).toEqual([false, null, true]);
    expect(closeTopmost()).toBe(true);
    expect($leftMenuOpen.get()).toBe(false);
    expect(closeTopmost()).toBe(false);
  });
});

describe('scroll locking', () => {
  it('locks the page behind a right panel at 768 px and up only', () => {
    openPanel('cart');
    expect(document.body.style.overflow).toBe('hidden');
    closePanel();
    expect(document.body.style.overflow).toBe('');

    setWidth(767);
    openPanel('cart');
    expect(document.body.style.overflow).toBe('');
    setWidth(800);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('locks behind the left menu at every width', () => {
    setWidth(375);
    toggleLeftMenu();
    expect(document.body.style.overflow).toBe('hidden');
    toggleLeftMenu();
    expect(document.body.style.overflow).toBe('');
  });
});
