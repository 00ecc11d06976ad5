// The phone's add-to-bag bar once shown (snippets/product-sticky-buy's few lines load this when
// the product form first leaves the screen): each time the bar appears it copies the form's chosen colour and size, price, and
// the button's words and state (the form cannot change while it is out of view), and while it
// shows, a refusal the form writes in its alert (out of view) is written in the bar too.

export type StickyBar = { show(shown: boolean): void };

export function stickyBar(bar: HTMLElement, form: HTMLFormElement): StickyBar {
  const part = (selector: string): HTMLElement | null => bar.querySelector(selector);
  const text = (selector: string): string => form.querySelector(selector)?.textContent?.trim() ?? '';
  const submit = part('[data-sticky-submit]') as HTMLButtonElement;
  const error = part('[data-sticky-error]')!;
  const sync = (): void => {
    const choice = [text('.product-option--color .product-option__selected'), text('.product-option--size .product-option__selected')].filter(Boolean);
    if (choice.length) part('[data-sticky-choice]')!.textContent = choice.join(' · ');
    const price = text('.product__price .price__current');
    if (price) part('[data-sticky-price]')!.textContent = price;
    const own = form.querySelector<HTMLButtonElement>('.product-form__submit');
    if (own) {
      submit.disabled = own.disabled;
      submit.textContent = own.textContent;
    }
    error.textContent = text('.form-error');
  };
  const errors = new MutationObserver(() => (error.textContent = text('.form-error')));
  // The bag's code is asked for as the shopper reaches for the bar's button (as for the form's).
  for (const type of ['pointerdown', 'focusin']) {
    submit.addEventListener(type, () => document.dispatchEvent(new CustomEvent('panel:intent', { detail: 'cart' })), { passive: true });
  }
  return {
    show(shown) {
      if (shown) {
        sync();
        errors.observe(form, { subtree: true, childList: true, characterData: true });
      } else {
        errors.disconnect();
      }
      bar.classList.toggle('is-shown', shown);
    },
  };
}
