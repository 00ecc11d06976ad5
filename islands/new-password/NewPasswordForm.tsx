// The new-password screen (spec §2, §4, §5): the success view when the address says
// ?recovered=true, otherwise the form. The first field has a show/hide toggle; while it shows
// the password, the confirmation is hidden and follows it (the shopper can read what they
// typed, and a hidden field cannot be filled). The error shows once both fields were edited and
// they differ or break a rule; Set password is disabled until both are valid and equal.
// The form posts what the native form would (the server's action, hidden token and id) without
// leaving the page: the platform answers success with a redirect to /account, and then the
// address gains ?recovered=true and the success view shows, as the spec's screen has it (the
// used link itself would no longer open). A refusal renders the form's page again: its errors
// are shown here. Without JavaScript the native post lands on /account, signed in.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { postForm } from '../../shared/api/client';
import { bootstrap } from '../../shared/bootstrap';
import { t } from '../../shared/i18n';
import { PasswordToggle } from '../../shared/account/PasswordToggle';
import { newPasswordMessage, validateNewPassword } from '../../shared/validation/password';

/** What the server's form said: where it posts, its hidden fields and any error it reported. */
export type ServerForm = {
  action: string;
  className: string;
  hidden: [string, string][];
  serverErrors: string[];
  /** The browser-side rule (pattern) the server wrote, kept so the form works the same. */
  pattern: string;
  title: string;
  /** What the shopper typed before the island mounted (it loads when first needed). */
  values: { password: string; confirmation: string };
};

export type NewPasswordProps = { loginUrl?: string; form: ServerForm; recovered: boolean };

const PASSWORD_ID = 'NewPassword';
const CONFIRMATION_ID = 'NewPasswordConfirmation';

/** The error texts of a page the server rendered again after refusing the form, or null when the page holds no new-password form. */
export function refusalMessages(pageHtml: string): string[] | null {
  const doc = new DOMParser().parseFromString(pageHtml, 'text/html');
  if (!doc.getElementById(PASSWORD_ID)) return null;
  return Array.from(doc.querySelectorAll('.new-password__server-error li'))
    .map((li) => (li.textContent ?? '').trim())
    .filter(Boolean);
}

/** Adds recovered=true to the address without loading the page again. */
function markRecovered(): void {
  const url = new URL(window.location.href);
  url.searchParams.set('recovered', 'true');
  window.history.replaceState(window.history.state, '', url.href);
}

