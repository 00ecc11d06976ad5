// The password-reset block of personal details (spec §2, §4, §5, §7, §8). The server drew the
// platform's recover form, which works on its own; this adds what the spec asks on top of it,
// without a framework (a form needs no re-rendering): Reset stays disabled until the email
// matches the simple pattern, the form is sent without leaving the page, and once the request
// is done the confirmation is shown, whatever came back (the answer is not read; a failure is
// logged only).
import { postForm } from '../../shared/api/client';
import { endpointUrl } from '../../shared/api/endpoints';
import { isValidSimpleEmail } from '../../shared/validation/email';
import { t } from '../../shared/i18n';

export function enhanceRecoverForm(form: HTMLFormElement): boolean {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const message = form.querySelector<HTMLElement>('.account-recover__message');
  if (!input || !button || !message) return false;
  let pending = false;

  const update = (): void => {
    const valid = isValidSimpleEmail(input.value);
    button.disabled = !valid || pending;
    if (input.value !== '' && !valid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  input.addEventListener('input', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending || !isValidSimpleEmail(input.value)) return;
    const email = input.value.trim();
    const action = endpointUrl('account.recover');
    pending = true;
    message.textContent = '';
    update();
    void postForm(action, { form_type: 'recover_customer_password', utf8: '✓', email }).then(({ status }) => {
      // A network failure (0) was logged by the client; an HTTP failure is logged here.
      if (status >= 400) console.error(`POST ${action} answered ${status}`);
      pending = false;
      update();
      message.textContent = t('personal_details.recovery_confirmation', { email });
    });
  });
  update();
  return true;
}

export function start(nodes: HTMLElement[]): void {
  for (const node of nodes) {
    const form = node.querySelector('form');
    if (form) enhanceRecoverForm(form);
  }
}
