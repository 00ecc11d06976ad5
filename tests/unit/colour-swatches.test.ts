// The platform's swatches in the colour resolution (shared/catalogue/colours.ts): a colour the
// spec's table lacks but the platform gives a swatch (product_option_value.swatch, carried in
// the product JSON; filter_value.swatch, in the list's filter options) is known, with its own
// name and colour, in the filters and the lists; the table's colours keep their names in the
// platform's colour; a colour neither knows is still logged and black (spec §3); a swatch that
// could break out of a style attribute is never taken. The learned swatches live for the page,
// so this file orders its cases (unknown first, then learned) and forgets them when done.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { colourFor, colourName, forgetSwatches, learnSwatches, platformSwatch } from '../../shared/catalogue/colours';
import { filterProducts, emptyFilters } from '../../shared/catalogue/filters';
import { colourOptions, platformFilterOptions } from '../../shared/catalogue/listing';
import { setDictionary } from '../../shared/i18n';
import { islandStrings } from '../support/island-strings';

setDictionary('uk', await islandStrings('uk'));
setDictionary('en', await islandStrings('en'));

// Files share modules here: start and end with the table alone.
beforeAll(forgetSwatches);
afterAll(forgetSwatches);

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const product = (id: number, colours: string[], swatches?: Record<string, { color?: string | null; image?: string | null }>) => ({
  id,
  type: 'jackets',
  collections: [],
  productOptions: [{ name: 'Колір', values: colours, ...(swatches ? { swatches } : {}) }],
});
const select = (color: string[]) => ({ ...emptyFilters(), color });

describe('a colour neither the table nor the platform knows', () => {
  it('is logged and shown as black, and found by the black filter (spec §3)', () => {
    expect(colourName('navy')).toBeNull();
    expect(colourFor('navy', 'uk')).toMatchObject({ name: 'black', label: 'Чорний', classes: 'colour colour--black', hex: '#000000' });
    expect(errors).toHaveBeenCalledWith('Unsupported colour: navy');
    const navyJacket = product(1, ['navy']);
    expect(filterProducts([navyJacket], select(['black'])).map((p) => p.id)).toEqual([1]);
  });
});

describe('a colour the platform gives a swatch', () => {
  it('is known by its own name and colour, in both languages, and not logged', () => {
    learnSwatches([{ name: 'Color', values: ['navy'], swatches: { navy: { color: '#1b2a4a' } } }]);
    expect(colourName('Navy')).toBe('navy');
    for (const lang of ['uk', 'en'] as const)
      expect(colourFor('navy', lang)).toEqual({
        name: 'navy',
        value: 'navy',
        label: 'Navy',
        classes: 'colour',
        hex: '#1b2a4a',
        image: null,
        style: { '--swatch': '#1b2a4a' },
      });
    expect(errors).not.toHaveBeenCalled();
  });

  it('is its own choice in the filters: navy finds navy, black no longer does', () => {
    const navyJacket = product(1, ['navy', 'khaki'], { navy: { color: '#1b2a4a' } });
    const blackCoat = product(2, ['black']);
    expect(filterProducts([navyJacket, blackCoat], select(['navy'])).map((p) => p.id)).toEqual([1]);
    expect(filterProducts([navyJacket, blackCoat], select(['black'])).map((p) => p.id)).toEqual([2]);
  });

  it('is offered after the table’s colours, from the products or from the platform’s filter values', () => {
    const fromFilters = platformFilterOptions([{ name: 'колір', label: 'Колір', values: ['black', 'teal'], swatches: { teal: { color: '#0f7c80' } } }]);
    expect(fromFilters).not.toBeNull();
    const options = colourOptions(fromFilters!, 'en');
    expect(options.map((c) => [c.name, c.label, c.hex])).toEqual([
      ['black', 'Black', '#000000'],
      ['teal', 'Teal', '#0f7c80'],
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('draws a colour of the table in the platform’s colour, keeping its translated name', () => {
    learnSwatches([{ name: 'Колір', values: ['beige'], swatches: { beige: { color: '#e0d0b0' } } }]);
    expect(colourFor('beige', 'uk')).toMatchObject({
      name: 'beige',
      label: 'Бежевий',
      classes: 'colour colour--beige',
      hex: '#e0d0b0',
      style: { '--swatch': '#e0d0b0' },
    });
  });

  it('takes a pattern image from the shop or https only, and never a value that leaves the style', () => {
    learnSwatches([
      {
        name: 'Color',
        values: ['leopard', 'plaid', 'evil', 'sneaky'],
        swatches: {
          leopard: { image: '/cdn/shop/files/leopard.jpg?width=96' },
          plaid: { color: '#aa0000', image: 'javascript:alert(1)' },
          evil: { color: 'red;background:url(https://x)' },
          sneaky: { image: "/x.jpg');background:url('//evil" },
        },
      },
    ]);
    expect(colourFor('leopard', 'en')).toMatchObject({
      name: 'leopard',
      image: '/cdn/shop/files/leopard.jpg?width=96',
      style: { backgroundImage: "url('/cdn/shop/files/leopard.jpg?width=96')", backgroundSize: 'cover' },
    });
    expect(platformSwatch('plaid')).toEqual({ color: '#aa0000', image: null });
    expect(colourName('evil')).toBeNull();
    expect(colourName('sneaky')).toBeNull();
    // Only a colour option's swatches count.
    learnSwatches([{ name: 'Size', values: ['xl'], swatches: { xl: { color: '#123456' } } }]);
    expect(colourName('xl')).toBeNull();
  });
});
