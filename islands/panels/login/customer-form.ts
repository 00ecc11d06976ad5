// Posts the platform's customer forms (spec §7) the way a native form would, and reads the
// answer the way the platform gives it: success is a redirect (login → /account, create → /),
// failure renders the form's page again with the errors in a known container (the login and
// register sections put `form.errors | default_errors` inside #<form>-errors).
import { postForm } from '../../../shared/api/client';
import { endpointUrl, type EndpointName } from '../../../shared/api/endpoints';

export type CustomerFormResult =
  | { kind: 'success' }
  /** Server error HTML, not yet sanitised. */
  | { kind: 'errors'; html: string }
  /** The platform wants a captcha solved on its own page. */
  | { kind: 'challenge'; url: string }
  | { kind: 'too-many-requests' }
  | { kind: 'failed' };

/** The container ids the theme's customer sections give their form errors. */
export const ERROR_CONTAINERS = {
  customer_login: 'customer_login-errors',
  create_customer: 'create_customer-errors',
  recover_customer_password: 'recover_customer_password-errors',
} as const;

export type CustomerFormType = keyof typeof ERROR_CONTAINERS;

/** The error HTML inside a page's container for formType, or null when it shows none. */
export function extractFormErrors(pageHtml: string, formType: CustomerFormType): string | null {
  const doc = new DOMParser().parseFromString(pageHtml, 'text/html');
  const container = doc.getElementById(ERROR_CONTAINERS[formType]);
  const errors = container?.querySelector('.errors') ?? null;
  const html = errors?.outerHTML.trim() ?? '';
  return html && errors?.textContent?.trim() ? html : null;
}

export async function submitCustomerForm(endpoint: EndpointName, formType: CustomerFormType, fields: Record<string, string>): Promise<CustomerFormResult> {
  const answer = await postForm(endpointUrl(endpoint), { form_type: formType, utf8: '✓', ...fields });
  if (answer.status === 429) return { kind: 'too-many-requests' };
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status !== 0) console.error(`${formType} answered ${answer.status}`);
    return { kind: 'failed' };
  }
  const errors = extractFormErrors(answer.text, formType);
  if (errors) return { kind: 'errors', html: errors };
  const landed = answer.url ? new URL(answer.url, window.location.origin) : null;
  if (answer.redirected && landed && /\/challenge\/?$/.test(landed.pathname)) return { kind: 'challenge', url: landed.href };
  return answer.redirected ? { kind: 'success' } : { kind: 'failed' };
}

/** After signing in or up: the same page again without the panel, so the header greets. */
export function reloadSignedIn(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('rightSidebar');
  window.location.replace(url.href);
}
