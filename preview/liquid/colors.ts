import { Drop } from 'liquidjs';

// The platform's colour object (a `color` setting, a colour filter's result) and its colour
// filters. A colour prints as #rrggbb (rgba(…) when translucent) and exposes its components.

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  maroon: '#800000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  lime: '#00ff00',
  olive: '#808000',
  navy: '#000080',
  teal: '#008080',
  aqua: '#00ffff',
  orange: '#ffa500',
  transparent: '#00000000',
};

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));
const round = (n: number, places = 0): number => Math.round(n * 10 ** places) / 10 ** places;

export class ColorDrop extends Drop {
  constructor(readonly components: Rgba) {
    super();
  }
  get red(): number {
    return this.components.r;
  }
  get green(): number {
    return this.components.g;
  }
  get blue(): number {
    return this.components.b;
  }
  get alpha(): number {
    return round(this.components.a, 2);
  }
  get hue(): number {
    return round(toHsl(this.components).h);
  }
  get saturation(): number {
    return round(toHsl(this.components).s);
  }
  get lightness(): number {
    return round(toHsl(this.components).l);
  }
  /** `234 90 185`: the space-separated form CSS custom properties take. */
  get rgb(): string {
    return `${this.components.r} ${this.components.g} ${this.components.b}`;
  }
  get color_space(): string {
    return 'srgb';
  }
  get chroma(): number {
    return round(oklchParts(this.components).C, 3);
  }
  get oklch(): string {
    const { L, C, H } = oklchParts(this.components);
    return `${round(L * 100, 2)}% ${round(C, 3)} ${round(H, 2)}`;
  }
  get oklcha(): string {
    return `${this.oklch} / ${alphaText(this.components.a)}`;
  }
  /** `234 90 185 / 1.0`. */
  get rgba(): string {
    return `${this.rgb} / ${alphaText(this.components.a)}`;
  }
  override valueOf(): string {
    return this.toString();
  }
  override toString(): string {
    return cssColor(this.components);
  }
  toLiquidJSON(): string {
    return this.toString();
  }
}

function alphaText(a: number): string {
  const text = String(round(a, 2));
  return text.includes('.') ? text : `${text}.0`;
}

function hex2(n: number): string {
  return Math.round(clamp(n, 0, 255))
    .toString(16)
    .padStart(2, '0');
}

function cssColor({ r, g, b, a }: Rgba): string {
  return a >= 1 ? `#${hex2(r)}${hex2(g)}${hex2(b)}` : `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${round(a, 2)})`;
}

/** A colour from a colour object or a CSS colour string (#rgb, #rrggbb(aa), rgb(a)(), hsl(a)(), a name). */
export function parseColor(input: unknown): Rgba | null {
  if (input instanceof ColorDrop) return { ...input.components };
  const text = String(input ?? '')
    .trim()
    .toLowerCase();
  if (!text) return null;
  const named = NAMED[text];
  if (named) return parseColor(named);
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (m) {
    let hex = m[1]!;
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? round(n(6) / 255, 2) : 1 };
  }
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (m) return { r: clamp(Number(m[1]), 0, 255), g: clamp(Number(m[2]), 0, 255), b: clamp(Number(m[3]), 0, 255), a: alphaOf(m[4]) };
  m = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (m) return { ...fromHsl(Number(m[1]), Number(m[2]), Number(m[3])), a: alphaOf(m[4]) };
  return null;
}

function alphaOf(text: string | undefined): number {
  if (text === undefined) return 1;
  return clamp(text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text), 0, 1);
}

function toHsl({ r, g, b }: Rgba): { h: number; s: number; l: number } {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: l * 100 };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

function fromHsl(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = clamp(s, 0, 100) / 100;
  const ll = clamp(l, 0, 100) / 100;
  if (ss === 0) return { r: Math.round(ll * 255), g: Math.round(ll * 255), b: Math.round(ll * 255) };
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const channel = (t: number): number => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = tt < 1 / 6 ? p + (q - p) * 6 * tt : tt < 1 / 2 ? q : tt < 2 / 3 ? p + (q - p) * (2 / 3 - tt) * 6 : p;
    return Math.round(v * 255);
  };
  return { r: channel(hh + 1 / 3), g: channel(hh), b: channel(hh - 1 / 3) };
}

function withHsl(color: Rgba, change: (hsl: { h: number; s: number; l: number }) => { h: number; s: number; l: number }): ColorDrop {
  const next = change(toHsl(color));
  return new ColorDrop({ ...fromHsl(next.h, next.s, next.l), a: color.a });
}

function brightness({ r, g, b }: Rgba): number {
  return (r * 299 + g * 587 + b * 114) / 1000;
}

function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function oklch(color: Rgba): string {
  const { L, C, H } = oklchParts(color);
  return `oklch(${Math.round(L * 100)}% ${round(C, 1)} ${Math.round(H)} / ${alphaText(color.a)})`;
}

