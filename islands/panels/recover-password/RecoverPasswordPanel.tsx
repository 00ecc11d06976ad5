// After a recovery request (spec §4, §8): the confirmation naming the address, and the way back.
import { bootstrap } from '../../../shared/bootstrap';
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { recoveryEmail } from '../forgot-password/recovery-email';

export const titleKey = 'recover_password.title';

export default function RecoverPasswordPanel({ titleId }: PanelProps) {
  const email = recoveryEmail();
  const root = bootstrap().rootUrl;
  return (
    <div className="account-panel">
      <h2 id={titleId} className="panel-title">
        {t('recover_password.title')}
      </h2>
      <p className="account-panel__intro" role="status">
        {email ? t('forgot_password.confirmation', { email }) : t('recover_password.confirmation_no_email')}
      </p>
      <p className="account-panel__link">
        <a href={`${root}account/login`} data-action="login">
          {t('forgot_password.back_to_login')}
        </a>
      </p>
    </div>
  );
}
