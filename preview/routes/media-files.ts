// The CDN's answers for a shop's uploaded videos and 3D models (files of the store's images/
// folder with a video or model extension, at the paths platform/media.ts gives their sources): the whole file, or the byte range a
// video player asks for (`Range: bytes=a-b`, 206; 416 when out of the file), as a CDN answers.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../context.js';
import { MEDIA_CONTENT_TYPES, extensionOf, mediaNameProblem } from '../store/file-names.js';
import { MODEL_PATH, VIDEO_PATH } from '../platform/media.js';

/** The file's bytes, or null when the name is not a video or model file of the folder (never a link or a path). */
function mediaFile(mediaDir: string, name: string): Buffer | null {
  if (mediaNameProblem(name)) return null;
  const path = join(mediaDir, name);
  try {
    if (!lstatSync(path).isFile()) return null;
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** One `bytes=` range of a body `size` long, or null for a header that is not one satisfiable range. */
function byteRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start < size && start <= end ? { start, end } : null;
}

function send(request: FastifyRequest, reply: FastifyReply, mediaDir: string): FastifyReply {
  const { file = '' } = request.params as { file?: string };
  const body = mediaFile(mediaDir, file);
  if (!body) return reply.status(404).type('text/plain').send('File not found');
  reply
    .header('cache-control', 'public, max-age=31536000')
    .header('accept-ranges', 'bytes')
    .type(MEDIA_CONTENT_TYPES[extensionOf(file)] ?? 'application/octet-stream');
  const range = request.headers.range;
  if (range === undefined) return reply.send(body);
  const wanted = byteRange(range, body.length);
  if (!wanted) return reply.status(416).header('content-range', `bytes */${body.length}`).send();
  return reply
    .status(206)
    .header('content-range', `bytes ${wanted.start}-${wanted.end}/${body.length}`)
    .send(body.subarray(wanted.start, wanted.end + 1));
}

export function registerMediaFiles(app: FastifyInstance, preview: PreviewContext): void {
  const mediaDir = (): string => preview.store().imagesDir;
  app.get(`${VIDEO_PATH}:file`, async (request, reply) => send(request, reply, mediaDir()));
  app.get(`${MODEL_PATH}:file`, async (request, reply) => send(request, reply, mediaDir()));
}
