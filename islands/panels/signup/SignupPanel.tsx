// Sign up (spec §2, §5, §7): first name (2+), email, password (5+) and its confirmation (5+,
// equal: 'Passwords must match.'), terms ticked; the button stays disabled until all hold. Posts
// create_customer to {root}account with an empty last name and the language as a tag.
import { useState } from 'react';
import { validateSignup, type SignupField, type SignupValues } from '../../../shared/validation/signup';
import { visibleErrors } from '../../../shared/validation/form';
import { bootstrap } from '../../../shared/bootstrap';
import { language, t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { Field, PasswordField, useActivatedFields } from '../login/fields';
import { AccountPanel } from '../login/AccountPanel';
import { reloadSignedIn, submitCustomerForm } from '../login/customer-form';
import { useSubmission } from '../login/submission';

export const titleKey = 'signup.title';

const EMPTY: SignupValues = { firstName: '', email: '', password: '', confirmPassword: '', terms: false };

export default function SignupPanel({ titleId }: PanelProps) {
  const { values, activated, edit } = useActivatedFields<SignupValues>(EMPTY);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { pending, feedback, run } = useSubmission();

  // Spec §4: the confirmation is hidden while the password is shown, and follows the password
  // (the shopper can read what they typed), as on the new-password form: what is judged is what
  // the fields hold, so a hidden confirmation never differs from the password it stands for.
  const result = validateSignup(values);
  const shown = visibleErrors(result, passwordVisible ? { ...activated, confirmPassword: false } : activated);
  const message = (key: SignupField) => (shown[key] ? t(shown[key]) : null);
  const root = bootstrap().rootUrl;

  const submit = () =>
    void run(async () => {
      const answer = await submitCustomerForm('account.create', 'create_customer', {
        'customer[first_name]': values.firstName.trim(),
        'customer[last_name]': '',
        'customer[email]': values.email.trim(),
        'customer[password]': values.password,
        'customer[tags]': `lang:${language()}`,
      });
      if (answer.kind === 'success') reloadSignedIn();
      return answer;
    });

  const termsError = message('terms');
  return (
    <AccountPanel
      titleId={titleId}
      title={t('signup.title')}
      action={`${root}account`}
      onSubmit={submit}
      submit={t('signup.submit')}
      valid={result.valid}
      pending={pending}
      feedback={feedback}
      links={
        <p className="account-panel__link">
          {t('signup.have_account')}{' '}
          <a href={`${root}account/login`} data-action="login">
            {t('signup.login_link')}
          </a>
        </p>
      }
    >
      <Field
        id="signup-first-name"
        name="customer[first_name]"
        autoComplete="given-name"
        label={t('signup.first_name')}
        value={values.firstName}
        error={message('firstName')}
        onInput={edit('firstName')}
      />
      <Field
        id="signup-email"
        name="customer[email]"
        type="email"
        autoComplete="email"
        label={t('common.email')}
        value={values.email}
        error={message('email')}
        onInput={edit('email')}
      />
      <PasswordField
        id="signup-password"
        name="customer[password]"
        autoComplete="new-password"
        label={t('common.password')}
        value={values.password}
        error={message('password')}
        onInput={(password) => {
          edit('password')(password);
          if (passwordVisible) edit('confirmPassword')(password);
        }}
        visible={passwordVisible}
        onToggle={(visible) => {
          if (visible) edit('confirmPassword')(values.password);
          setPasswordVisible(visible);
        }}
      />
      <PasswordField
        id="signup-confirm-password"
        name="confirm_password"
        autoComplete="new-password"
        label={t('signup.confirm_password')}
        value={values.confirmPassword}
        error={message('confirmPassword')}
        onInput={edit('confirmPassword')}
        toggle={false}
        hidden={passwordVisible}
      />
      <div className="field field--checkbox">
        <input
          id="signup-terms"
          type="checkbox"
          checked={values.terms}
          onChange={(event) => edit('terms')(event.currentTarget.checked)}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? 'signup-terms-error' : undefined}
        />
        <label htmlFor="signup-terms" dangerouslySetInnerHTML={{ __html: t('signup.terms_html', { url: `${root}pages/terms-of-use` }) }} />
        {termsError && (
          <p id="signup-terms-error" className="field__error">
            {termsError}
          </p>
        )}
      </div>
    </AccountPanel>
  );
}
