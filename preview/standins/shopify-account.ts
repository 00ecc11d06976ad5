// The preview's stand-in for the platform's <shopify-account> component (today's customer
// accounts). It is not part of the theme: the preview serves it from content_for_header, where a
// shop loads the real one. Like the real component it shows an avatar (the theme's
// signed-out-avatar slot for a guest, the customer's initial once signed in) that opens an
// account sheet with the menu links Orders and Profile; a guest signs in there. Unlike it, the
// sign-in is a choice of demo customers (no password, no email code), posted to the preview's
// /customer_authentication/login. It honours the documented --shopify-account-* CSS variables.
// The function below runs in the browser: it is served as its own source, so it must not use
// anything from outside its body.

function defineShopifyAccount(): void {
  type Data = {
    urls: { signIn: string; orders: string; profile: string; signOut: string };
    customer: { firstName: string; name: string } | null;
    customers: { email: string; name: string }[];
    strings: Record<string, string>;
  };
  const script = document.getElementById('preview-shopify-account');
  if (!script || customElements.get('shopify-account')) return;
  const data = JSON.parse(script.textContent || '{}') as Data;
  const say = (key: string, name = ''): string => (data.strings[key] ?? key).replace('{name}', name);

  const CSS = [
    ':host{display:inline-flex;align-items:center;color:inherit}',
    '.avatar{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;padding:0;border:0;background:none;color:inherit;font:inherit;cursor:pointer}',
    '.avatar:focus-visible{outline:2px solid currentColor;outline-offset:2px}',
    '.initial{display:inline-flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:50%;background:var(--shopify-account-color-accent,#111);color:var(--shopify-account-color-background,#fff);font:600 14px/1 var(--shopify-account-font-body,system-ui)}',
    ':host-context(.site-header--light) .initial{background:#fff;color:#111}',
    'dialog{position:fixed;top:var(--shopify-account-dialog-position-top,64px);right:16px;left:auto;margin:0;width:min(360px,calc(100vw - 32px));max-height:calc(100vh - 96px);overflow:auto;box-sizing:border-box;border:1px solid #d9d9d9;padding:24px;background:var(--shopify-account-color-background,#fff);color:var(--shopify-account-color-text,#111);font:16px/1.5 var(--shopify-account-font-body,system-ui);box-shadow:0 8px 24px rgba(0,0,0,.12)}',
    'dialog::backdrop{background:rgba(0,0,0,.2)}',
    'h2{font-size:1.125rem;margin:0 48px 8px 0}',
    '.note{font-size:.8125rem;color:#595959;margin:0 0 16px}',
    'ul{list-style:none;margin:0 0 16px;padding:0}li{margin:0 0 8px}',
    'a{color:inherit}',
    '.menu a{display:inline-block;padding:10px 0}',
    '.sign-in{width:100%;min-height:44px;border:1px solid var(--shopify-account-color-accent,#111);background:var(--shopify-account-color-accent,#111);color:var(--shopify-account-color-background,#fff);font:inherit;cursor:pointer}',
    '.close{position:absolute;top:12px;right:12px;width:44px;height:44px;border:0;background:none;color:inherit;font:inherit;font-size:1.5rem;line-height:1;cursor:pointer}',
    'button:focus-visible,a:focus-visible{outline:2px solid #1a57d6;outline-offset:2px}',
  ].join('');

  function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function link(href: string, text: string): HTMLLIElement {
    const item = element('li');
    item.append(element('a', { href }, text));
    return item;
  }

  class ShopifyAccount extends HTMLElement {
    connectedCallback(): void {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: 'open' });
      const style = element('style', {}, CSS);
      const avatar = element('button', { type: 'button', class: 'avatar', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
      const customer = data.customer;
      if (customer) {
        avatar.setAttribute('aria-label', say('account_for', customer.firstName));
        avatar.append(element('span', { class: 'initial', 'aria-hidden': 'true' }, customer.firstName.slice(0, 1).toUpperCase()));
      } else {
        const slot = element('slot', { name: 'signed-out-avatar' }, say('sign_in'));
        avatar.append(slot);
      }
      const sheet = element('dialog', { 'aria-labelledby': 'shopify-account-title' });
      sheet.append(element('h2', { id: 'shopify-account-title' }, customer ? say('greeting', customer.firstName) : say('sign_in')));
      sheet.append(element('p', { class: 'note' }, say('standin')));
      if (!customer) {
        const choices = element('ul');
        for (const demo of data.customers) {
          const form = element('form', { method: 'post', action: data.urls.signIn });
          form.append(
            element('input', { type: 'hidden', name: 'email', value: demo.email }),
            element('input', { type: 'hidden', name: 'return_to', value: window.location.pathname + window.location.search }),
            element('button', { type: 'submit', class: 'sign-in' }, say('sign_in_as', demo.name)),
          );
          const item = element('li');
          item.append(form);
          choices.append(item);
        }
        sheet.append(choices);
      }
      const menu = element('ul', { class: 'menu' });
      menu.append(link(data.urls.orders, say('orders')), link(data.urls.profile, say('profile')));
      if (customer) menu.append(link(data.urls.signOut, say('sign_out')));
      const nav = element('nav', { 'aria-label': say('account') });
      nav.append(menu);
      const close = element('button', { type: 'button', class: 'close', 'aria-label': say('close') }, '×');
      sheet.append(nav, close);
      avatar.addEventListener('click', () => {
        sheet.showModal();
        avatar.setAttribute('aria-expanded', 'true');
      });
      close.addEventListener('click', () => sheet.close());
      // A click on the backdrop (outside the sheet's box) closes it, as a sheet does.
      sheet.addEventListener('click', (event) => {
        const box = sheet.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (event.target === sheet && !inside) sheet.close();
      });
      // The browser hands focus back to the avatar when a modal dialog closes. The close event
      // comes a task later, so it only steps in when focus was lost (e.g. the sheet was closed
      // by script); it must not pull focus back from wherever the shopper has tabbed since.
      sheet.addEventListener('close', () => {
        avatar.setAttribute('aria-expanded', 'false');
        if (!document.activeElement || document.activeElement === document.body) avatar.focus();
      });
      root.append(style, avatar, sheet);
    }
  }
  customElements.define('shopify-account', ShopifyAccount);
}

/** The script the preview serves at /__preview/shopify-account.js. */
export function shopifyAccountStandinScript(): string {
  return `(${defineShopifyAccount.toString()})();\n`;
}
