// The parts of a store that give products their media and their colours as the platform links
// them: the metaobject entries (metaobjects.json, e.g. the category's `shopify--color-pattern`
// colours), the option values linked to them, a variant's image, an image's focal point, and
// media other than images (videos, external videos, 3D models, whose files are the store's files
// in images/ beside its photos).
// Apart from load-store.ts, which calls these for each product.

import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { handleize } from '../liquid/handleize.js';
import { imageNameProblem, mediaNameProblem } from './file-names.js';
import { FieldReader, HANDLE_RE, readJsonFile, UniqueSet, type Json, type Obj } from './field-reader.js';
import type { FixtureImage, FixtureMedia, FixtureMetaobject, FixtureProduct } from './types.js';

/** The metaobject type an option linked to `shopify.color-pattern` takes its values from. */
export const COLOR_PATTERN_TYPE = 'shopify--color-pattern';

/** The metaobject type of a category metafield (`shopify.color-pattern` → `shopify--color-pattern`). */
export function metaobjectTypeOf(linked: { namespace: string; key: string }): string {
  return `${linked.namespace}--${linked.key}`;
}

/** The entry a linked option value is: the one whose handle is the value's handle. */
export function linkedEntry(
  metaobjects: { [type: string]: FixtureMetaobject[] },
  linked: { namespace: string; key: string } | undefined,
  value: string,
): FixtureMetaobject | null {
  if (!linked) return null;
  const handle = handleize(value);
  return metaobjects[metaobjectTypeOf(linked)]?.find((m) => m.handle === handle) ?? null;
}

interface MediaContext {
  /** Every regular file of images/: photos, videos and 3D models. */
  imageFiles: Set<string>;
  imagesDir: string;
}

function fileIn(r: FieldReader, v: Json, path: string, files: Set<string>, dir: string, problemOf = imageNameProblem): string {
  const name = r.string(v, path, { nonEmpty: true });
  const problem = problemOf(name);
  if (problem) r.fail(path, `file name ${JSON.stringify(name)} ${problem}`);
  if (!files.has(name)) r.fail(path, `file ${JSON.stringify(name)} does not exist in ${dir}`);
  return name;
}

