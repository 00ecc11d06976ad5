// Forgot password (spec §4, §5, §7, §8): an email matching the pattern enables Send, which posts
// recover_customer_password to {root}account/recover. The answer's body is not read: success
// moves to the recover-password panel, 429 says too many requests, anything else says it failed.
import { useState } from 'react';
import { validateForgotPassword } from '../../../shared/validation/login';
import { bootstrap } from '../../../shared/bootstrap';
import { openPanel } from '../../../shared/stores/panel';
import { postForm } from '../../../shared/api/client';
import { endpointUrl } from '../../../shared/api/endpoints';
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { Field } from '../login/fields';
import { AccountPanel } from '../login/AccountPanel';
import { rememberRecoveryEmail } from './recovery-email';

export const titleKey = 'forgot_password.title';

export default function ForgotPasswordPanel({ titleId }: PanelProps) {
  const [email, setEmail] = useState('');
  const [activated, setActivated] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const result = validateForgotPassword({ email });
  const shown = activated ? result.fields.email.error : null;
  const root = bootstrap().rootUrl;

  const submit = async () => {
    setPending(true);
    setError('');
    const address = email.trim();
    const answer = await postForm(endpointUrl('account.recover'), { utf8: '✓', form_type: 'recover_customer_password', email: address });
    if (answer.status >= 200 && answer.status < 300) {
      rememberRecoveryEmail(address);
      openPanel('recover-password');
      return;
    }
    if (answer.status === 429) setError(t('errors.too_many_requests'));
    else {
      console.error(`recover_customer_password answered ${answer.status}`);
      setError(t('forgot_password.error_message'));
    }
    setPending(false);
  };

  return (
    <AccountPanel
      titleId={titleId}
      title={t('forgot_password.title')}
      intro={<p className="account-panel__intro">{t('forgot_password.description')}</p>}
      action={`${root}account/recover`}
      onSubmit={() => void submit()}
      submit={t('forgot_password.submit')}
      valid={result.valid}
      pending={pending}
      feedback={{ text: error }}
      links={
        <p className="account-panel__link">
          <a href={`${root}account/login`} data-action="login">
            {t('forgot_password.back_to_login')}
          </a>
        </p>
      }
    >
      <Field
        id="forgot-email"
        name="email"
        type="email"
        autoComplete="email"
        label={t('common.email')}
        value={email}
        error={shown ? t(shown) : null}
        onInput={(value) => {
          setEmail(value);
          setActivated(true);
        }}
      />
    </AccountPanel>
  );
}
