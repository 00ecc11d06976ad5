// The 24 colours the shop supports (spec §3): the one table of their names, the spellings a
// merchant may give an option value, and their swatches. The build writes the theme's colour
// snippet (snippets/product-colour-name.liquid) and swatch CSS from it (tools/generate.mjs); the
// labels shoppers read are the theme's translations, product.colours.<name> in theme/locales.
//
// The platform may know more: an option value linked to the category's colour entries has a
// swatch (product_option_value.swatch), which the theme's product JSON carries beside the values
// (ProductOption.swatches). A colour is resolved by the table first (its name and label), its
// swatch colour by the platform first; a colour only the platform knows keeps the option value's
// own name and the platform's colour; only a colour neither knows is logged and shown as black.
import { t, type Language } from '../i18n';

export type ColourName =
  | 'black'
  | 'blue'
  | 'fuchsia'
  | 'gray'
  | 'green'
  | 'light-green'
  | 'dark-red'
  | 'dark-blue'
  | 'olive'
  | 'beige'
  | 'red'
  | 'light-gray'
  | 'dark-gray'
  | 'blue-green'
  | 'white'
  | 'yellow'
  | 'milk'
  | 'pink'
  | 'light-blue'
  | 'brown'
  | 'mustard'
  | 'graphite'
  | 'khaki'
  | 'powder';

// [name, English spelling, Ukrainian spelling, swatch hex]
const TABLE: [ColourName, string, string, string][] = [
  ['black', 'Black', 'Чорний', '#000000'],
  ['blue', 'Blue', 'Синій', '#1f4fbf'],
  ['fuchsia', 'Fuchsia', 'Фуксія', '#c2185b'],
  ['gray', 'Grey', 'Сірий', '#8c8c8c'],
  ['green', 'Green', 'Зелений', '#2e7d32'],
  ['light-green', 'Light green', 'Світло-зелений', '#9ccc65'],
  ['dark-red', 'Dark red', 'Темно-червоний', '#7f1d1d'],
  ['dark-blue', 'Dark blue', 'Темно-синій', '#1a237e'],
  ['olive', 'Olive', 'Оливковий', '#6b6b2a'],
  ['beige', 'Beige', 'Бежевий', '#e3d5b8'],
  ['red', 'Red', 'Червоний', '#d32f2f'],
  ['light-gray', 'Light grey', 'Світло-сірий', '#d4d4d4'],
  ['dark-gray', 'Dark grey', 'Темно-сірий', '#4a4a4a'],
  ['blue-green', 'Blue-green', 'Синьо-зелений', '#0f7c80'],
  ['white', 'White', 'Білий', '#ffffff'],
  ['yellow', 'Yellow', 'Жовтий', '#f5d60a'],
  ['milk', 'Milk', 'Молочний', '#f6f1e4'],
  ['pink', 'Pink', 'Рожевий', '#f2b8c6'],
  ['light-blue', 'Light blue', 'Блакитний', '#a7d3f0'],
  ['brown', 'Brown', 'Коричневий', '#6d4c41'],
  ['mustard', 'Mustard', 'Гірчичний', '#d4a017'],
  ['graphite', 'Graphite', 'Графітовий', '#383838'],
  ['khaki', 'Khaki', 'Хакі', '#a39264'],
  ['powder', 'Powder', 'Пудровий', '#e8c9c1'],
];

export const COLOUR_NAMES: readonly ColourName[] = TABLE.map(([name]) => name);

/** The table for the build: each colour's name, swatch and every spelling that names it. */
export const COLOURS = TABLE.map(([name, en, uk, hex]) => ({ name, hex, spellings: [name, en, uk] }));

/** A swatch as the platform gives it for an option value: a colour (#rrggbb) and/or an image URL. */
export type Swatch = { color?: string | null; image?: string | null };

export type Colour = {
  /** The table's name (a ColourName), or for a colour only the platform knows, the value's key (e.g. 'navy'). */
  name: string;
  /** The option value as the product has it (what selection and ?color= use). */
  value: string;
  label: string;
  /** CSS class of the swatch, e.g. 'colour colour--light-green'. */
  classes: string;
  hex: string;
  /** The platform's swatch image (a pattern), when it gives one. */
  image?: string | null;
  /** The chip's inline style when the platform gives the swatch: its colour, its pattern. */
  style?: Record<string, string>;
};

/** The inline style that draws a platform swatch over the chip's class (snippets/product-option does the same). */
function chipStyle(swatch: Swatch): Record<string, string> {
  const style: Record<string, string> = {};
  if (swatch.color) style['--swatch'] = swatch.color;
  if (swatch.image) Object.assign(style, { backgroundImage: `url('${swatch.image}')`, backgroundSize: 'cover' });
  return style;
}

