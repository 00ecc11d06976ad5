// Add to bag before the form's island has come (issue 40): the first tap on the page posts at
// once, where holding it for the island (shared/runtime/schedule.ts: takesSubmit) waited on the
// island's code, its first render and its effects, some 300 ms on a slow phone, before the
// request even left. Part of the form's entry (loaded with the page), so it is kept small:
//
// - The server's form is posted as the platform's Ajax Cart API takes it (POST <action>.js with
//   the form's fields: its variant select follows the pickers, see index.tsx), and the answer is
//   handed to the cart store (adoptAdd), which draws the bag from it and opens the panel.
// - One tap is one add: while it is in flight the form says so (data-early-add="pending") and
//   further submits are the same wish, swallowed; the island, once it has the form, reads the
//   same attribute (ProductForm.tsx) before adding. From the island's take-over on
//   (data-island-submit="taken"), submits are the island's.
// - A request that cannot leave (no connection) is a failed add, as the island's would be (spec
//   §8): the store logs it and the shopper is told, the page kept; an add that was answered when
//   the store's code cannot come takes the shopper to the bag's page (where the platform's redirect
//   for /cart opens the panel).

/** The form's state while an early add is in flight, and the event when it settles. */
export const EARLY_ADD = 'earlyAdd';
export const EARLY_ADD_SETTLED = 'early-add:settled';

const isProductForm = (form: EventTarget | null): form is HTMLFormElement =>
  form instanceof HTMLFormElement && form.querySelector('[data-island="product-form"]') !== null;

/** Posts the product form's submits that come before its island has taken the form. */
export function postEarlyAdds(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!isProductForm(form) || form.dataset['islandSubmit'] === 'taken') return;
      // Buy it now (the platform's button, name="checkout") posts the form natively: to checkout.
      if (event.submitter?.getAttribute('name') === 'checkout') return;
      event.preventDefault();
      // The island's hold (schedule.ts) would post it again once its code came.
      event.stopImmediatePropagation();
      if (form.dataset[EARLY_ADD] === 'pending') return;
      form.dataset[EARLY_ADD] = 'pending';
      const settle = (added: boolean, message = ''): void => {
        form.dataset[EARLY_ADD] = added ? 'added' : 'refused';
        form.dataset['earlyAddError'] = message;
        // The island reads the message if it has drawn the form since; else it is written here.
        if (!added && !form.querySelector('[data-island-mounted]')) {
          const alert = form.querySelector('.form-error');
          if (alert) alert.textContent = message;
        }
        form.dispatchEvent(new Event(EARLY_ADD_SETTLED));
      };
      const body = new FormData(form, event.submitter);
      // A request that cannot leave (no connection) is a failed add, as the island's own would be
      // (spec §8): logged by the store, said to the shopper, the page kept as it is.
      const sent = fetch(`${form.action}.js`, { method: 'POST', headers: { Accept: 'application/json' }, body }).then(
        async (response) => ({ status: response.status, body: (await response.json().catch(() => null)) as unknown }),
        () => ({ status: 0, body: null as unknown }),
      );
      void import('../../shared/stores/cart')
        .then(({ adoptAdd }) => adoptAdd(sent))
        .then(
          (result) => settle(result.ok, result.ok ? '' : result.message),
          // The store's code did not come: an add that was answered is shown on the bag's page; one
          // that failed too leaves the form as it was, to be tapped again (nothing here can say why
          // in the page's language: the strings come with that code).
          () =>
            void sent.then(({ status }) => {
              if (status >= 200 && status < 300) window.location.assign(form.action.replace(/\/add$/, ''));
              else settle(false);
            }),
        );
    },
    true,
  );
}

/**
 * The bag panel's code is asked for on the shopper's intent: a finger down on add to bag, focus on
 * it, a pointer over it. Only there: a colour or a size touched first is no step towards the bag,
 * and the panel's code would weigh on that tap. The event is shared/runtime/panel-intent.ts's,
 * spelled here so that this entry does not pull that module in as a chunk of its own.
 */
export function loadBagOnIntent(): void {
  const types = ['pointerdown', 'focusin', 'mouseover'] as const;
  const intent = (event: Event): void => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-island="product-form"] [type="submit"]')) return;
    for (const type of types) document.removeEventListener(type, intent, true);
    document.dispatchEvent(new CustomEvent('panel:intent', { detail: 'cart' }));
  };
  for (const type of types) document.addEventListener(type, intent, { capture: true, passive: true });
}
