// The platform's CDN compresses a theme asset or a cached page once and keeps the result: every
// later request for it is a copy, not another brotli pass. The preview did the compression again
// for every request (@fastify/compress on each send), which on a two-core machine cost the server
// as much time as the browser's page load (the 20 index pages and 20 chunks of a 5,000-product
// list). This keeps compressed bodies by what they are made from; anything not given here is
// still compressed per request by the global plugin (server.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** As server.ts's plugin: small answers go as they are. */
const THRESHOLD = 1024;
/** Enough for every theme asset and many cached pages, in both encodings. */
const MAX_BYTES = 64 * 1024 * 1024;

const COMPRESS: Record<Encoding, (body: Buffer | string) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * The encoding the request accepts that we prefer (brotli, then gzip), or null for none. A
 * coding listed with q=0 is refused; `*` stands for any not listed.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding): number => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export class CompressedBodies {
  private entries = new Map<string, Promise<Buffer>>();
  private sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /**
   * The body compressed in `encoding`, made once for `key` (which must change whenever the
   * body does: a file's path with its modification time and size, a cached page's key).
   */
  get(key: string, encoding: Encoding, body: Buffer | string): Promise<Buffer> {
    const id = `${encoding}|${key}`;
    const kept = this.entries.get(id);
    if (kept) {
      this.entries.delete(id);
      this.entries.set(id, kept);
      return kept;
    }
    const made = COMPRESS[encoding](body);
    this.entries.set(id, made);
    made.then(
      (compressed) => this.account(id, compressed.length),
      () => this.entries.delete(id),
    );
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  private account(id: string, length: number): void {
    if (!this.entries.has(id)) return;
    this.sizes.set(id, length);
    this.bytes += length;
    // The least recently used go first.
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}

/**
 * Sends `body` compressed as the request accepts, from the kept copy for `key` when there is one.
 * A body too small to be worth it, or a request that accepts no encoding, gets the body as it is.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  bodies: CompressedBodies,
  key: string,
  body: Buffer | string,
): Promise<FastifyReply> {
  reply.header('vary', 'Accept-Encoding');
  const encoding = Buffer.byteLength(body) >= THRESHOLD ? acceptedEncoding(request.headers['accept-encoding']) : null;
  // The global plugin leaves these as they are too (too small, or nothing accepted).
  if (!encoding) return reply.send(body);
  const compressed = await bodies.get(key, encoding, body);
  return reply.header('content-encoding', encoding).send(compressed);
}
