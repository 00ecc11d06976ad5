// Spec §9: an image the shop does not have is a 1×1 placeholder. The one copy of it: the build
// writes snippets/placeholder-image-src.liquid from this module (tools/generate.mjs).
export const PLACEHOLDER_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
