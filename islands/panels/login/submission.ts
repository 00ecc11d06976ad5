// One submission at a time for a sign-in panel, and what to show after it.
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import type { CustomerFormResult } from './customer-form';

export type Feedback = { html?: string | null; text?: string | null };

/** The message for an answer that is not a success (success leaves the page or the panel). */
export function feedbackFor(result: CustomerFormResult): Feedback {
  switch (result.kind) {
    case 'errors':
      return { html: result.html };
    case 'too-many-requests':
      return { text: t('errors.too_many_requests') };
    case 'challenge':
      // The platform's captcha page takes over; leave for it.
      window.location.assign(result.url);
      return {};
    case 'failed':
      return { text: t('errors.generic') };
    default:
      return {};
  }
}

export function useSubmission() {
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>({});
  const run = async (send: () => Promise<CustomerFormResult>) => {
    setPending(true);
    setFeedback({});
    const result = await send();
    // A success navigates away (or moves to another panel): keep the button disabled.
    if (result.kind === 'success') return;
    setPending(false);
    setFeedback(feedbackFor(result));
  };
  return { pending, feedback, run };
}
