// The phone's add-to-bag bar (snippets/product-sticky-buy.liquid). Kept to a few lines with no
// imports, loaded with the page: it shows the bar once the product form has scrolled up out of
// view (an IntersectionObserver, so no work on scroll) and hides it when the button is back,
// and each time the bar appears it copies the form's chosen colour and size, price, and the
// button's words and state (the form cannot change while it is out of view). Its button submits
// the form. A refusal the form shows (its alert, out of view) is shown in the bar too.
const bar = document.querySelector<HTMLElement>('[data-sticky-buy]');
const form = bar ? document.getElementById(bar.dataset['stickyBuy'] ?? '') : null;

if (bar && form instanceof HTMLFormElement && typeof IntersectionObserver === 'function') {
  const part = (selector: string): HTMLElement | null => bar.querySelector(selector);
  const text = (selector: string): string => form.querySelector(selector)?.textContent?.trim() ?? '';
  const sync = (): void => {
    const choice = [text('.product-option--color .product-option__selected'), text('.product-option--size .product-option__selected')].filter(Boolean);
    if (choice.length) part('[data-sticky-choice]')!.textContent = choice.join(' · ');
    const price = text('.product__price .price__current');
    if (price) part('[data-sticky-price]')!.textContent = price;
    const own = form.querySelector<HTMLButtonElement>('.product-form__submit');
    const submit = part('[data-sticky-submit]') as HTMLButtonElement;
    if (own) {
      submit.disabled = own.disabled;
      submit.textContent = own.textContent;
    }
    part('[data-sticky-error]')!.textContent = text('.form-error');
  };
  // The form's answer to an add from the bar (a refusal in its alert) is written while the bar shows.
  const errors = new MutationObserver(() => (part('[data-sticky-error]')!.textContent = text('.form-error')));
  new IntersectionObserver(([entry]) => {
    // Above the screen: scrolled past. Below it (a phone's first screen is the gallery): not yet.
    const shown = !!entry && !entry.isIntersecting && entry.boundingClientRect.bottom < 0;
    if (shown) {
      sync();
      errors.observe(form, { subtree: true, childList: true, characterData: true });
    } else {
      errors.disconnect();
    }
    bar.classList.toggle('is-shown', shown);
    // The form itself: the island redraws what is inside it, and an observed node it replaced
    // would never be reported again.
  }).observe(form);
  // The bag's code is asked for as the shopper reaches for the bar's button (as for the form's).
  for (const type of ['pointerdown', 'focusin']) {
    part('[data-sticky-submit]')!.addEventListener(type, () => document.dispatchEvent(new CustomEvent('panel:intent', { detail: 'cart' })), { passive: true });
  }
}
