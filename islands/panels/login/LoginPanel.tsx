// Log in (spec §2, §5, §7): email and password, submit disabled until the email matches the
// pattern; posts customer_login to {root}account/login. Success reloads the page so the header
// greets; failure shows the platform's errors, sanitised.
import { validateLogin } from '../../../shared/validation/login';
import { visibleErrors } from '../../../shared/validation/form';
import { bootstrap } from '../../../shared/bootstrap';
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { Field, PasswordField, useActivatedFields } from './fields';
import { AccountPanel } from './AccountPanel';
import { reloadSignedIn, submitCustomerForm } from './customer-form';
import { useSubmission } from './submission';

export const titleKey = 'login.title';

export default function LoginPanel({ titleId }: PanelProps) {
  const { values, activated, edit } = useActivatedFields({ email: '', password: '' });
  const { pending, feedback, run } = useSubmission();
  const result = validateLogin(values);
  const shown = visibleErrors(result, activated);
  const root = bootstrap().rootUrl;

  const submit = () =>
    void run(async () => {
      const answer = await submitCustomerForm('account.login', 'customer_login', {
        'customer[email]': values.email.trim(),
        'customer[password]': values.password,
      });
      if (answer.kind === 'success') reloadSignedIn();
      return answer;
    });

  return (
    <AccountPanel
      titleId={titleId}
      title={t('login.title')}
      action={`${root}account/login`}
      onSubmit={submit}
      submit={t('login.submit')}
      valid={result.valid}
      pending={pending}
      feedback={feedback}
      links={
        <>
          <p className="account-panel__link">
            <a href={`${root}account/login#recover`} data-action="forgot-password">
              {t('login.forgot_password')}
            </a>
          </p>
          <p className="account-panel__link">
            {t('login.no_account')}{' '}
            <a href={`${root}account/register`} data-action="signup">
              {t('login.signup_link')}
            </a>
          </p>
        </>
      }
    >
      <Field
        id="login-email"
        name="customer[email]"
        type="email"
        autoComplete="email"
        label={t('common.email')}
        value={values.email}
        error={shown.email ? t(shown.email) : null}
        onInput={edit('email')}
      />
      <PasswordField
        id="login-password"
        name="customer[password]"
        autoComplete="current-password"
        label={t('common.password')}
        value={values.password}
        error={null}
        onInput={edit('password')}
      />
    </AccountPanel>
  );
}
