// Addresses from storage or another tab are input like any other: a planted `javascript:` link
// would run on a click. Only same-site paths and http(s) addresses are used.

/**
 * The address as given when it is a same-site path or resolves to http(s) (a browser resolves it
 * as URL does, so what is checked is what a click opens); '#' for anything else.
 */
export function safeUrl(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}
