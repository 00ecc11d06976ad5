// The preview's public entry, bundled as dist/preview.mjs (build.mjs): the command line, the
// theme's build and its benches import from here.
export { startPreview, createPreview, loopbackCertificate } from './server.js';
export { measureCoverage } from './coverage.js';
export { renderReferencePages } from './reference.js';
