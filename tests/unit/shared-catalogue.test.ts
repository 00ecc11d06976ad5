import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOUR_NAMES, colourFor, isColourOption } from '../../shared/catalogue/colours';
import { isSizeOption, toSize } from '../../shared/catalogue/sizes';
import { availableColors, availableSizes, defaultSelection, findVariant } from '../../shared/catalogue/variants';
import { coat, product } from './shared-support/products';
import { setDictionary } from '../../shared/i18n';
import { islandStrings } from '../support/island-strings';

// Colour labels are the theme's translations, as a page hands them to the islands.
setDictionary('uk', await islandStrings('uk'));
setDictionary('en', await islandStrings('en'));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('colours', () => {
  it('supports the 24 colours of the spec', () => {
    expect([...COLOUR_NAMES].sort()).toEqual(
      [
        'black',
        'blue',
        'fuchsia',
        'gray',
        'green',
        'light-green',
        'dark-red',
        'dark-blue',
        'olive',
        'beige',
        'red',
        'light-gray',
        'dark-gray',
        'blue-green',
        'white',
        'yellow',
        'milk',
        'pink',
        'light-blue',
        'brown',
        'mustard',
        'graphite',
        'khaki',
        'powder',
      ].sort(),
    );
  });

  it('labels in Ukrainian for uk and English otherwise, keeping the product value', () => {
    expect(colourFor('Light green', 'uk')).toMatchObject({ name: 'light-green', value: 'Light green', label: 'Світло-зелений' });
    expect(colourFor('light-green', 'en')).toMatchObject({ name: 'light-green', label: 'Light green', classes: 'colour colour--light-green' });
    expect(colourFor('БЕЖЕВИЙ', 'en')).toMatchObject({ name: 'beige', label: 'Beige' });
    expect(colourFor('dark_blue', 'uk').name).toBe('dark-blue');
    expect(errors).not.toHaveBeenCalled();
  });

  it('logs an unknown colour and shows it as black', () => {
    const c = colourFor('navy', 'en');
    expect(c).toMatchObject({ name: 'black', value: 'navy', label: 'Black', hex: '#000000' });
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('recognises colour and size option names in any case', () => {
    for (const n of ['Colour', 'color', 'КОЛІР', ' колір ']) expect(isColourOption(n), n).toBe(true);
    for (const n of ['Size', 'розмір', 'РОЗМІР']) expect(isSizeOption(n), n).toBe(true);
    expect(isColourOption('Material')).toBe(false);
    expect(isSizeOption('Length')).toBe(false);
  });

  it('lower-cases and trims size values, keeping the label', () => {
    expect(toSize(' XL ')).toEqual({ label: 'XL', value: 'xl' });
  });
});

describe('variant selection', () => {
  it('finds the variant with both options, by value or label, in any case', () => {
    const p = coat();
    expect(findVariant(p, 'black', 'm')?.id).toBe(102);
    expect(findVariant(p, 'Бежевий', 'L')?.id).toBe(106);
    expect(findVariant(p, 'BEIGE', ' s ')?.id).toBe(104);
  });

  it('answers the current variant without a selection and null for a missing combination', () => {
    const p = coat();
    expect(findVariant(p, null, null)?.id).toBe(106);
    expect(findVariant(p, 'red', 'm')).toBeNull();
  });

  it('needs only the dimensions the product has', () => {
    const scarf = product({
      id: 2,
      productOptions: [{ name: 'Color', values: ['Red', 'Milk'] }],
      variants: [
        { id: 21, available: true, options: ['Red'] },
        { id: 22, available: true, options: ['Milk'] },
      ],
      currentVariant: { id: 21 },
    });
    expect(findVariant(scarf, 'milk', 'm')?.id).toBe(22);
  });

  it('defaults to the query values when the product has them', () => {
    expect(defaultSelection(coat(), { color: 'beige', size: 'M' })).toEqual({ color: 'Beige', size: 'm' });
  });

  it('defaults to the first available colour and size otherwise', () => {
    // Black is available (in M and L); Black-S is sold out, so the size is M.
    expect(defaultSelection(coat())).toEqual({ color: 'Black', size: 'm' });
    expect(defaultSelection(coat(), { color: 'red', size: 'xxl' })).toEqual({ color: 'Black', size: 'm' });
  });

  it('skips a colour with nothing available', () => {
    const p = coat();
    for (const v of p.variants) if (v.options[0] === 'Black') v.available = false;
    expect(defaultSelection(p)).toEqual({ color: 'Beige', size: 's' });
  });

  it('derives colours and sizes with availability per combination', () => {
    const p = coat();
    expect(availableSizes(p, 'Black').map((s) => [s.value, s.available])).toEqual([
      ['s', false],
      ['m', true],
      ['l', true],
    ]);
    expect(availableSizes(p).every((s) => s.available)).toBe(true);
    expect(availableColors(p, 'uk', 's').map((c) => [c.label, c.available])).toEqual([
      ['Чорний', false],
      ['Бежевий', true],
    ]);
  });
});
