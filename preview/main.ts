// Entry of the bundled preview (.build/preview.mjs): build.mjs imports startPreview from here.
export { startPreview, createPreview, loopbackCertificate } from './server.js';
export { measureCoverage } from './coverage.js';
export { renderReferencePages } from './reference.js';
