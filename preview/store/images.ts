// Serves a store's images the way the platform's CDN does for `image_url`: resized to the
// requested width (and/or height, fitted inside), never enlarged, at most 5760 px, and converted
// to WebP for a browser that accepts it (content negotiation on Accept, same URL). Resized copies
// are kept in an in-memory LRU and on disk under .cache/images/ (gitignored), so a repeated
// request is answered without decoding again. Only bare file names of the store's images/ folder
// are ever read: anything else is an ImageRequestError (the server answers 404).

import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';

import { extensionOf, IMAGE_CONTENT_TYPES, imageNameProblem } from './file-names.js';

/** The platform's largest image_url size. */
export const MAX_IMAGE_DIMENSION = 5760;

export type ImageRequestErrorReason = 'invalid-name' | 'not-found';

/** A request for an image that is not a file of the store's images folder. Answer 404. */
export class ImageRequestError extends Error {
  readonly status = 404;
  readonly reason: ImageRequestErrorReason;
  readonly file: string;
  constructor(reason: ImageRequestErrorReason, file: string, detail: string) {
    super(`image ${JSON.stringify(file)} ${detail}`);
    this.name = 'ImageRequestError';
    this.reason = reason;
    this.file = file;
  }
}

export type ResolvedImage = {
  body: Buffer;
  contentType: string;
  /** Where the bytes came from: memory LRU, the disk cache, or freshly read/resized. */
  source: 'memory' | 'disk' | 'fresh';
};

export type ResolveImageOptions = {
  /** Folder of the on-disk cache. Default: PREVIEW_IMAGE_CACHE, else `<cwd>/.cache/images`. */
  cacheDir?: string;
  /** image_url's `crop`: which part to keep when width × height differs from the file's shape. */
  crop?: ImageCrop;
  /** The request's Accept header: a JPEG or PNG is served as WebP when it names image/webp or image/avif. */
  accept?: string;
};

// Formats the CDN converts to, best first. AVIF is left out on purpose: sharp's AVIF at a usable
// effort took 1.2–2 s for one 500 px card image here (WebP 0.1 s) and came out no smaller than
// WebP at quality 75 (7.5 KB against 6.5 KB), so a browser that accepts AVIF is sent WebP.
const CONVERTIBLE = new Set(['image/jpeg', 'image/png']);

/**
 * The content type the CDN answers with for a file of `original` type, given the request's
 * Accept header: WebP when the browser takes it (image/webp, or image/avif which every AVIF
 * browser pairs with WebP support), else the original. GIF (animation), WebP and AVIF files are
 * served as they are.
 */
export function negotiateImageType(original: string, accept: string | undefined): string {
  if (!CONVERTIBLE.has(original) || !accept) return original;
  const accepted = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';'))
    // "image/webp;q=0" is a refusal.
    .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map(([type]) => (type ?? '').trim());
  return accepted.includes('image/webp') || accepted.includes('image/avif') ? 'image/webp' : original;
}

/** The platform's crop positions (image_url `crop`), plus `region` with its rectangle. */
export const CROP_POSITIONS = ['top', 'center', 'bottom', 'left', 'right'] as const;
export type CropPosition = (typeof CROP_POSITIONS)[number];
export type ImageCrop = { position: CropPosition } | { region: { left: number; top: number; width: number; height: number } };

const SHARP_POSITION: Record<CropPosition, string> = { top: 'top', center: 'centre', bottom: 'bottom', left: 'left', right: 'right' };

// ---------------------------------------------------------------- memory LRU

const LRU_MAX_BYTES = 64 * 1024 * 1024;
const LRU_MAX_ENTRIES = 1000;

type Entry = { body: Buffer; contentType: string };
const lru = new Map<string, Entry>();
let lruBytes = 0;
const inFlight = new Map<string, Promise<Entry & { source: 'disk' | 'fresh' }>>();

function lruGet(key: string): Entry | undefined {
  const entry = lru.get(key);
  if (entry) {
    lru.delete(key);
    lru.set(key, entry);
  }
  return entry;
}

function lruSet(key: string, entry: Entry): void {
  const old = lru.get(key);
  if (old) {
    lruBytes -= old.body.length;
    lru.delete(key);
  }
  if (entry.body.length > LRU_MAX_BYTES) return;
  lru.set(key, entry);
  lruBytes += entry.body.length;
  while (lruBytes > LRU_MAX_BYTES || lru.size > LRU_MAX_ENTRIES) {
    const oldest = lru.keys().next();
    if (oldest.done) break;
    lruBytes -= lru.get(oldest.value)!.body.length;
    lru.delete(oldest.value);
  }
}

