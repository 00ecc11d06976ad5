// The preview over HTTPS and HTTP/2, as the platform serves a shop (PREVIEW_HTTPS=1, the benches, the
// 5,000-product browser test). HTTP/2 sends no Host header: the shop's address is the request's
// :authority. Read from Host alone, the preview took every form post for another site's (403 on the
// currency and language forms, sign-in, contact) and printed absolute addresses without the port.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPreview, loopbackCertificate } from '../server';
import { listenOnLoopback } from '../testing';

let app: FastifyInstance;
let origin = '';
let client: ClientHttp2Session;

beforeAll(async () => {
  app = await createPreview({ logger: false, tls: loopbackCertificate() });
  origin = await listenOnLoopback(app);
  // The loopback certificate is self-signed.
  client = connect(origin, { rejectUnauthorized: false });
});

afterAll(async () => {
  client?.close();
  await app?.close();
});

/** One request on the HTTP/2 connection: its status, headers and body. */
function request(headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers);
    let answer: Record<string, unknown> = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(answer[constants.HTTP2_HEADER_STATUS]), headers: answer, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('the preview over HTTP/2', () => {
  it('is HTTP/2, and names pages by the address they were asked at, port included', async () => {
    const page = await request({ ':path': '/en/collections/all' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${origin}/en/collections/all">`);
  });

  it('takes the currency form posted from its own pages, and still refuses one from another site', async () => {
    const form = new URLSearchParams({ form_type: 'localization', _method: 'put', return_to: '/en/collections/all', country_code: 'US' }).toString();
    const post = (from: string) =>
      request(
        {
          ':method': 'POST',
          ':path': '/en/localization',
          'content-type': 'application/x-www-form-urlencoded',
          origin: from,
          'sec-fetch-site': from === origin ? 'same-origin' : 'cross-site',
        },
        form,
      );
    const own = await post(origin);
    expect(own.status).toBe(302);
    expect(own.headers['location']).toBe('/en/collections/all');
    const foreign = await post('https://elsewhere.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toBe('This form can only be sent from this shop.');
  });
});
