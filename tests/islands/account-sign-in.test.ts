// Sending a shopper to sign in: the login panel with legacy accounts; with today's accounts the
// platform's account component (its own button is pressed), never a panel whose form would post
// to a legacy route; its sign-in page when the component is not there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrap } from '../../shared/bootstrap';
import { $rightSidebar, closePanel, openPanel, syncPanelFromUrl } from '../../shared/stores/panel';
import { toggleWishlist } from '../../shared/stores/wishlist';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';

let presses = 0;
class FakeAccount extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const button = document.createElement('button');
    button.addEventListener('click', () => {
      presses += 1;
    });
    this.attachShadow({ mode: 'open' }).append(button);
  }
}
if (!customElements.get('shopify-account')) customElements.define('shopify-account', FakeAccount);

function page(accounts: 'current' | 'legacy', withComponent = true): void {
  setBootstrapScript({
    rootUrl: '/',
    customer: null,
    accounts,
    accountLoginUrl: '/account/login',
    locale: { requestLocale: { isoCode: 'uk' }, cartCurrency: { isoCode: 'UAH' } },
  });
  resetBootstrap();
  document.body.innerHTML = withComponent ? '<header><shopify-account></shopify-account></header>' : '<header></header>';
}

beforeEach(() => {
  presses = 0;
  closePanel();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe("today's accounts", () => {
  it('opens the account component for every legacy account panel, and other panels as before', () => {
    page('current');
    for (const name of ['login', 'signup', 'forgot-password', 'recover-password'] as const) {
      openPanel(name);
      expect([name, $rightSidebar.get()]).toEqual([name, null]);
    }
    expect(presses).toBe(4);
    openPanel('cart');
    expect($rightSidebar.get()).toBe('cart');
  });

  it('answers ?rightSidebar=login with the component and drops the parameter', () => {
    page('current');
    window.history.replaceState(null, '', '/?rightSidebar=login&x=1');
    syncPanelFromUrl();
    expect(presses).toBe(1);
    expect($rightSidebar.get()).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });

  it("sends a guest's wishlist heart to the component", () => {
    page('current');
    expect(toggleWishlist({ id: 1, handle: 'a', image: '', image2x: '', url: '/products/a', title: 'A', price: 100, preorder: false })).toBe('login');
    expect(presses).toBe(1);
    expect($rightSidebar.get()).toBeNull();
  });

  it('goes to the sign-in page when the header has no component', () => {
    page('current', false);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    try {
      openPanel('login');
      expect(assign).toHaveBeenCalledWith('/account/login');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('legacy accounts', () => {
  it('open the login panel, never the component', () => {
    page('legacy');
    openPanel('login');
    expect($rightSidebar.get()).toBe('login');
    expect(presses).toBe(0);
  });
});
