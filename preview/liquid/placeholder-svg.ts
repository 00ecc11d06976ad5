import { escapeHtml } from './escape.js';

// placeholder_svg_tag (shopify.dev, Liquid filters): an inline <svg> of the platform's artwork for
// a placeholder name, with the class given as the filter's argument. The platform's artwork is
// its own drawing; the preview draws a simple stand-in of the same kind (a garment, a framed
// picture, a scene) on the same canvas, so a theme's placeholder boxes keep their shape.

type Art = 'garment' | 'bag' | 'picture' | 'scene';

interface Placeholder {
  /** The width and height of the artwork's viewBox. */
  box: [number, number];
  art: Art;
}

const OUTLINE: [number, number] = [525.5, 525.5];
const SQUARE: [number, number] = [1000, 1000];
const WIDE: [number, number] = [1300, 730];

/** The documented names: outline illustrations, then colour illustrations. */
const PLACEHOLDERS: Record<string, Placeholder> = {
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`product-${n}`, { box: OUTLINE, art: n % 2 ? 'garment' : 'bag' }])),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`collection-${n}`, { box: OUTLINE, art: n % 2 ? 'bag' : 'garment' }])),
  'lifestyle-1': { box: OUTLINE, art: 'scene' },
  'lifestyle-2': { box: OUTLINE, art: 'scene' },
  image: { box: OUTLINE, art: 'picture' },
  ...Object.fromEntries([1, 2, 3, 4].map((n) => [`product-apparel-${n}`, { box: SQUARE, art: 'garment' }])),
  ...Object.fromEntries([1, 2, 3, 4].map((n) => [`collection-apparel-${n}`, { box: SQUARE, art: 'garment' }])),
  ...Object.fromEntries([1, 2, 3].map((n) => [`hero-apparel-${n}`, { box: WIDE, art: 'scene' }])),
  ...Object.fromEntries([1, 2, 3].map((n) => [`blog-apparel-${n}`, { box: WIDE, art: 'scene' }])),
  'detailed-apparel-1': { box: SQUARE, art: 'garment' },
};

/** Names the platform answers though its docs do not list them (Dawn's main-page uses `page`). */
const UNDOCUMENTED: Record<string, Placeholder> = { page: { box: OUTLINE, art: 'picture' } };

/** Shapes drawn on a 100 × 100 grid, scaled to the artwork's box. */
const SHAPES: Record<Art, string> = {
  garment: '<path d="M38 18 L30 22 L18 34 L25 44 L32 38 L32 84 L68 84 L68 38 L75 44 L82 34 L70 22 L62 18 Q50 28 38 18 Z"/>',
  bag: '<path d="M24 38 L76 38 L80 86 L20 86 Z"/><path d="M38 38 Q38 20 50 20 Q62 20 62 38" fill="none" stroke-width="2"/>',
  picture: '<rect x="18" y="22" width="64" height="56" rx="2"/><circle cx="36" cy="40" r="6"/><path d="M18 78 L42 52 L56 66 L66 58 L82 74 L82 78 Z"/>',
  scene: '<circle cx="74" cy="28" r="8"/><path d="M0 80 L26 50 L44 68 L62 46 L100 84 L100 100 L0 100 Z"/>',
};

export function placeholderSvg(name: unknown, className: unknown): string {
  const key = String(name ?? '');
  const placeholder = PLACEHOLDERS[key] ?? UNDOCUMENTED[key] ?? PLACEHOLDERS['image']!;
  const [width, height] = placeholder.box;
  // The shapes are centred in a square of the box's shorter side.
  const side = Math.min(width, height);
  const scale = side / 100;
  const dx = (width - side) / 2;
  const dy = (height - side) / 2;
  const cls = className === undefined || className === null || className === '' ? '' : ` class="${escapeHtml(className)}"`;
  return (
    `<svg${cls} xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f2f2f2"/>` +
    `<g transform="translate(${dx} ${dy}) scale(${scale})" fill="#d9d9d9" stroke="#bdbdbd" stroke-width="0.6">${SHAPES[placeholder.art]}</g></svg>`
  );
}
