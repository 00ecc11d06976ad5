// Email patterns (spec §5).

/**
 * Login, sign-up and forgot-password: the WHATWG "valid e-mail address" rule (what
 * <input type=email> checks), with a dot required in the domain as a shop address needs one.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Personal-details password recovery: the spec's simple pattern. */
export const SIMPLE_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** Surrounding spaces (a paste) are forgiven; the form should send the trimmed value. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isValidSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL_PATTERN.test(value.trim());
}
