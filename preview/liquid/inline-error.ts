// The platform's inline Liquid error: where rendering fails at run time (an integer divided by
// zero, a paginate over something that is not a paginated list), a shop prints this text where
// the failing output or tag stood, answers 200, and renders the rest of the page.
import type { Token } from 'liquidjs';

/** The file a template was read from as the platform names it in errors: sections/main-product. */
function templateName(file: string): string {
  return file
    .split(/[\\/]/)
    .slice(-2)
    .join('/')
    .replace(/\.liquid$/, '');
}

/** "Liquid error (sections/main-product line 2): divided by 0" for `message` at `token`. */
export function inlineErrorText(token: Token | undefined, message: string): string {
  if (!token) return `Liquid error: ${message}`;
  const [line] = token.getPosition();
  return `Liquid error (${token.file ? `${templateName(token.file)} ` : ''}line ${line}): ${message}`;
}
