import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidSimpleEmail } from '../../shared/validation/email';
import { validateForgotPassword, validateLogin } from '../../shared/validation/login';
import { validateSignup, type SignupValues } from '../../shared/validation/signup';
import { newPasswordMessage, passwordRules, validateNewPassword } from '../../shared/validation/password';
import { visibleErrors } from '../../shared/validation/form';

describe('email patterns', () => {
  it.each(['olena@shop.ua', 'a.b+tag@mail.example.com', ' spaced@shop.ua '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'olena', 'olena@', '@shop.ua', 'olena@shop', 'ol ena@shop.ua', 'olena@shop..ua', 'olena@-shop.ua', 'a@b@c.ua'])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('the recovery pattern is the simple one', () => {
    expect(isValidSimpleEmail('a@b.c')).toBe(true);
    expect(isValidSimpleEmail('ім’я@пошта.укр')).toBe(true);
    expect(isValidSimpleEmail('a@b')).toBe(false);
    expect(isValidSimpleEmail('a b@c.d')).toBe(false);
  });
});

describe('login and forgot password', () => {
  it('needs a valid email; any password', () => {
    expect(validateLogin({ email: 'a@shop.ua', password: '' }).valid).toBe(true);
    const bad = validateLogin({ email: 'a@shop', password: 'x' });
    expect(bad.valid).toBe(false);
    expect(bad.fields.email.error).toBe('validation.email');
    expect(validateForgotPassword({ email: 'a@shop.ua' }).valid).toBe(true);
    expect(validateForgotPassword({ email: 'nope' }).valid).toBe(false);
  });
});

describe('sign-up', () => {
  const good: SignupValues = { firstName: 'Iv', email: 'iv@shop.ua', password: '12345', confirmPassword: '12345', terms: true };

  it('accepts the minimum valid form', () => {
    expect(validateSignup(good).valid).toBe(true);
  });

  it.each([
    ['firstName', { firstName: 'I' }, 'validation.first_name_min'],
    ['firstName', { firstName: '  I  ' }, 'validation.first_name_min'],
    ['email', { email: 'iv@shop' }, 'validation.email'],
    ['password', { password: '1234', confirmPassword: '1234' }, 'validation.password_min'],
    ['confirmPassword', { confirmPassword: '1234' }, 'validation.password_min'],
    ['confirmPassword', { confirmPassword: '12346' }, 'signup.validation_message'],
    ['terms', { terms: false }, 'validation.terms'],
  ] as const)('rejects a bad %s', (key, change, message) => {
    const result = validateSignup({ ...good, ...change });
    expect(result.valid).toBe(false);
    expect(result.fields[key].error).toBe(message);
  });

  it('shows messages only for activated fields', () => {
    const result = validateSignup({ ...good, firstName: '', email: 'x' });
    expect(visibleErrors(result, {})).toEqual({});
    expect(visibleErrors(result, { email: true, password: true })).toEqual({ email: 'validation.email' });
  });
});

describe('new password', () => {
  const strong = 'Kyiv-Spring-2026';

  it('reports each rule', () => {
    expect(passwordRules('short1A!')).toEqual({ length: false, lower: true, upper: true, digit: true, symbol: true });
    expect(passwordRules('alllowercase1!')).toMatchObject({ upper: false });
    expect(passwordRules('ALLUPPERCASE1!')).toMatchObject({ lower: false });
    expect(passwordRules('NoDigitsHere!!')).toMatchObject({ digit: false });
    expect(passwordRules('NoSymbols12345')).toMatchObject({ symbol: false });
    expect(passwordRules('Has Space 12345')).toMatchObject({ symbol: false });
    expect(Object.values(passwordRules(strong)).every(Boolean)).toBe(true);
    // Cyrillic letters count as letters, not as symbols.
    expect(passwordRules('Київ2026весна')).toMatchObject({ lower: true, upper: true, symbol: false });
  });

  it('needs both strong and equal', () => {
    expect(validateNewPassword({ password: strong, confirmation: strong }).valid).toBe(true);
    expect(validateNewPassword({ password: strong, confirmation: `${strong}x` }).valid).toBe(false);
    expect(validateNewPassword({ password: 'weakweakweak', confirmation: 'weakweakweak' }).valid).toBe(false);
  });

  it('shows the spec message only once both fields are activated', () => {
    const mismatch = validateNewPassword({ password: strong, confirmation: 'other' });
    expect(newPasswordMessage(mismatch, { password: true })).toBeNull();
    expect(newPasswordMessage(mismatch, { password: true, confirmation: true })).toBe('new_password.mismatch');
    const ok = validateNewPassword({ password: strong, confirmation: strong });
    expect(newPasswordMessage(ok, { password: true, confirmation: true })).toBeNull();
  });
});
