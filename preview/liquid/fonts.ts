import { Drop } from 'liquidjs';
import { escapeHtml } from './escape.js';

// The platform's font object (a `font_picker` setting) and its font filters. A font handle is
// `<family>_<style><weight>`, e.g. `assistant_n4` (normal 400) or `work_sans_i7` (italic 700).
// The files live on the platform's font CDN, /cdn/fonts/: the preview serves a family's files
// from its @fontsource package when one is installed, and 404 for others, so the browser falls
// back to the font's fallback families (routes/platform-cdn.ts).

const SERIF = new Set([
  'georgia',
  'times_new_roman',
  'garamond',
  'baskerville',
  'playfair_display',
  'lora',
  'merriweather',
  'libre_baskerville',
  'crimson_text',
  'old_standard_tt',
  'pt_serif',
  'noto_serif',
  'eb_garamond',
  'cormorant',
  'bodoni_moda',
]);
const MONO = new Set(['courier_new', 'inconsolata', 'source_code_pro', 'space_mono', 'ibm_plex_mono', 'roboto_mono']);
const SYSTEM = new Set([
  'sans-serif',
  'serif',
  'monospace',
  'system_ui',
  'helvetica',
  'arial',
  'georgia',
  'times_new_roman',
  'courier_new',
  'verdana',
  'trebuchet_ms',
  'palatino',
  'garamond',
]);
const STYLES: Record<string, string> = { n: 'normal', i: 'italic', o: 'oblique' };

export class FontDrop extends Drop {
  readonly familyKey: string;
  readonly styleCode: string;
  readonly weightCode: number;
  constructor(handle: string) {
    super();
    const match = /^(.+)_([nio])([1-9])$/.exec(handle);
    this.familyKey = match?.[1] ?? handle;
    this.styleCode = match?.[2] ?? 'n';
    this.weightCode = Number(match?.[3] ?? 4);
  }
  get family(): string {
    return this.familyKey
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  }
  get fallback_families(): string {
    return SERIF.has(this.familyKey) ? 'serif' : MONO.has(this.familyKey) ? 'monospace' : 'sans-serif';
  }
  get style(): string {
    return STYLES[this.styleCode] ?? 'normal';
  }
  get weight(): string {
    return String(this.weightCode * 100);
  }
  get baseline_ratio(): number {
    return 0.8;
  }
  get isSystem(): boolean {
    return SYSTEM.has(this.familyKey);
  }
  get ['system?'](): boolean {
    return this.isSystem;
  }
  /** Every style and weight the preview offers: the four a theme usually asks for. */
  get variants(): FontDrop[] {
    return ['n4', 'n7', 'i4', 'i7'].map((code) => new FontDrop(`${this.familyKey}_${code}`));
  }
  get handle(): string {
    return `${this.familyKey}_${this.styleCode}${this.weightCode}`;
  }
  override valueOf(): string {
    return this.handle;
  }
  override toString(): string {
    return this.handle;
  }
  toLiquidJSON(): string {
    return this.handle;
  }
}

/** A font_picker value as Liquid sees it: a font object (nil when blank). */
export function fontSetting(value: unknown): FontDrop | null {
  if (value instanceof FontDrop) return value;
  const handle = String(value ?? '').trim();
  return /^[a-z0-9_-]+_[nio][1-9]$/.test(handle) || SYSTEM.has(handle) ? new FontDrop(handle) : null;
}

function fontOf(input: unknown, filter: string): FontDrop {
  const font = fontSetting(input);
  if (!font) throw new Error(`${filter}: expected a font object, got '${String(input)}'`);
  return font;
}

function fontUrl(font: FontDrop, format: string): string {
  return `/cdn/fonts/${font.familyKey}/${font.handle}.${format}`;
}

const WEIGHT_WORDS: Record<string, (w: number) => number> = {
  normal: () => 4,
  bold: () => 7,
  bolder: (w) => Math.min(9, w + (w < 4 ? 4 - w : w < 6 ? 7 - w : 9 - w)),
  lighter: (w) => Math.max(1, w - (w > 7 ? w - 7 : w > 5 ? w - 4 : w - 1)),
};

type Filter = (input: unknown, ...args: unknown[]) => unknown;

export function fontFilters(named: (args: unknown[]) => Record<string, unknown>): Record<string, Filter> {
  return {
    font_url(input, format) {
      const type = format === undefined ? 'woff2' : String(format);
      if (type !== 'woff' && type !== 'woff2') throw new Error(`font_url: format must be 'woff' or 'woff2', got '${type}'`);
      const font = fontOf(input, 'font_url');
      return font.isSystem ? '' : fontUrl(font, type);
    },
    font_face(input, ...args) {
      const font = fontOf(input, 'font_face');
      if (font.isSystem) return '';
      const display = named(args)['font_display'];
      const lines = [
        `font-family: ${font.family};`,
        `font-weight: ${font.weight};`,
        `font-style: ${font.style};`,
        display ? `font-display: ${escapeHtml(display)};` : '',
        `src: url("${fontUrl(font, 'woff2')}") format("woff2"),\n       url("${fontUrl(font, 'woff')}") format("woff");`,
      ].filter(Boolean);
      return `@font-face {\n  ${lines.join('\n  ')}\n}`;
    },
    // The platform answers nil for a variant the family does not have; every family here has
    // weights 100 to 900 in normal and italic.
    font_modify(input, property, value) {
      const font = fontOf(input, 'font_modify');
      const prop = String(property ?? '');
      const val = String(value ?? '');
      if (prop === 'style') {
        const code = { normal: 'n', italic: 'i', oblique: 'o' }[val];
        if (!code) throw new Error(`font_modify: style must be normal, italic or oblique, got '${val}'`);
        return new FontDrop(`${font.familyKey}_${code}${font.weightCode}`);
      }
      if (prop === 'weight') {
        let weight: number;
        if (WEIGHT_WORDS[val]) weight = WEIGHT_WORDS[val](font.weightCode);
        else if (/^[+-]\d00$/.test(val)) weight = font.weightCode + Number(val) / 100;
        else if (/^[1-9]00$/.test(val)) weight = Number(val) / 100;
        else throw new Error(`font_modify: invalid weight '${val}'`);
        return weight >= 1 && weight <= 9 ? new FontDrop(`${font.familyKey}_${font.styleCode}${weight}`) : null;
      }
      throw new Error(`font_modify: property must be 'style' or 'weight', got '${prop}'`);
    },
  };
}
