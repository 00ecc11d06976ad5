// New password (spec §5, §9): each field at least 12 characters with a lower-case letter, an
// upper-case letter, a digit and a symbol; the two equal. One message for any failure, shown
// once both fields are activated (spec §4).
import { field, formResult, type FormResult } from './form';

export const NEW_PASSWORD_MIN = 12;
export const NEW_PASSWORD_MESSAGE = 'new_password.mismatch';

export type PasswordRules = { length: boolean; lower: boolean; upper: boolean; digit: boolean; symbol: boolean };

/** Each rule on its own, for a checklist. Letters of any alphabet count (a Cyrillic Ж is upper). */
export function passwordRules(password: string): PasswordRules {
  return {
    length: [...password].length >= NEW_PASSWORD_MIN,
    lower: /\p{Ll}/u.test(password),
    upper: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    // A symbol is anything that is not a letter, a digit or white space.
    symbol: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(passwordRules(password)).every(Boolean);
}

export function validateNewPassword(v: { password: string; confirmation: string }): FormResult<'password' | 'confirmation'> {
  return formResult({
    password: field(isStrongPassword(v.password), NEW_PASSWORD_MESSAGE),
    confirmation: field(isStrongPassword(v.confirmation) && v.confirmation === v.password, NEW_PASSWORD_MESSAGE),
  });
}

/** The message to show, or null: only after both fields were edited, and only if invalid. */
export function newPasswordMessage(result: FormResult<'password' | 'confirmation'>, activated: { password?: boolean; confirmation?: boolean }): string | null {
  return activated.password && activated.confirmation && !result.valid ? NEW_PASSWORD_MESSAGE : null;
}
