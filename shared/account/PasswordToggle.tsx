// The show/hide button of a password field (spec §4), one for every form that has one (the
// sign-in panels, the new password page): a toggle named once, its state in aria-pressed (a
// toggle's name does not change with its state), the eye struck through while the password shows.
import { t } from '../i18n';

type Props = { controls: string; visible: boolean; onToggle: () => void; className: string };

export function PasswordToggle({ controls, visible, onToggle, className }: Props) {
  return (
    <button type="button" className={className} aria-pressed={visible} aria-controls={controls} aria-label={t('common.show_password')} onClick={onToggle}>
      <svg className="icon" aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
        {visible && <path d="m3 3 18 18" />}
      </svg>
    </button>
  );
}
