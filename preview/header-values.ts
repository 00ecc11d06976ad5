import type { FastifyReply } from 'fastify';

// Header values built from a client's input (a form's return_to in Location) may hold characters
// no header can carry: Node refuses anything beyond Latin-1 (ERR_INVALID_CHAR) and the answer
// would fail with 500. Browsers and the platform send such an address percent-encoded as UTF-8,
// and so does the preview, for every header, just before it is sent.

// An address (Location) carries visible ASCII only; any other header also spaces and tabs
// (Content-Type's parameters, a Cache-Control list, Link's `; rel=preload`), and there only
// characters beyond ASCII are encoded (in Link, the address between < > is where they are).
const ADDRESS_HEADERS = new Set(['location', 'content-location']);
const OUTSIDE_ADDRESS = /[^\x21-\x7e]+/g;
const OUTSIDE_TEXT = /[^\t\x20-\x7e]+/g;
// A surrogate without its pair (JSON can carry one) is no character: encoded as U+FFFD, as a browser does.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `value` with every run of characters outside `allowed` percent-encoded as UTF-8. */
function encodeOutside(value: string, outside: RegExp): string {
  outside.lastIndex = 0;
  if (!outside.test(value)) return value;
  return value.replace(LONE_SURROGATE, '\ufffd').replace(outside, (run) => encodeURIComponent(run));
}

/** An address for Location: characters outside visible ASCII percent-encoded, `%41` left as it is. */
export function encodeAddress(value: string): string {
  return encodeOutside(value, OUTSIDE_ADDRESS);
}

/** Every header of the reply made sendable, as late as possible (an onSend hook). */
export function encodeHeaderValues(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const outside = ADDRESS_HEADERS.has(name) ? OUTSIDE_ADDRESS : OUTSIDE_TEXT;
    if (typeof value === 'string') {
      const encoded = encodeOutside(value, outside);
      if (encoded !== value) reply.header(name, encoded);
    } else if (Array.isArray(value)) {
      const encoded = value.map((item) => encodeOutside(String(item), outside));
      // reply.header adds to a list header (Set-Cookie) rather than replacing it.
      if (encoded.some((item, i) => item !== value[i])) reply.removeHeader(name).header(name, encoded);
    }
  }
}