/** metaobjects.json, optional (null without it): `{ "<type>": [{ "handle", "fields": { "label", "color", "image" } }] }`. */
export function readMetaobjects(storeDir: string, ctx: MediaContext): { [type: string]: FixtureMetaobject[] } | null {
  if (!existsSync(join(storeDir, 'metaobjects.json'))) return null;
  const r = new FieldReader('metaobjects.json');
  const root = r.object(readJsonFile(storeDir, 'metaobjects.json'), '');
  const out: { [type: string]: FixtureMetaobject[] } = {};
  for (const [type, list] of Object.entries(root)) {
    const handles = new UniqueSet<string>(r, `${type} handle`);
    out[type] = r.array(list, type).map((item, i) => {
      const at = `${type}[${i}]`;
      const o = r.object(item, at);
      const handle = r.string(o['handle'], `${at}.handle`, { pattern: HANDLE_RE, what: 'a handle' });
      handles.add(handle, `${at}.handle`);
      const fields = r.object(o['fields'], `${at}.fields`);
      const color =
        fields['color'] === undefined || fields['color'] === null
          ? null
          : r.string(fields['color'], `${at}.fields.color`, { pattern: /^#[0-9a-f]{6}$/i, what: 'a #rrggbb colour' });
      const image =
        fields['image'] === undefined || fields['image'] === null ? null : fileIn(r, fields['image'], `${at}.fields.image`, ctx.imageFiles, ctx.imagesDir);
      return { handle, fields: { label: r.localized(fields['label'], `${at}.fields.label`, { nonEmpty: true }), color, image } };
    });
  }
  return out;
}

/** An option's `linked_metafield` ({ namespace, key }), or undefined when the option is not linked. */
export function readLinkedMetafield(r: FieldReader, v: Json, path: string): { namespace: string; key: string } | undefined {
  if (v === undefined || v === null) return undefined;
  const o = r.object(v, path);
  return {
    namespace: r.string(o['namespace'], `${path}.namespace`, { nonEmpty: true }),
    key: r.string(o['key'], `${path}.key`, { nonEmpty: true }),
  };
}

/** An image's `focal_point`: x and y in % (0–100). */
export function readFocalPoint(r: FieldReader, v: Json, path: string): { x: number; y: number } | undefined {
  if (v === undefined || v === null) return undefined;
  const o = r.object(v, path);
  return { x: r.number(o['x'], `${path}.x`, { min: 0, max: 100 }), y: r.number(o['y'], `${path}.y`, { min: 0, max: 100 }) };
}

/** A product's `media` (videos, external videos, 3D models). */
export function readProductMedia(r: FieldReader, v: Json, at: string, ctx: MediaContext, mediaIds: UniqueSet<number>): FixtureMedia[] | undefined {
  if (v === undefined) return undefined;
  return r.array(v, `${at}.media`).map((item, i) => {
    const mat = `${at}.media[${i}]`;
    const o: Obj = r.object(item, mat);
    const id = r.id(o['id'], `${mat}.id`);
    mediaIds.add(id, `${mat}.id`);
    const mediaType = r.oneOf(o['media_type'], `${mat}.media_type`, ['video', 'external_video', 'model'] as const);
    const preview = r.object(o['preview_image'], `${mat}.preview_image`);
    const media: FixtureMedia = {
      id,
      media_type: mediaType,
      position: r.int(o['position'], `${mat}.position`, { min: 1 }),
      alt: r.optLocalized(o['alt'], `${mat}.alt`),
      preview_image: {
        file: fileIn(r, preview['file'], `${mat}.preview_image.file`, ctx.imageFiles, ctx.imagesDir),
        width: r.int(preview['width'], `${mat}.preview_image.width`, { min: 1 }),
        height: r.int(preview['height'], `${mat}.preview_image.height`, { min: 1 }),
      },
    };
    if (mediaType === 'external_video') {
      media.host = r.oneOf(o['host'], `${mat}.host`, ['youtube', 'vimeo'] as const);
      media.external_id = r.string(o['external_id'], `${mat}.external_id`, { pattern: /^[\w-]{1,64}$/, what: 'a video id' });
      return media;
    }
    const sources = r.array(o['sources'], `${mat}.sources`);
    if (!sources.length) r.fail(`${mat}.sources`, 'needs at least one file');
    media.sources = sources.map((s, si) => {
      const sat = `${mat}.sources[${si}]`;
      const so = r.object(s, sat);
      const source: NonNullable<FixtureMedia['sources']>[number] = {
        file: fileIn(r, so['file'], `${sat}.file`, ctx.imageFiles, ctx.imagesDir, mediaNameProblem),
        mime_type: r.string(so['mime_type'], `${sat}.mime_type`, { pattern: /^(video|model)\/[\w.+-]+$/, what: 'a video/ or model/ MIME type' }),
        format: r.string(so['format'], `${sat}.format`, { pattern: /^[a-z0-9]+$/, what: 'a format such as mp4, webm or glb' }),
      };
      if (so['width'] !== undefined) source.width = r.int(so['width'], `${sat}.width`, { min: 1 });
      if (so['height'] !== undefined) source.height = r.int(so['height'], `${sat}.height`, { min: 1 });
      return source;
    });
    if (mediaType === 'video' && o['duration'] !== undefined) media.duration = r.int(o['duration'], `${mat}.duration`, { min: 0 });
    return media;
  });
}

/**
 * What can only be checked once products and metaobjects are both read: a variant's image is one
 * of its product's, and, in a store with metaobjects.json, every value of a linked option is an
 * entry of the linked type (a store without the file, such as a test's partial copy, has no
 * entries, so its linked values have no swatches).
 */
export function checkProductLinks(products: FixtureProduct[], metaobjects: { [type: string]: FixtureMetaobject[] } | null): void {
  const r = new FieldReader('products.json');
  products.forEach((p, index) => {
    const at = `[${index} "${p.handle}"]`;
    const imageIds = new Set(p.images.map((i: FixtureImage) => i.id));
    p.variants.forEach((v, vi) => {
      if (v.image_id !== undefined && !imageIds.has(v.image_id)) r.fail(`${at}.variants[${vi}].image_id`, `${v.image_id} is not one of the product's images`);
    });
    p.options.forEach((o, oi) => {
      if (!o.linked_metafield || !metaobjects) return;
      const type = metaobjectTypeOf(o.linked_metafield);
      o.values.forEach((value, vi) => {
        if (!linkedEntry(metaobjects, o.linked_metafield, value))
          r.fail(
            `${at}.options[${oi}].values[${vi}]`,
            `${JSON.stringify(value)} has no ${type} entry with handle ${JSON.stringify(handleize(value))} in metaobjects.json`,
          );
      });
    });
  });
}
