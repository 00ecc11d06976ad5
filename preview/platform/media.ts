// A product's media as the platform's Liquid gives them (shopify.dev, Liquid objects: media,
// image, video, video_source, external_video, model, model_source, focal_point): its images and
// the videos, external videos and 3D models placed among them, each with its 1-based `position`
// in the product's media, its `media_type`, `alt` and `preview_image`. Video and model files are
// served from the store's media/ folder under the CDN paths routes/assets.ts answers.
import type { FixtureImage, FixtureMedia, FixtureProduct } from '../store/types.js';
import { imageObject, text, type DropContext, type ImageObject } from './drop-context.js';

/** Where the CDN answers a shop's uploaded videos and 3D models (the platform's own paths). */
export const VIDEO_PATH = '/cdn/shop/videos/c/o/v/';
export const MODEL_PATH = '/cdn/shop/3d/models/o/';

export type MediaObject = ImageObject & { media_type: string; position: number; preview_image: ImageObject };

/** An image of the product, as an entry of product.media or a variant's featured media. */
export function productImage(
  ctx: DropContext,
  product: FixtureProduct,
  image: FixtureImage,
  position: number,
  variantsOf: (imageId: number) => unknown[],
): MediaObject {
  const object = imageObject(ctx, image.file, image.width, image.height, image.alt ?? product.title, image.id, {
    productId: product.id,
    position,
    ...(image.focal_point ? { focalPoint: image.focal_point } : {}),
    variants: () => variantsOf(image.id),
  });
  return object as MediaObject;
}

/** The 1-based place of each of a product's media: the listed ones at their position, images in the rest, in order. */
export function mediaOrder(product: FixtureProduct): ({ kind: 'image'; image: FixtureImage } | { kind: 'media'; media: FixtureMedia })[] {
  const extra = [...(product.media ?? [])].sort((a, b) => a.position - b.position);
  const images = [...product.images];
  const out: ({ kind: 'image'; image: FixtureImage } | { kind: 'media'; media: FixtureMedia })[] = [];
  while (images.length || extra.length) {
    const next = extra[0];
    if (next && (next.position <= out.length + 1 || !images.length)) out.push({ kind: 'media', media: extra.shift()! });
    else out.push({ kind: 'image', image: images.shift()! });
  }
  return out;
}

/** A video, external video or 3D model of the product, as its Liquid object. */
export function otherMedia(ctx: DropContext, product: FixtureProduct, media: FixtureMedia, position: number): Record<string, unknown> {
  const preview = imageObject(ctx, media.preview_image.file, media.preview_image.width, media.preview_image.height, media.alt || product.title, null, {
    productId: product.id,
    position,
  });
  const alt = text(ctx, media.alt) || text(ctx, product.title);
  const base = {
    id: media.id,
    media_type: media.media_type,
    alt,
    position,
    preview_image: preview,
    aspect_ratio: preview.aspect_ratio,
  };
  if (media.media_type === 'external_video') return { ...base, host: media.host, external_id: media.external_id };
  const path = media.media_type === 'video' ? VIDEO_PATH : MODEL_PATH;
  const sources = (media.sources ?? []).map((s) => ({
    url: `${path}${encodeURIComponent(s.file)}`,
    mime_type: s.mime_type,
    format: s.format,
    ...(s.width ? { width: s.width } : {}),
    ...(s.height ? { height: s.height } : {}),
  }));
  if (media.media_type === 'video') return { ...base, sources, duration: media.duration ?? 0 };
  return { ...base, sources };
}
