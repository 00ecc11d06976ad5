// What the server said about a sign-in form (spec §8): its error HTML, shown only after
// DOMPurify (images and class/start attributes allowed, nothing that runs), or one of our own
// messages. The sanitiser is loaded the first time server HTML arrives, so the panels stay small.
import { useEffect, useState } from 'react';

type Props = { html?: string | null; text?: string | null };

export function FormErrors({ html = null, text = null }: Props) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    setClean(null);
    if (!html) return;
    let current = true;
    import('../../../shared/sanitize')
      .then(({ sanitizeFormErrors }) => current && setClean(sanitizeFormErrors(html)))
      .catch((error: unknown) => console.error('Could not load the sanitiser', error));
    return () => {
      current = false;
    };
  }, [html]);
  // The alert region is always in the page, so what lands in it is announced.
  if (html) return <div className="form-errors" role="alert" dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
  return (
    <div className="form-errors" role="alert">
      {text && <p>{text}</p>}
    </div>
  );
}
