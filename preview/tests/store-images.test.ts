import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { clearImageMemoryCache, ImageRequestError, MAX_IMAGE_DIMENSION, negotiateImageType, resolveImage } from '../store/images.js';
import { FIXTURES, testPreview } from '../testing';

const COAT = 'wool-wrap-coat-1.jpg';

let cacheDir: string;
let scratch: string;
const opts = () => ({ cacheDir });

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'image-cache-'));
  // A small store of its own: a wide PNG, a symlink leading outside the folder, a secret beside it.
  scratch = mkdtempSync(join(tmpdir(), 'image-store-'));
  mkdirSync(join(scratch, 'images'));
  await sharp({ create: { width: 6400, height: 40, channels: 3, background: '#c0ffee' } })
    .png()
    .toFile(join(scratch, 'images', 'wide.png'));
  writeFileSync(join(scratch, 'secret.jpg'), readFileSync(join(FIXTURES, 'images', COAT)));
  symlinkSync(join(scratch, 'secret.jpg'), join(scratch, 'images', 'link.jpg'));
});
afterAll(() => {
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => clearImageMemoryCache());

async function size(body: Buffer): Promise<[number, number]> {
  const meta = await sharp(body).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
}

describe('resolveImage sizes', () => {
  it('resizes to the requested width, keeping the aspect ratio', async () => {
    const image = await resolveImage(FIXTURES, COAT, 500, undefined, opts());
    expect(image.contentType).toBe('image/jpeg');
    expect(await size(image.body)).toEqual([500, 750]);
    expect(await size((await resolveImage(FIXTURES, COAT, 100, undefined, opts())).body)).toEqual([100, 150]);
  });

  it('fits inside a requested height, or a width and height box', async () => {
    expect(await size((await resolveImage(FIXTURES, COAT, undefined, 300, opts())).body)).toEqual([200, 300]);
    expect(await size((await resolveImage(FIXTURES, COAT, 500, 500, opts())).body)).toEqual([333, 500]);
  });

  it('never enlarges: a larger request gets the original file', async () => {
    const original = readFileSync(join(FIXTURES, 'images', COAT));
    const image = await resolveImage(FIXTURES, COAT, 2000, undefined, opts());
    expect(await size(image.body)).toEqual([1600, 2400]);
    expect(image.body.equals(original)).toBe(true);
    expect((await resolveImage(FIXTURES, COAT, undefined, undefined, opts())).body.equals(original)).toBe(true);
  });

  it('caps a request at 5760 pixels and keeps a PNG a PNG', async () => {
    const image = await resolveImage(scratch, 'wide.png', 99999, undefined, opts());
    expect(image.contentType).toBe('image/png');
    expect((await size(image.body))[0]).toBe(MAX_IMAGE_DIMENSION);
  });

  it('treats a zero, negative or non-numeric size as none', async () => {
    const original = readFileSync(join(FIXTURES, 'images', COAT));
    expect((await resolveImage(FIXTURES, COAT, 0, undefined, opts())).body.equals(original)).toBe(true);
    expect((await resolveImage(FIXTURES, COAT, Number.NaN, -5, opts())).body.equals(original)).toBe(true);
  });
});

describe('resolveImage crops as image_url crop does', () => {
  // The scratch store's crop.png: left half red, right half blue, 400 × 200.
  beforeAll(async () => {
    const half = (colour: string) =>
      sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
        .png()
        .toBuffer();
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000' } })
      .composite([
        { input: await half('#ff0000'), left: 0, top: 0 },
        { input: await half('#0000ff'), left: 200, top: 0 },
      ])
      .png()
      .toFile(join(scratch, 'images', 'crop.png'));
  });
  const colourAt = async (body: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };

  it('keeps the named part at the requested shape', async () => {
    const left = await resolveImage(scratch, 'crop.png', 100, 100, { ...opts(), crop: { position: 'left' } });
    expect(await size(left.body)).toEqual([100, 100]);
    expect(await colourAt(left.body, 50, 50)).toEqual([255, 0, 0]);
    const right = await resolveImage(scratch, 'crop.png', 100, 100, { ...opts(), crop: { position: 'right' } });
    expect(await colourAt(right.body, 50, 50)).toEqual([0, 0, 255]);
  });

  it('without a crop fits inside the box instead', async () => {
    expect(await size((await resolveImage(scratch, 'crop.png', 100, 100, opts())).body)).toEqual([100, 50]);
  });

  it('never enlarges: a box larger than the file keeps its shape, scaled down to fit', async () => {
    const image = await resolveImage(scratch, 'crop.png', 1000, 2000, { ...opts(), crop: { position: 'center' } });
    expect(await size(image.body)).toEqual([100, 200]);
  });

  it('cuts a region, clamped to the image, then fits it inside the box', async () => {
    const region = { left: 300, top: 0, width: 500, height: 200 };
    const image = await resolveImage(scratch, 'crop.png', 50, undefined, { ...opts(), crop: { region } });
    expect(await size(image.body)).toEqual([50, 100]);
    expect(await colourAt(image.body, 25, 50)).toEqual([0, 0, 255]);
  });
});

// What Chromium, Firefox and an old browser send for an <img>.
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const FIREFOX_ACCEPT = 'image/avif,image/webp,*/*';
const OLD_ACCEPT = 'image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

describe('the CDN converts to the format the browser accepts', () => {
  it('chooses WebP for a JPEG or PNG when Accept names WebP or AVIF, else the original', () => {
    expect(negotiateImageType('image/jpeg', CHROMIUM_ACCEPT)).toBe('image/webp');
    expect(negotiateImageType('image/png', FIREFOX_ACCEPT)).toBe('image/webp');
    expect(negotiateImageType('image/jpeg', 'image/webp')).toBe('image/webp');
    expect(negotiateImageType('image/jpeg', OLD_ACCEPT)).toBe('image/jpeg');
    expect(negotiateImageType('image/jpeg', undefined)).toBe('image/jpeg');
    expect(negotiateImageType('image/jpeg', 'image/webp;q=0, image/*')).toBe('image/jpeg');
    // An animated GIF stays a GIF.
    expect(negotiateImageType('image/gif', CHROMIUM_ACCEPT)).toBe('image/gif');
  });

  it('sends a WebP at the requested width, smaller than the JPEG, and the JPEG to a browser without WebP', async () => {
    const webp = await resolveImage(FIXTURES, COAT, 500, undefined, { ...opts(), accept: CHROMIUM_ACCEPT });
    expect(webp.contentType).toBe('image/webp');
    expect((await sharp(webp.body).metadata()).format).toBe('webp');
    expect(await size(webp.body)).toEqual([500, 750]);
    const jpeg = await resolveImage(FIXTURES, COAT, 500, undefined, { ...opts(), accept: OLD_ACCEPT });
    expect(jpeg.contentType).toBe('image/jpeg');
    expect((await sharp(jpeg.body).metadata()).format).toBe('jpeg');
    expect(webp.body.length).toBeLessThan(jpeg.body.length);
  });

  it('keeps each format apart in the disk cache', async () => {
    await resolveImage(FIXTURES, 'bomber-jacket-1.jpg', 260, undefined, { ...opts(), accept: CHROMIUM_ACCEPT });
    await resolveImage(FIXTURES, 'bomber-jacket-1.jpg', 260, undefined, opts());
    clearImageMemoryCache();
    const webp = await resolveImage(FIXTURES, 'bomber-jacket-1.jpg', 260, undefined, { ...opts(), accept: CHROMIUM_ACCEPT });
    const jpeg = await resolveImage(FIXTURES, 'bomber-jacket-1.jpg', 260, undefined, opts());
    expect([webp.source, jpeg.source]).toEqual(['disk', 'disk']);
    expect((await sharp(webp.body).metadata()).format).toBe('webp');
    expect((await sharp(jpeg.body).metadata()).format).toBe('jpeg');
  });

  it('never enlarges a converted image: a larger request gets the file’s own size', async () => {
    const image = await resolveImage(FIXTURES, COAT, 3000, undefined, { ...opts(), accept: CHROMIUM_ACCEPT });
    expect(image.contentType).toBe('image/webp');
    expect(await size(image.body)).toEqual([1600, 2400]);
  });

  it('answers on the same URL with the negotiated type and Vary: Accept', async () => {
    const { app } = await testPreview();
    try {
      const url = '/cdn/shop/files/wool-wrap-coat-1.jpg?width=300';
      const webp = await app.inject({ url, headers: { accept: CHROMIUM_ACCEPT } });
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(String(webp.headers['vary']).toLowerCase()).toContain('accept');
      const jpeg = await app.inject({ url, headers: { accept: OLD_ACCEPT } });
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(String(jpeg.headers['vary']).toLowerCase()).toContain('accept');
    } finally {
      await app.close();
    }
  });
});

describe('resolveImage caches', () => {
  it('answers a repeated request from memory, then from disk after a restart', async () => {
    const first = await resolveImage(FIXTURES, 'silk-slip-dress-1.jpg', 320, undefined, opts());
    expect(first.source).toBe('fresh');
    const second = await resolveImage(FIXTURES, 'silk-slip-dress-1.jpg', 320, undefined, opts());
    expect(second.source).toBe('memory');
    expect(second.body.equals(first.body)).toBe(true);

    clearImageMemoryCache();
    const third = await resolveImage(FIXTURES, 'silk-slip-dress-1.jpg', 320, undefined, opts());
    expect(third.source).toBe('disk');
    expect(third.body.equals(first.body)).toBe(true);
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });

  it('resizes once for concurrent requests of the same size', async () => {
    const [a, b] = await Promise.all([
      resolveImage(FIXTURES, 'little-black-dress-1.jpg', 240, undefined, opts()),
      resolveImage(FIXTURES, 'little-black-dress-1.jpg', 240, undefined, opts()),
    ]);
    expect(a.body.equals(b.body)).toBe(true);
    expect(await size(a.body)).toEqual([240, 360]);
  });

  it('finds the copy made for the same photo in another store folder, and not for a changed one', async () => {
    const first = await resolveImage(FIXTURES, 'pleated-midi-skirt-1.jpg', 280, undefined, opts());
    const other = mkdtempSync(join(tmpdir(), 'image-store-copy-'));
    try {
      mkdirSync(join(other, 'images'));
      const original = readFileSync(join(FIXTURES, 'images', 'pleated-midi-skirt-1.jpg'));
      writeFileSync(join(other, 'images', 'pleated-midi-skirt-1.jpg'), original);
      clearImageMemoryCache();
      const copied = await resolveImage(other, 'pleated-midi-skirt-1.jpg', 280, undefined, opts());
      expect(copied.source).toBe('disk');
      expect(copied.body.equals(first.body)).toBe(true);

      // Other bytes under the same name are another photo: made afresh, never the old copy.
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toFile(join(other, 'images', 'pleated-midi-skirt-1.jpg'));
      clearImageMemoryCache();
      const changed = await resolveImage(other, 'pleated-midi-skirt-1.jpg', 280, undefined, opts());
      expect(changed.source).toBe('fresh');
      expect(await size(changed.body)).toEqual([280, 187]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('resolveImage rejects what is not an image of the store', () => {
  const rejected = async (storeDir: string, file: string, reason: string) => {
    const error = await resolveImage(storeDir, file, 100, undefined, opts()).catch((e: unknown) => e);
    expect(error, file).toBeInstanceOf(ImageRequestError);
    expect((error as ImageRequestError).status).toBe(404);
    expect((error as ImageRequestError).reason, file).toBe(reason);
  };

  it('rejects path traversal and odd names without touching the disk', async () => {
    for (const file of [
      '../shop.json',
      '../../package.json',
      '..',
      '..jpg',
      'a..b.jpg',
      'images/wool-wrap-coat-1.jpg',
      '/etc/passwd',
      'sub\\file.jpg',
      '..\\shop.jpg',
      'wool-wrap-coat-1.jpg\u0000.png',
      '',
      '.hidden.jpg',
      'shop.json',
      'generate-images.mjs',
    ]) {
      await rejected(FIXTURES, file, 'invalid-name');
    }
  });

  it('rejects a well-formed name that is not in the images folder', async () => {
    await rejected(FIXTURES, 'no-such-image.jpg', 'not-found');
    await rejected(scratch, 'secret.jpg', 'not-found');
    await rejected(join(scratch, 'nowhere'), COAT, 'not-found');
  });

  it('does not follow a symbolic link out of the images folder', async () => {
    await rejected(scratch, 'link.jpg', 'not-found');
  });
});
