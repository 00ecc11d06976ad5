// Sign-up form (spec §5, §9): first name ≥ 2, email, password ≥ 5, confirmation ≥ 5 and equal,
// terms ticked. The button stays disabled until `valid`.
import { isValidEmail } from './email';
import { field, formResult, type FormResult } from './form';

export const FIRST_NAME_MIN = 2;
export const SIGNUP_PASSWORD_MIN = 5;

export type SignupValues = {
  firstName: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
};

export type SignupField = keyof SignupValues;

export function validateSignup(v: SignupValues): FormResult<SignupField> {
  const confirmLong = v.confirmPassword.length >= SIGNUP_PASSWORD_MIN;
  return formResult({
    // A name of spaces is no name.
    firstName: field(v.firstName.trim().length >= FIRST_NAME_MIN, 'validation.first_name_min'),
    email: field(isValidEmail(v.email), 'validation.email'),
    password: field(v.password.length >= SIGNUP_PASSWORD_MIN, 'validation.password_min'),
    // Too short first, then the spec's message for a mismatch.
    confirmPassword: confirmLong ? field(v.confirmPassword === v.password, 'signup.validation_message') : field(false, 'validation.password_min'),
    terms: field(v.terms, 'validation.terms'),
  });
}