/** Empties the in-memory cache (tests). The disk cache is left alone. */
export function clearImageMemoryCache(): void {
  lru.clear();
  lruBytes = 0;
}

// ---------------------------------------------------------------- folder listing

const listings = new Map<string, { mtimeMs: number; names: Set<string> }>();

/**
 * Whether `file` is a regular file listed in the images folder. The listing is cached and
 * re-read when the folder changes or when a name is missing from it (coarse folder mtimes).
 */
function isListedImage(imagesDir: string, file: string): boolean {
  let dirStat: Stats;
  try {
    dirStat = statSync(imagesDir);
  } catch {
    throw new ImageRequestError('not-found', file, 'is not in the store: the store has no images folder');
  }
  const cached = listings.get(imagesDir);
  if (cached && cached.mtimeMs === dirStat.mtimeMs && cached.names.has(file)) return true;
  const names = new Set(
    readdirSync(imagesDir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name),
  );
  listings.set(imagesDir, { mtimeMs: dirStat.mtimeMs, names });
  return names.has(file);
}

// ---------------------------------------------------------------- sizes

/** A requested dimension: positive, whole, at most 5760; anything else means "not given". */
function dimension(value: number | undefined): number | undefined {
  if (value === undefined || typeof value !== 'number' || !Number.isFinite(value) || value < 1) return undefined;
  return Math.min(MAX_IMAGE_DIMENSION, Math.round(value));
}

function defaultCacheDir(): string {
  const fromEnv = process.env['PREVIEW_IMAGE_CACHE'];
  return fromEnv && fromEnv.trim() !== '' ? resolve(fromEnv) : resolve(process.cwd(), '.cache', 'images');
}

// ---------------------------------------------------------------- resolveImage

/**
 * The bytes of image `file` of the store in `storeDir`, resized to fit `width` × `height`
 * (either may be left out; never enlarged; each at most 5760). With neither, the original file.
 * Rejects with ImageRequestError when `file` is not a bare name of a file in `storeDir/images`.
 */
export async function resolveImage(storeDir: string, file: string, width?: number, height?: number, options: ResolveImageOptions = {}): Promise<ResolvedImage> {
  const problem = imageNameProblem(file);
  if (problem) throw new ImageRequestError('invalid-name', String(file), problem);

  const imagesDir = resolve(storeDir, 'images');
  if (!isListedImage(imagesDir, file)) throw new ImageRequestError('not-found', file, `is not in ${imagesDir}`);
  const path = join(imagesDir, file);
  let fileStat: Stats;
  try {
    // lstat: a symbolic link is not followed, so nothing outside the folder can be reached.
    fileStat = lstatSync(path);
  } catch {
    throw new ImageRequestError('not-found', file, `is not in ${imagesDir}`);
  }
  if (!fileStat.isFile()) throw new ImageRequestError('not-found', file, 'is not a regular file');

  const w = dimension(width);
  const h = dimension(height);
  const originalType = IMAGE_CONTENT_TYPES[extensionOf(file)]!;
  const contentType = negotiateImageType(originalType, options.accept);
  const crop = options.crop;
  // The answer's format is part of the key: one URL has a copy per format.
  const key = [imagesDir, file, fileStat.mtimeMs, fileStat.size, w ?? '', h ?? '', crop ? JSON.stringify(crop) : '', contentType].join('\u0000');

  const hit = lruGet(key);
  if (hit) return { ...hit, source: 'memory' };

  let pending = inFlight.get(key);
  if (!pending) {
    pending = produce(path, fileStat, originalType, contentType, w, h, crop, options.cacheDir ?? defaultCacheDir()).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const entry = await pending;
  lruSet(key, { body: entry.body, contentType: entry.contentType });
  return entry;
}

// The disk copy is named by the original's bytes, not its path: the same photo in another store
// folder (a generated store's hard links, another checkout) finds the copy already made, as the
// platform's CDN keeps one copy of a file however many shops or themes show it.
const contentHashes = new Map<string, { stamp: string; hash: string }>();

function diskCacheName(path: string, fileStat: Stats, variant: string): string {
  const stamp = `${fileStat.ino}|${fileStat.mtimeMs}|${fileStat.size}`;
  let known = contentHashes.get(path);
  if (known?.stamp !== stamp) {
    known = { stamp, hash: createHash('sha256').update(readFileSync(path)).digest('hex') };
    contentHashes.set(path, known);
  }
  return createHash('sha256').update(`${known.hash}\u0000${variant}`).digest('hex').slice(0, 40);
}

async function produce(
  path: string,
  fileStat: Stats,
  originalType: string,
  contentType: string,
  w: number | undefined,
  h: number | undefined,
  crop: ImageCrop | undefined,
  cacheDir: string,
): Promise<Entry & { source: 'disk' | 'fresh' }> {
  const converted = contentType !== originalType;
  if (w === undefined && h === undefined && !crop && !converted) return { body: readFileSync(path), contentType, source: 'fresh' };

  const variant = [w ?? '', h ?? '', crop ? JSON.stringify(crop) : '', contentType].join('\u0000');
  const cachePath = join(cacheDir, diskCacheName(path, fileStat, variant) + extensionFor(contentType));
  try {
    return { body: readFileSync(cachePath), contentType, source: 'disk' };
  } catch {
    // Not cached yet.
  }

  const input = readFileSync(path);
  const meta = await sharp(input).metadata();
  const fitsAlready = (w === undefined || (meta.width ?? 0) <= w) && (h === undefined || (meta.height ?? 0) <= h);
  // Never enlarged: a request at or above the original size gets the original bytes (converted
  // at the file's own size when the browser is sent another format).
  if (fitsAlready && !crop && !converted) return { body: input, contentType, source: 'fresh' };

  const resized = fitsAlready && !crop ? sharp(input).rotate() : cropped(sharp(input).rotate(), meta.width ?? 0, meta.height ?? 0, w, h, crop);
  const body = await encodeAs(resized, contentType).toBuffer();

  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cachePath}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, body);
    renameSync(tmp, cachePath);
    pruneDiskCache(cacheDir);
  } catch {
    // A read-only or full disk only costs the cache, never the answer.
  }
  return { body, contentType, source: 'fresh' };
}