const COLOUR_OPTION_NAMES = ['colour', 'color', 'колір'];

/** Spec §3: colour/color/колір, any case. */
export function isColourOption(optionName: string): boolean {
  return COLOUR_OPTION_NAMES.includes(optionName.trim().toLowerCase());
}

/** How a spelling is compared: lower case, words joined by one hyphen (spaces, underscores or hyphens). */
export const colourKey = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join('-');
const INDEX = new Map<string, (typeof TABLE)[number]>();
for (const row of TABLE) for (const spelling of [row[0], row[1], row[2]]) INDEX.set(colourKey(spelling), row);

// The platform's swatches seen in product data, by colour key: a page's products (a list's
// index, the product form's product) are read through here before their colours are resolved.
const PLATFORM = new Map<string, Swatch>();

// What may go into a swatch's style: product data can come from the browser's cache, which
// another script could have written, so only a plain hex colour and a same-site or https address
// without quotes, brackets or spaces are taken.
const SAFE_COLOUR = /^#[0-9a-f]{3,8}$/i;
const SAFE_IMAGE = /^(?:https:\/\/|\/(?!\/))[^\s"'()\\<>]+$/;

/** The swatch with only what is safe to draw, or null when nothing is. */
function safeSwatch(swatch: unknown): Swatch | null {
  if (!swatch || typeof swatch !== 'object') return null;
  const { color, image } = swatch as Swatch;
  const safe: Swatch = {
    color: typeof color === 'string' && SAFE_COLOUR.test(color) ? color : null,
    image: typeof image === 'string' && SAFE_IMAGE.test(image) ? image : null,
  };
  return safe.color || safe.image ? safe : null;
}

/**
 * Remembers the platform's swatches of the colour options among `options` (ProductOption's
 * `swatches`), so every colour resolved afterwards knows them. Cheap to call again.
 */
export function learnSwatches(options: readonly { name: string; values?: readonly string[]; swatches?: Readonly<Record<string, Swatch>> | undefined }[]): void {
  for (const option of options) {
    if (!option.swatches || !isColourOption(option.name)) continue;
    if (typeof option.swatches !== 'object') continue;
    for (const [value, swatch] of Object.entries(option.swatches)) {
      const safe = safeSwatch(swatch);
      if (safe) PLATFORM.set(colourKey(value), safe);
    }
  }
}

/**
 * Forgets every learned swatch: the resolution as the spec's table alone gives it. For code that
 * resolves colours of several shops in one run (tests sharing modules).
 */
export function forgetSwatches(): void {
  PLATFORM.clear();
}

/** The platform's swatch of a colour value, if one was learned. */
export function platformSwatch(value: string): Swatch | null {
  return PLATFORM.get(colourKey(value)) ?? null;
}

/**
 * The colour's canonical name: one of the 24, or the key of a colour the platform gave a swatch
 * (learnSwatches); null when neither knows it (no logging).
 */
export function colourName(value: string): string | null {
  const key = colourKey(value);
  return INDEX.get(key)?.[0] ?? (PLATFORM.has(key) ? key : null);
}

/** A value as a shopper reads it where no translation names it: its own words, first letter capital. */
const ownName = (value: string): string => {
  const trimmed = value.trim().replace(/[_-]+/g, ' ');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
};

/**
 * Spec §3: the colour with its label in the language (the page's by default), which is the
 * theme's translation, and its swatch (the platform's colour when it gives one). A colour the
 * table lacks but the platform gives a swatch keeps its own name and the platform's colour; one
 * neither knows is logged and shown as black.
 */
export function colourFor(value: string, lang?: Language): Colour {
  const key = colourKey(value);
  const swatch = PLATFORM.get(key) ?? null;
  let row = INDEX.get(key);
  if (!row && swatch)
    return { name: key, value, label: ownName(value), classes: 'colour', hex: swatch.color ?? '', image: swatch.image ?? null, style: chipStyle(swatch) };
  if (!row) {
    console.error(`Unsupported colour: ${value}`);
    row = TABLE[0]!;
  }
  const [name, , , hex] = row;
  return {
    name,
    value,
    label: t(`colours.${name}`, undefined, lang),
    classes: `colour colour--${name}`,
    hex: swatch?.color ?? hex,
    image: swatch?.image ?? null,
    ...(swatch ? { style: chipStyle(swatch) } : {}),
  };
}