function oklchParts({ r, g, b }: Rgba): { L: number; C: number; H: number } {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [lin(r), lin(g), lin(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const C = Math.sqrt(A * A + B * B);
  const H = C < 0.0001 ? 0 : ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360;
  return { L, C, H };
}

function required(input: unknown, filter: string): Rgba {
  const color = parseColor(input);
  if (!color) throw new Error(`${filter}: invalid color '${String(input)}'`);
  return color;
}

const COMPONENTS = ['red', 'green', 'blue', 'alpha', 'hue', 'saturation', 'lightness'] as const;
type Component = (typeof COMPONENTS)[number];

function component(name: unknown, filter: string): Component {
  const value = String(name ?? '');
  if (!(COMPONENTS as readonly string[]).includes(value)) throw new Error(`${filter}: invalid color component '${value}'`);
  return value as Component;
}

function percent(value: unknown, filter: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`${filter}: the amount must be a number from 0 to 100`);
  return n;
}

type Filter = (input: unknown, ...args: unknown[]) => unknown;

export const colorFilters: Record<string, Filter> = {
  color_to_rgb: (input) => {
    const { r, g, b, a } = required(input, 'color_to_rgb');
    return a < 1 ? `rgba(${r}, ${g}, ${b}, ${round(a, 2)})` : `rgb(${r}, ${g}, ${b})`;
  },
  color_to_hsl: (input) => {
    const color = required(input, 'color_to_hsl');
    const { h, s, l } = toHsl(color);
    return color.a < 1
      ? `hsla(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%, ${round(color.a, 2)})`
      : `hsl(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%)`;
  },
  color_to_hex: (input) => {
    const { r, g, b } = required(input, 'color_to_hex');
    return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  },
  color_to_oklch: (input) => oklch(required(input, 'color_to_oklch')),
  color_extract: (input, name) => {
    const drop = new ColorDrop(required(input, 'color_extract'));
    return drop[component(name, 'color_extract')];
  },
  color_brightness: (input) => round(brightness(required(input, 'color_brightness')), 2),
  color_modify: (input, name, value) => {
    const color = required(input, 'color_modify');
    const which = component(name, 'color_modify');
    const n = Number(value);
    if (!Number.isFinite(n)) throw new Error('color_modify: the value must be a number');
    if (which === 'red' || which === 'green' || which === 'blue') {
      const key = which[0] as 'r' | 'g' | 'b';
      return new ColorDrop({ ...color, [key]: clamp(Math.round(n), 0, 255) });
    }
    if (which === 'alpha') return new ColorDrop({ ...color, a: clamp(n, 0, 1) });
    return withHsl(color, (hsl) => ({ ...hsl, [which[0] as 'h' | 's' | 'l']: which === 'hue' ? clamp(n, 0, 360) : clamp(n, 0, 100) }));
  },
  color_lighten: (input, amount) =>
    withHsl(required(input, 'color_lighten'), (hsl) => ({ ...hsl, l: clamp(hsl.l + percent(amount, 'color_lighten'), 0, 100) })),
  color_darken: (input, amount) => withHsl(required(input, 'color_darken'), (hsl) => ({ ...hsl, l: clamp(hsl.l - percent(amount, 'color_darken'), 0, 100) })),
  color_saturate: (input, amount) =>
    withHsl(required(input, 'color_saturate'), (hsl) => ({ ...hsl, s: clamp(hsl.s + percent(amount, 'color_saturate'), 0, 100) })),
  color_desaturate: (input, amount) =>
    withHsl(required(input, 'color_desaturate'), (hsl) => ({ ...hsl, s: clamp(hsl.s - percent(amount, 'color_desaturate'), 0, 100) })),
  color_mix: (input, other, weight) => {
    // Sass's mix: `weight` percent of the first colour, alpha-aware.
    const a = required(input, 'color_mix');
    const b = required(other, 'color_mix');
    const p = percent(weight, 'color_mix') / 100;
    const w = p * 2 - 1;
    const da = a.a - b.a;
    const w1 = ((w * da === -1 ? w : (w + da) / (1 + w * da)) + 1) / 2;
    const w2 = 1 - w1;
    return new ColorDrop({
      r: Math.round(a.r * w1 + b.r * w2),
      g: Math.round(a.g * w1 + b.g * w2),
      b: Math.round(a.b * w1 + b.b * w2),
      a: round(a.a * p + b.a * (1 - p), 2),
    });
  },
  color_contrast: (input, other) => {
    const [l1, l2] = [luminance(required(input, 'color_contrast')), luminance(required(other, 'color_contrast'))];
    // The platform prints the ratio with one decimal (3.0), as a Ruby float.
    return ((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)).toFixed(1);
  },
  color_difference: (input, other) => {
    const a = required(input, 'color_difference');
    const b = required(other, 'color_difference');
    return Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
  },
  brightness_difference: (input, other) =>
    Math.round(Math.abs(brightness(required(input, 'brightness_difference')) - brightness(required(other, 'brightness_difference')))),
};

/** A `color` setting's value as the platform hands it to Liquid: a colour object, or nil when blank. */
export function colorSetting(value: unknown): ColorDrop | null {
  const color = parseColor(value);
  return color ? new ColorDrop(color) : null;
}
