// A preview of the tests' own (another store, another accounts mode, a log to read) listening on a
// free loopback port: the address its browsers are sent to.
import type { FastifyInstance } from 'fastify';

/** `https` for a preview made with `tls` (HTTP/2, as the platform serves a shop). */
export async function listenOnLoopback(app: FastifyInstance, { https = false } = {}): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `${https ? 'https' : 'http'}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
