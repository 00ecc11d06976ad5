// The preview answers text compressed, as the platform's CDN does, and keeps what it compressed
// (preview/compressed-bodies.ts): a theme asset or a cached page is compressed once per version
// and encoding, and a changed file is never answered with its old bytes. Theme assets are held
// in memory from the start (preview/routes/assets.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, CompressedBodies } from '../compressed-bodies';
import { themeCopyPreview, type ThemeCopyPreview } from '../testing';

let dir = '';
let app: FastifyInstance;
let preview: ThemeCopyPreview | undefined;
const script = (word: string) => `export const words = [${Array.from({ length: 400 }, (_, i) => `'${word}-${i}'`).join(', ')}];\n`;

beforeAll(async () => {
  preview = await themeCopyPreview('compression-theme-', {
    'assets/probe.js': script('first'),
    'assets/tiny.js': 'export {};\n',
    'assets/probe.woff2': script('font'),
    'templates/collection.probe.liquid': `{% layout none %}{% for i in (1..300) %}<p>{{ collection.title }} {{ i }}</p>{% endfor %}`,
  });
  ({ app, dir } = preview);
}, 60_000);
afterAll(async () => {
  await preview?.close();
});

const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const decoded = (response: Awaited<ReturnType<typeof get>>): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
};

describe('compressed answers', () => {
  it('answers a theme asset in brotli, else gzip, else as it is, the same text each way', async () => {
    const br = await get('/cdn/shop/t/1/assets/probe.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(script('first').length / 3);
    expect(decoded(br)).toBe(script('first'));

    const gzip = await get('/cdn/shop/t/1/assets/probe.js', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script('first'));

    const plain = await get('/cdn/shop/t/1/assets/probe.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script('first'));
  });

  it('answers the same bytes again, and the new text once the file changes', async () => {
    const first = await get('/cdn/shop/t/1/assets/probe.js', 'br');
    const again = await get('/cdn/shop/t/1/assets/probe.js', 'br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    writeFileSync(join(dir, 'assets', 'probe.js'), script('second-version'));
    const changed = await get('/cdn/shop/t/1/assets/probe.js', 'br');
    expect(decoded(changed)).toBe(script('second-version'));
    writeFileSync(join(dir, 'assets', 'probe.js'), script('first'));
  });

  it('answers a theme asset from what it holds, on the turn it is asked for', async () => {
    // Read and compressed when the preview started: no file read and no compression waits on a
    // turn of the event loop, which a page render (a list's index page) would hold.
    await get('/cdn/shop/t/1/assets/probe.js', 'br');
    let turned = false;
    setImmediate(() => (turned = true));
    const answer = await get('/cdn/shop/t/1/assets/probe.js', 'br');
    expect(turned).toBe(false);
    expect(decoded(answer)).toBe(script('first'));
  });

  it('leaves small answers and fonts as they are', async () => {
    const tiny = await get('/cdn/shop/t/1/assets/tiny.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    const font = await get('/cdn/shop/t/1/assets/probe.woff2', 'br');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body).toBe(script('font'));
  });

  it('answers a cached list view compressed, the same page for every guest', async () => {
    const first = await get('/collections/all?view=probe', 'br');
    const again = await get('/collections/all?view=probe', 'gzip');
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(decoded(first)).toContain('<p>');
    expect(decoded(again)).toBe(decoded(first));
    expect((await get('/collections/all?view=probe')).body).toBe(decoded(first));
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=0.5, br;q=0.1')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('CompressedBodies', () => {
  it('compresses a body once per key and encoding', async () => {
    const bodies = new CompressedBodies();
    const body = Buffer.from(script('kept'));
    const first = await bodies.get('k', 'br', body);
    expect(await bodies.get('k', 'br', Buffer.from('ignored: the key is kept'))).toBe(first);
    expect(brotliDecompressSync(await bodies.get('k', 'br', body)).toString()).toBe(script('kept'));
    expect(gunzipSync(await bodies.get('k', 'gzip', body)).toString()).toBe(script('kept'));
  });

  it('keeps within its byte cap, dropping the least recently used first', async () => {
    const bodies = new CompressedBodies(1500);
    for (const word of ['a', 'b', 'c', 'd']) await bodies.get(word, 'gzip', Buffer.from(script(word)));
    expect(bodies.size).toBeLessThan(4);
    const kept = await bodies.get('d', 'gzip', Buffer.from(script('d')));
    expect(await bodies.get('d', 'gzip', Buffer.from('other'))).toBe(kept);
    expect(gunzipSync(await bodies.get('a', 'gzip', Buffer.from(script('a2')))).toString()).toBe(script('a2'));
  });
});
