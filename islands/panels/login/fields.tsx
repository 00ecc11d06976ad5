// Form fields of the sign-in panels: a label, the input, and the field's message once the field
// is activated (first edit, spec §4), tied to the input with aria-describedby / aria-invalid.
import { useState, type ReactNode } from 'react';
import { t } from '../../../shared/i18n';

/**
 * The values of a sign-in form and which fields are activated: a field is activated by its
 * first edit and only then judged (spec §4). `edit(key)` is the onInput of that field.
 */
export function useActivatedFields<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [activated, setActivated] = useState<Partial<Record<keyof V, boolean>>>({});
  const edit =
    <K extends keyof V>(key: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setActivated((a) => ({ ...a, [key]: true }));
    };
  return { values, activated, edit };
}

type FieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The message to show (already translated), or null. */
  error: string | null;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hidden?: boolean;
  /** Shown after the input, inside the field's box (the password toggle). */
  after?: ReactNode;
};

export function Field({ id, name, label, value, error, onInput, type = 'text', autoComplete, hidden, after }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field" hidden={hidden}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <input
          id={id}
          className="field__input"
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          spellCheck={type === 'text' ? undefined : false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
        {after}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type PasswordProps = Omit<FieldProps, 'type' | 'after'> & {
  /** Controlled visibility, when a form must know it (sign-up hides its confirmation). */
  visible?: boolean;
  onToggle?: (visible: boolean) => void;
  toggle?: boolean;
};

/** A password field with a show/hide button (spec §4): a named toggle with aria-pressed. */
export function PasswordField({ visible: controlled, onToggle, toggle = true, ...props }: PasswordProps) {
  const [own, setOwn] = useState(false);
  const visible = controlled ?? own;
  const flip = () => {
    setOwn(!visible);
    onToggle?.(!visible);
  };
  const button = toggle ? (
    // One name, its state in aria-pressed (a toggle's name does not change with its state).
    <button type="button" className="field__toggle" aria-pressed={visible} aria-controls={props.id} aria-label={t('common.show_password')} onClick={flip}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
        {visible && <path d="m3 3 18 18" />}
      </svg>
    </button>
  ) : null;
  return <Field {...props} type={visible ? 'text' : 'password'} after={button} />;
}
