// The password-reset block of personal details: see recover.ts.
import { enhanceRecoverForm } from './recover';

for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-island="account-recover"]:not([data-island-mounted])'))) {
  const form = node.querySelector('form');
  if (form && enhanceRecoverForm(form)) node.setAttribute('data-island-mounted', '');
}
