// Login and forgot-password forms (spec §5): email must match, the password may be anything.
import { isValidEmail } from './email';
import { field, formResult, type FormResult } from './form';

export function validateLogin(values: { email: string; password: string }): FormResult<'email' | 'password'> {
  return formResult({
    email: field(isValidEmail(values.email), 'validation.email'),
    password: field(true, ''),
  });
}

export function validateForgotPassword(values: { email: string }): FormResult<'email'> {
  return formResult({ email: field(isValidEmail(values.email), 'validation.email') });
}
