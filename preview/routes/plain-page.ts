import { escapeHtml } from '../liquid/escape.js';

/** A minimal page in the shop's language for answers that are not theme pages (429, checkout). */
export function plainPage(language: string, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;color:#111;max-width:40rem;margin:4rem auto;padding:0 1rem}a{color:#111}</style></head>' +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
