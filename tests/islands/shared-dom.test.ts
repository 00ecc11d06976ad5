import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockScroll, unlockScroll } from '../../shared/dom/scroll-lock';
import { createFocusTrap } from '../../shared/dom/focus-trap';
import { listenForEscape } from '../../shared/dom/escape';
import { $leftMenuOpen, $rightSidebar, $searchOpen, closeLeftMenu, closePanel, openLeftMenu, openPanel, openSearch } from '../../shared/stores/panel';

function setWidth(px: number): void {
  Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

describe('scroll lock', () => {
  beforeEach(() => {
    document.body.style.overflow = 'auto';
    setWidth(1024);
  });

  it('is counted per owner: the body scrolls again only when the last owner unlocks', () => {
    lockScroll('cart');
    lockScroll('menu', { always: true });
    expect(document.body.style.overflow).toBe('hidden');
    unlockScroll('cart');
    expect(document.body.style.overflow).toBe('hidden');
    unlockScroll('menu');
    // The page's own value comes back.
    expect(document.body.style.overflow).toBe('auto');
  });

  it('locks a side panel only at 768 px and up, and follows resizes', () => {
    setWidth(767);
    lockScroll('cart');
    expect(document.body.style.overflow).toBe('auto');
    setWidth(768);
    expect(document.body.style.overflow).toBe('hidden');
    setWidth(500);
    expect(document.body.style.overflow).toBe('auto');
    unlockScroll('cart');
  });

  it('locks at every width with always', () => {
    setWidth(320);
    lockScroll('menu', { always: true });
    expect(document.body.style.overflow).toBe('hidden');
    unlockScroll('menu');
    expect(document.body.style.overflow).toBe('auto');
  });

  it('ignores a second lock by the same owner', () => {
    lockScroll('cart');
    lockScroll('cart');
    unlockScroll('cart');
    expect(document.body.style.overflow).toBe('auto');
  });
});

describe('focus trap', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <button id="opener">open</button>
      <div id="dialog">
        <button id="first">a</button>
        <input id="hidden-input" type="hidden">
        <a id="middle" href="/x">b</a>
        <button id="disabled" disabled>c</button>
        <div hidden><button id="in-hidden">d</button></div>
        <input id="last">
      </div>
      <button id="outside">after</button>`;
  });

  const byId = (id: string) => document.getElementById(id) as HTMLElement;

  it('focuses the first focusable, wraps Tab and Shift+Tab, and returns focus on deactivate', () => {
    byId('opener').focus();
    const trap = createFocusTrap(byId('dialog'));
    trap.activate();
    expect(document.activeElement?.id).toBe('first');

    byId('last').focus();
    const forward = press('Tab');
    expect(forward.defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('first');

    const back = press('Tab', { shiftKey: true });
    expect(back.defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('last');

    // Inside the list the browser moves focus itself.
    byId('middle').focus();
    expect(press('Tab').defaultPrevented).toBe(false);

    trap.deactivate();
    expect(document.activeElement?.id).toBe('opener');
    byId('last').focus();
    expect(press('Tab').defaultPrevented).toBe(false);
  });

  it('opened with nothing focused (a panel the address opened), holds focus on itself, Tab goes to its first control, and on close to its stand-in, not the page body', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    const trap = createFocusTrap(byId('dialog'), () => byId('outside'));
    trap.activate();
    expect(document.activeElement?.id).toBe('dialog');
    expect(byId('dialog').getAttribute('tabindex')).toBe('-1');
    expect(press('Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('last');
    trap.deactivate();
    expect(document.activeElement?.id).toBe('outside');
  });

  it('pulls focus back in when it escaped the container', () => {
    const trap = createFocusTrap(byId('dialog'));
    trap.activate();
    byId('outside').focus();
    press('Tab');
    expect(document.activeElement?.id).toBe('first');
    trap.deactivate();
  });

  it('focuses the container when it has nothing focusable', () => {
    document.body.innerHTML = '<button id="opener">o</button><div id="empty"><p>text</p></div>';
    byId('opener').focus();
    const trap = createFocusTrap(byId('empty'));
    trap.activate();
    expect(document.activeElement?.id).toBe('empty');
    expect(press('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('empty');
    trap.deactivate();
    expect(document.activeElement?.id).toBe('opener');
  });
});

describe('Escape', () => {
  let uninstall: () => void;
  beforeEach(() => {
    document.body.innerHTML = '<input id="field">';
    uninstall = listenForEscape();
    listenForEscape(); // a second island asking again adds no second listener
  });
  afterEach(() => {
    uninstall();
    closePanel();
    closeLeftMenu();
  });

  it('closes one layer per press, topmost first', () => {
    openPanel('cart');
    openLeftMenu();
    openSearch();
    press('Escape');
    expect($searchOpen.get()).toBe(false);
    expect($rightSidebar.get()).toBe('cart');
    press('Escape');
    expect($rightSidebar.get()).toBeNull();
    expect($leftMenuOpen.get()).toBe(true);
    press('Escape');
    expect($leftMenuOpen.get()).toBe(false);
  });

  it('leaves an Escape a control already handled', () => {
    openPanel('login');
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    event.preventDefault();
    document.body.dispatchEvent(event);
    expect($rightSidebar.get()).toBe('login');
  });

  it('ignores other keys', () => {
    openPanel('login');
    press('Enter');
    expect($rightSidebar.get()).toBe('login');
  });
});