/**
 * The resize a request asks for. A position crop needs both sides: it keeps that part of the
 * image at the requested shape, scaled down as a whole when the file is smaller than asked (the
 * platform never enlarges). A region crop cuts the rectangle (clamped to the image) first.
 * Without a usable crop the image is fitted inside the box.
 */
function cropped(image: Sharp, fileWidth: number, fileHeight: number, w: number | undefined, h: number | undefined, crop: ImageCrop | undefined): Sharp {
  if (crop && 'region' in crop) {
    const left = Math.min(Math.max(0, Math.round(crop.region.left)), fileWidth - 1);
    const top = Math.min(Math.max(0, Math.round(crop.region.top)), fileHeight - 1);
    const width = Math.max(1, Math.min(Math.round(crop.region.width), fileWidth - left));
    const height = Math.max(1, Math.min(Math.round(crop.region.height), fileHeight - top));
    // extract before resize: sharp then cuts from the original, not from the resized image.
    const region = image.extract({ left, top, width, height });
    if (w === undefined && h === undefined) return region;
    return region.resize({ width: w, height: h, fit: 'inside', withoutEnlargement: true });
  }
  if (crop && w !== undefined && h !== undefined) {
    const scale = Math.min(1, fileWidth / w, fileHeight / h);
    return image.resize({
      width: Math.max(1, Math.round(w * scale)),
      height: Math.max(1, Math.round(h * scale)),
      fit: 'cover',
      position: SHARP_POSITION[crop.position],
    });
  }
  return image.resize({ width: w, height: h, fit: 'inside', withoutEnlargement: true });
}

/** Resized copies the disk cache keeps at most (PREVIEW_IMAGE_CACHE_FILES); the oldest go first. */
export function diskCacheLimit(): number {
  const fromEnv = Number(process.env['PREVIEW_IMAGE_CACHE_FILES']);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 2000;
}

// Every width a client asks for is a new file: without a bound, a client walking through widths
// fills the disk. Listing the folder costs little next to the resize that preceded it.
function pruneDiskCache(cacheDir: string): void {
  const limit = diskCacheLimit();
  const names = readdirSync(cacheDir).filter((name) => !name.endsWith('.tmp'));
  if (names.length <= limit) return;
  const byAge = names.map((name) => ({ name, mtimeMs: statSync(join(cacheDir, name)).mtimeMs })).sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const { name } of byAge.slice(0, names.length - limit)) rmSync(join(cacheDir, name), { force: true });
}

/** A cached copy's file extension: the first the store's name table gives its type (.jpg for JPEG). */
function extensionFor(contentType: string): string {
  return Object.keys(IMAGE_CONTENT_TYPES).find((ext) => IMAGE_CONTENT_TYPES[ext] === contentType) ?? '';
}

/** Encodes in the format the answer is sent as, so the content type stays true. */
function encodeAs(image: Sharp, contentType: string): Sharp {
  switch (contentType) {
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 75 });
    case 'image/gif':
      return image.gif();
    case 'image/avif':
      return image.avif({ quality: 55 });
    default:
      return image.jpeg({ quality: 75, mozjpeg: true });
  }
}
