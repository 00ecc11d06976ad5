// A preview of the tests' own (another store, another accounts mode, a log to read) listening on a
// free loopback port: the address its browsers are sent to.
import type { FastifyInstance } from 'fastify';

export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `${serverScheme(app)}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** https for a preview made with `tls` (HTTP/2, as the platform serves a shop), else http. */
export function serverScheme(app: Pick<FastifyInstance, 'initialConfig'>): 'https' | 'http' {
  return app.initialConfig.https ? 'https' : 'http';
}
