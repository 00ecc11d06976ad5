// Server HTML shown in islands goes through DOMPurify, one configuration per kind of HTML.
// Only modules that show HTML import this file, so DOMPurify loads only on those pages.
import DOMPurify, { type Config } from 'dompurify';

// Rich page content (text pages, product materials): HTML only. Leaving out the SVG and
// MathML profiles removes the namespace-confusion tricks (<svg><script>, <math><mtext>…)
// altogether; scripts, event handlers and javascript: URLs are DOMPurify's defaults.
const PAGE_CONTENT: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed'],
  FORBID_ATTR: ['style', 'formaction'],
};

// Login and sign-up errors from the platform: short lists with links and images, e.g.
// <ul class="errors"><li>…</li></ul> or <ol start="2">. Nothing else gets through.
const FORM_ERRORS: Config = {
  ALLOWED_TAGS: ['ul', 'ol', 'li', 'p', 'div', 'span', 'br', 'strong', 'b', 'em', 'i', 'a', 'img'],
  ALLOWED_ATTR: ['class', 'start', 'href', 'src', 'alt', 'width', 'height'],
};

// RETURN_TRUSTED_TYPE is never set, so DOMPurify answers a plain string.
export function sanitizePageContent(html: string): string {
  return DOMPurify.sanitize(html, PAGE_CONTENT) as string;
}

export function sanitizeFormErrors(html: string): string {
  return DOMPurify.sanitize(html, FORM_ERRORS) as string;
}
