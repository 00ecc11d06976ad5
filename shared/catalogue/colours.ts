// The 24 colours the shop supports (spec §3): the one table of their names, the spellings a
// merchant may give an option value, and their swatches. The build writes the theme's colour
// snippet (snippets/product-colour-name.liquid) and swatch CSS from it (tools/generate.mjs); the
// labels shoppers read are the theme's translations, product.colours.<name> in theme/locales.
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

export type Colour = {
  name: ColourName;
  /** The option value as the product has it (what selection and ?color= use). */
  value: string;
  label: string;
  /** CSS class of the swatch, e.g. 'colour colour--light-green'. */
  classes: string;
  hex: string;
};

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

/** The colour's canonical name, or null when it is not one of the 24 (no logging). */
export function colourName(value: string): ColourName | null {
  return INDEX.get(colourKey(value))?.[0] ?? null;
}

/**
 * Spec §3: the colour with its label in the language (the page's by default), which is the
 * theme's translation; an unknown colour is logged and shown as black.
 */
export function colourFor(value: string, lang?: Language): Colour {
  let row = INDEX.get(colourKey(value));
  if (!row) {
    console.error(`Unsupported colour: ${value}`);
    row = TABLE[0]!;
  }
  const [name, , , hex] = row;
  return { name, value, label: t(`colours.${name}`, undefined, lang), classes: `colour colour--${name}`, hex };
}
