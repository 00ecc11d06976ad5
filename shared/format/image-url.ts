// The platform's image addresses take ?width= and keep their own query (?v=): one file at
// another width is the same address with that width. Cards, cart lines and upsells ask for their
// widths this one way.

/** A CDN image address at another width. */
export function imageAtWidth(url: string, width: number): string {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('width', `${width}`);
  return `${path}?${params}`;
}
