// Form fields of the sign-in panels: a label, the input, and the field's message once the field
// is activated (first edit, spec §4), tied to the input with aria-describedby / aria-invalid.
import { useState, type ReactNode } from 'react';
import { PasswordToggle } from '../../../shared/account/PasswordToggle';

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

/** A password field with its show/hide button (spec §4). */
export function PasswordField({ visible: controlled, onToggle, toggle = true, ...props }: PasswordProps) {
  const [own, setOwn] = useState(false);
  const visible = controlled ?? own;
  const flip = () => {
    setOwn(!visible);
    onToggle?.(!visible);
  };
  const button = toggle ? <PasswordToggle className="field__toggle" controls={props.id} visible={visible} onToggle={flip} /> : null;
  return <Field {...props} type={visible ? 'text' : 'password'} after={button} />;
}
