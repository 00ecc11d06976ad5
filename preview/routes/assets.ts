import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PreviewContext } from '../context.js';
import { sendKept } from '../compressed-bodies.js';
import { extensionOf } from '../store/file-names.js';
import { CROP_POSITIONS, resolveImage, type CropPosition, type ImageCrop } from '../store/images.js';
import { compiledAsset } from '../liquid/compiled-assets.js';
import { renderLiquidAsset } from '../liquid-assets.js';

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

/** Text: worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['js', 'css', 'json', 'svg']);

// Theme assets are a flat folder: a name with a path separator or dot-dot is never a file here.
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

// The platform's CDN answers a theme's assets from copies it holds, compressed, apart from the
// servers that render pages. The preview has one thread, and an asset that was read from disk and
// compressed on request waited through a page render at each of those steps (a 5,000-product
// list's index pages are rendered while the filters panel's code is asked for). So every asset is
// held in memory, a text asset with its compressed bodies, made when the preview starts: an asset
// request is then answered on the turn it arrives. Fonts too: a stylesheet held while its
// preloaded font still came from disk drew the page before the font, which then moved the text.

/** Asset bodies by path, each with the file state it was read at (an edit is read again). */
type HeldAsset = { body: Buffer; key: string };

function heldAsset(held: Map<string, HeldAsset>, path: string, stat: Stats): HeldAsset {
  const key = `asset|${path}|${stat.mtimeMs}|${stat.size}`;
  const kept = held.get(path);
  if (kept?.key === key) return kept;
  const asset = { body: readFileSync(path), key };
  held.set(path, asset);
  return asset;
}

/** The file's extension without its dot, as CONTENT_TYPES and COMPRESSIBLE name them. */
function assetType(file: string): string {
  return extensionOf(file).slice(1);
}

/** Reads every asset of the theme now and compresses the text ones, in the background, as a push to the CDN would. */
function holdThemeAssets(preview: PreviewContext, held: Map<string, HeldAsset>): void {
  const folder = join(preview.themeDir, 'assets');
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return; // a theme without assets: nothing to hold
  }
  for (const file of files) {
    const path = join(folder, file);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const { body, key } = heldAsset(held, path, stat);
    if (!COMPRESSIBLE.has(assetType(file))) continue;
    for (const encoding of ['br', 'gzip'] as const) preview.compressedBodies.get(key, encoding, body).catch(() => {});
  }
}

export function registerAssetRoutes(app: FastifyInstance, preview: PreviewContext): void {
  const held = new Map<string, HeldAsset>();
  holdThemeAssets(preview, held);
  app.get('/cdn/shop/t/:theme/assets/:file', async (request, reply) => {
    const { file = '' } = request.params as { file?: string };
    if (!ASSET_NAME.test(file) || file.includes('..')) return reply.status(404).type('text/plain').send('Asset not found');
    const path = join(preview.themeDir, 'assets', file);
    const stat = statSync(path, { throwIfNoEntry: false });
    const ext = assetType(file);
    if (!stat?.isFile()) {
      // theme.css.liquid is served as theme.css, rendered with the theme's settings, as the platform builds it.
      const rendered = renderLiquidAsset(preview, file);
      if (rendered === null) return reply.status(404).type('text/plain').send('Asset not found');
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(CONTENT_TYPES[ext] ?? 'text/plain; charset=utf-8');
      return sendKept(request, reply, preview.compressedBodies, `liquid-asset|${file}|${rendered.version}`, rendered.body);
    }
    // Asset URLs carry ?v=, so a browser may keep them; the version changes with the file.
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(CONTENT_TYPES[ext] ?? 'application/octet-stream');
    const { body, key } = heldAsset(held, path, stat);
    if (!COMPRESSIBLE.has(ext)) return reply.send(body);
    // Compressed once for this version of the file (compressed-bodies.ts), as the CDN does.
    return sendKept(request, reply, preview.compressedBodies, key, body);
  });

  // The theme's {% stylesheet %} and {% javascript %} contents, one file per kind (compiled-assets.ts).
  app.get('/cdn/shop/t/:theme/compiled_assets/:file', async (request, reply) => {
    const { file = '' } = request.params as { file?: string };
    const asset = compiledAsset(preview.themeDir, file);
    if (!asset) return reply.status(404).type('text/plain').send('Asset not found');
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(CONTENT_TYPES[assetType(file)] ?? 'text/plain; charset=utf-8');
    return sendKept(request, reply, preview.compressedBodies, `compiled-asset|${file}|${asset.version}`, asset.body);
  });

  app.get('/cdn/shop/files/:file', async (request, reply) => {
    const { file = '' } = request.params as { file?: string };
    const query = request.query as Record<string, string | undefined>;
    const width = parseDimension(query['width']);
    const height = parseDimension(query['height']);
    if (width === false || height === false) return reply.status(400).type('text/plain').send('Invalid image size');
    const crop = parseCrop(query);
    if (crop === false) return reply.status(400).type('text/plain').send('Invalid image crop');
    try {
      const accept = request.headers.accept;
      const image = await resolveImage(preview.storeDir, file, width ?? undefined, height ?? undefined, {
        ...(crop ? { crop } : {}),
        ...(accept ? { accept } : {}),
      });
      // One URL answers in the format the browser accepts (WebP or the original), so a shared
      // cache must key on Accept.
      return reply.header('cache-control', 'public, max-age=31536000').header('vary', 'Accept').type(image.contentType).send(image.body);
    } catch {
      return reply.status(404).type('text/plain').send('Image not found');
    }
  });
}

function parseDimension(raw: string | undefined): number | null | false {
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,5}$/.test(raw)) return false;
  const value = Number(raw);
  return value >= 1 && value <= 5760 ? value : false;
}

/** image_url's crop: a position, or `region` with crop_left/top/width/height (all whole pixels). */
function parseCrop(query: Record<string, string | undefined>): ImageCrop | null | false {
  const raw = query['crop'];
  if (raw === undefined || raw === '') return null;
  if ((CROP_POSITIONS as readonly string[]).includes(raw)) return { position: raw as CropPosition };
  if (raw !== 'region') return false;
  const side = (name: string, min: number): number | false => {
    const value = query[name];
    if (value === undefined || !/^\d{1,5}$/.test(value)) return false;
    return Number(value) >= min ? Number(value) : false;
  };
  const left = side('crop_left', 0);
  const top = side('crop_top', 0);
  const width = side('crop_width', 1);
  const height = side('crop_height', 1);
  if (left === false || top === false || width === false || height === false) return false;
  return { region: { left, top, width, height } };
}
