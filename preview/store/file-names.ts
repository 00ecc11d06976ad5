// Which names may refer to a file in a store's images/ folder. Shared by the loader (which checks
// that every referenced image exists) and the image server (which must never read elsewhere).

/** Image extensions the store may hold, with the content type served for each. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The lower-cased extension of a file name, with its dot ("" when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Why a name cannot be an image file of the store, or null when it can: a bare file name (no
 * `/`, `\`, `..`, NUL or control character, not hidden) with an image extension.
 */
export function imageNameProblem(name: unknown): string | null {
  return fileNameProblem(name, IMAGE_CONTENT_TYPES, 'image');
}

/** Video and 3D model extensions the store's media/ folder may hold, with the content type served for each. */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.glb': 'model/gltf-binary',
  '.usdz': 'model/vnd.usdz+zip',
};

/** Why a name cannot be a file of the store's media/ folder (as imageNameProblem, with media extensions). */
export function mediaNameProblem(name: unknown): string | null {
  return fileNameProblem(name, MEDIA_CONTENT_TYPES, 'video or model');
}

function fileNameProblem(name: unknown, types: Readonly<Record<string, string>>, kind: string): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'is empty';
  if (name.length > 255) return 'is longer than 255 characters';
  if (name.includes('/') || name.includes('\\')) return 'contains a path separator';
  if (name.includes('..')) return 'contains ".."';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains a NUL or control character';
  if (name.startsWith('.')) return 'is a hidden file name';
  if (!(extensionOf(name) in types)) {
    return `has no ${kind} extension (${Object.keys(types).join(', ')})`;
  }
  return null;
}
