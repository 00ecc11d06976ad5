// The frame every sign-in panel shares (spec §2, §4): its title (the dialog's name), an optional
// intro, the form with what the server said and its submit button (disabled until the fields
// hold, busy while a submission runs), and the links to the other panels under it. Each panel
// keeps only its fields, its rules and what its answer does.
import type { ReactNode } from 'react';
import { FormErrors } from './FormErrors';
import type { Feedback } from './submission';

type Props = {
  titleId: string;
  title: string;
  intro?: ReactNode;
  /** Where the form posts without JavaScript (the platform's own form action). */
  action: string;
  onSubmit: () => void;
  /** The submit button's text. */
  submit: string;
  /** Whether the fields hold: the button stays disabled until they do. */
  valid: boolean;
  pending: boolean;
  feedback: Feedback;
  children: ReactNode;
  links: ReactNode;
};

export function AccountPanel({ titleId, title, intro, action, onSubmit, submit, valid, pending, feedback, children, links }: Props) {
  return (
    <div className="account-panel">
      <h2 id={titleId} className="panel-title">
        {title}
      </h2>
      {intro}
      <form
        className="account-form"
        action={action}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !pending) onSubmit();
        }}
      >
        {children}
        <FormErrors {...feedback} />
        <button type="submit" className="button button--block" disabled={!valid || pending} aria-busy={pending}>
          {submit}
        </button>
      </form>
      {links}
    </div>
  );
}
