// Whether the page is inside the platform's theme editor: with the bootstrap it reads
// (shared/bootstrap.ts).
export { inDesignMode } from '../bootstrap';
