import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fontSetting } from '../liquid/fonts.js';
import { escapeHtml } from '../liquid/escape.js';
import { qrCodeStandinScript } from '../standins/qrcode.js';

// Files of the platform's own CDN that themes link to: the font library (`font_url`,
// `font_face`: /cdn/fonts/<family>/<handle>.woff2) and the country flags (`country | image_url`:
// /cdn/shopify/static/images/flags/<iso>.svg). Offline, a font is served from the @fontsource
// package of its family when one is installed beside the preview (its Latin subset: the
// platform's file holds one font for every script, a package splits them), and any other
// family answers 404 as the CDN does for a file it has not got, so the page falls back to the
// font's fallback families. A flag is drawn by the preview.

const require = createRequire(import.meta.url);

const WEIGHTS = ['100', '200', '300', '400', '500', '600', '700', '800', '900'];

/** The @fontsource file for a font handle (`cormorant_garamond_i7`) and format, if installed. */
export function fontsourceFile(handle: string, format: 'woff2' | 'woff'): string | null {
  const font = fontSetting(handle);
  if (!font || font.isSystem) return null;
  const family = font.familyKey.replace(/_/g, '-');
  const style = font.style === 'normal' ? 'normal' : 'italic';
  const weight = WEIGHTS[font.weightCode - 1] ?? '400';
  const candidates: [string, string][] = [
    [`@fontsource/${family}`, `${family}-latin-${weight}-${style}.${format}`],
    // A variable font has every weight in one file.
    [`@fontsource-variable/${family}`, `${family}-latin-wght-${style}.${format}`],
  ];
  for (const [pkg, file] of candidates) {
    let dir: string;
    try {
      dir = dirname(require.resolve(`${pkg}/package.json`));
    } catch {
      continue;
    }
    const path = join(dir, 'files', file);
    if (existsSync(path)) return path;
  }
  return null;
}

/** Flags the preview draws in their colours (horizontal bands, top to bottom); others show the code. */
const BANDS: Record<string, string[]> = {
  UA: ['#0057b7', '#ffd700'],
  PL: ['#ffffff', '#dc143c'],
  DE: ['#000000', '#dd0000', '#ffce00'],
  NL: ['#ae1c28', '#ffffff', '#21468b'],
  AT: ['#ed2939', '#ffffff', '#ed2939'],
  LT: ['#fdb913', '#006a44', '#c1272d'],
  EE: ['#0072ce', '#000000', '#ffffff'],
  HU: ['#ce2939', '#ffffff', '#477050'],
  BG: ['#ffffff', '#00966e', '#d62612'],
};
const COLUMNS: Record<string, string[]> = {
  FR: ['#002395', '#ffffff', '#ed2939'],
  IT: ['#009246', '#ffffff', '#ce2b37'],
  IE: ['#169b62', '#ffffff', '#ff883e'],
  BE: ['#000000', '#fdda24', '#ef3340'],
  RO: ['#002b7f', '#fcd116', '#ce1126'],
  MD: ['#0046ae', '#ffd200', '#cc092f'],
};

export function flagSvg(iso: string): string {
  const [w, h] = [640, 480];
  const bands = BANDS[iso];
  const columns = COLUMNS[iso];
  let body: string;
  if (bands) body = bands.map((c, i) => `<rect y="${(h / bands.length) * i}" width="${w}" height="${h / bands.length}" fill="${c}"/>`).join('');
  else if (columns) body = columns.map((c, i) => `<rect x="${(w / columns.length) * i}" width="${w / columns.length}" height="${h}" fill="${c}"/>`).join('');
  else
    body = `<rect width="${w}" height="${h}" fill="#e5e5e5"/><text x="320" y="290" font-family="sans-serif" font-size="200" text-anchor="middle" fill="#555">${escapeHtml(iso)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
}

export function registerPlatformCdnRoutes(app: FastifyInstance): void {
  app.get('/cdn/fonts/:family/:file', async (request, reply) => {
    const { family, file } = request.params as { family: string; file: string };
    const match = /^([a-z0-9_]+_[nio][1-9])\.(woff2|woff)$/.exec(file);
    if (!match || !match[1]!.startsWith(`${family}_`)) return notFound(reply);
    const path = fontsourceFile(match[1]!, match[2] as 'woff2' | 'woff');
    if (!path) return notFound(reply);
    return reply
      .type(match[2] === 'woff2' ? 'font/woff2' : 'font/woff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(readFileSync(path));
  });

  app.get('/cdn/shopify/static/images/flags/:file', async (request, reply) => {
    const match = /^([a-z]{2})\.svg$/.exec((request.params as { file: string }).file);
    if (!match) return notFound(reply);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=31536000').send(flagSvg(match[1]!.toUpperCase()));
  });

  // The platform's globally accessible scripts (`shopify_asset_url`). Of them the preview has a
  // stand-in for the gift card page's QR code script; any other answers 404 as the CDN does for a
  // file it has not got, and a theme that needs one shows what it shows without it.
  app.get('/cdn/shopify/s/files/assets/vendor/qrcode.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(qrCodeStandinScript()),
  );
}