export function NewPasswordForm({ loginUrl = '/?rightSidebar=login', form, recovered: initiallyRecovered }: NewPasswordProps) {
  const [password, setPassword] = useState(form.values.password);
  const [confirmation, setConfirmation] = useState(form.values.confirmation);
  const [visible, setVisible] = useState(false);
  const [activated, setActivated] = useState({ password: form.values.password !== '', confirmation: form.values.confirmation !== '' });
  const [recovered, setRecovered] = useState(initiallyRecovered);
  const [pending, setPending] = useState(false);
  const [serverErrors, setServerErrors] = useState(form.serverErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  // After a reset done here, the success heading takes the focus so that it is announced.
  useEffect(() => {
    if (recovered && !initiallyRecovered) successRef.current?.focus();
  }, [recovered, initiallyRecovered]);

  if (recovered) {
    return (
      <div className="new-password__success">
        <h1 className="account__title new-password__title" ref={successRef} tabIndex={-1}>
          {t('new_password.success')}
        </h1>
        <a className="button" href={loginUrl}>
          {t('new_password.login_link')}
        </a>
      </div>
    );
  }

  const result = validateNewPassword({ password, confirmation });
  const messageKey = newPasswordMessage(result, activated);
  const error = messageKey ? t(messageKey) : '';
  const showServerErrors = serverErrors.length > 0 && !activated.password && !activated.confirmation;

  const changePassword = (value: string) => {
    setPassword(value);
    if (visible) {
      setConfirmation(value);
      setActivated({ password: true, confirmation: true });
    } else {
      setActivated((a) => ({ ...a, password: true }));
    }
  };
  const changeConfirmation = (value: string) => {
    setConfirmation(value);
    setActivated((a) => ({ ...a, confirmation: true }));
  };
  const toggleVisible = () => {
    // Showing the password hides the confirmation, which then follows the password.
    if (!visible) setConfirmation(password);
    setVisible(!visible);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!result.valid) {
      setActivated({ password: true, confirmation: true });
      return;
    }
    if (pending) return;
    setPending(true);
    const fields: Record<string, string> = Object.fromEntries(form.hidden);
    fields['customer[password]'] = password;
    fields['customer[password_confirmation]'] = confirmation;
    const answer = await postForm(form.action, fields);
    setPending(false);
    const landed = answer.url ? new URL(answer.url, window.location.origin) : null;
    const accountPath = `${bootstrap().rootUrl}account`;
    if (answer.status >= 200 && answer.status < 300) {
      if (answer.redirected && landed?.pathname.replace(/\/$/, '') === accountPath) {
        markRecovered();
        setRecovered(true);
        return;
      }
      const refusal = refusalMessages(answer.text);
      if (refusal) {
        setServerErrors(refusal.length ? refusal : [t('new_password.mismatch')]);
        setActivated({ password: false, confirmation: false });
        return;
      }
      // Anywhere else (a used or wrong link goes home): go where the native form would have.
      if (landed) {
        window.location.assign(landed.href);
        return;
      }
    }
    if (answer.status !== 0) console.error(`POST ${form.action} answered ${answer.status}`);
    // The request itself failed: let the browser post the form the ordinary way.
    formRef.current?.submit();
  };

  // Both fields carry the same rules, so the browser checks them the same way without the island.
  const passwordRules = {
    className: 'account-field__input account-password__input',
    autoComplete: 'new-password',
    required: true,
    minLength: 12,
    pattern: form.pattern || undefined,
    title: form.title || undefined,
    'aria-describedby': 'NewPasswordError NewPasswordRules',
    'aria-invalid': error ? true : undefined,
  };

  return (
    <>
      <h1 className="account__title new-password__title">{t('new_password.title')}</h1>
      <form ref={formRef} className={form.className} method="post" action={form.action} acceptCharset="UTF-8" onSubmit={submit}>
        {form.hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div className="account-field">
          <label className="account-field__label" htmlFor={PASSWORD_ID}>
            {t('new_password.password')}
          </label>
          <div className="account-password">
            <input
              {...passwordRules}
              id={PASSWORD_ID}
              type={visible ? 'text' : 'password'}
              name="customer[password]"
              value={password}
              onChange={(event) => changePassword(event.currentTarget.value)}
            />
            <PasswordToggle className="account-password__toggle" controls={PASSWORD_ID} visible={visible} onToggle={toggleVisible} />
          </div>
        </div>
        <div className="account-field" hidden={visible}>
          <label className="account-field__label" htmlFor={CONFIRMATION_ID}>
            {t('new_password.confirmation')}
          </label>
          <div className="account-password">
            <input
              {...passwordRules}
              id={CONFIRMATION_ID}
              type="password"
              name="customer[password_confirmation]"
              value={confirmation}
              onChange={(event) => changeConfirmation(event.currentTarget.value)}
            />
          </div>
        </div>
        {showServerErrors && (
          <div className="form-error new-password__server-error" role="alert">
            <ul>
              {serverErrors.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="form-error new-password__error" id="NewPasswordError" role="alert">
          {error}
        </p>
        <div className="new-password__rules" id="NewPasswordRules">
          <p className="new-password__rules-title">{t('new_password.rules_title')}</p>
          <ul className="new-password__rules-list">
            <li>{t('new_password.rule_length')}</li>
            <li>{t('new_password.rule_mix')}</li>
            <li>{t('new_password.rule_not_word')}</li>
            <li>{t('new_password.rule_different')}</li>
          </ul>
        </div>
        <button className="button new-password__submit" type="submit" disabled={!result.valid || pending}>
          {t('new_password.submit')}
        </button>
      </form>
    </>
  );
}

/** Reads the server's form inside a mount node before the island replaces it. */
export function readServerForm(node: Element | null): ServerForm {
  const form = node?.querySelector('form') ?? null;
  const input = form?.querySelector<HTMLInputElement>(`#${PASSWORD_ID}`) ?? null;
  const confirmation = form?.querySelector<HTMLInputElement>(`#${CONFIRMATION_ID}`) ?? null;
  return {
    action: form?.getAttribute('action') ?? '',
    className: form?.getAttribute('class') ?? 'customer-form new-password__form',
    hidden: Array.from(form?.querySelectorAll<HTMLInputElement>('input[type="hidden"]') ?? []).map((i) => [i.name, i.value]),
    serverErrors: Array.from(form?.querySelectorAll('.new-password__server-error li') ?? [])
      .map((li) => (li.textContent ?? '').trim())
      .filter(Boolean),
    pattern: input?.getAttribute('pattern') ?? '',
    title: input?.getAttribute('title') ?? '',
    values: { password: input?.value ?? '', confirmation: confirmation?.value ?? '' },
  };
}
