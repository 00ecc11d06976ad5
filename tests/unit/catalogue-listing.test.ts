// The list's state in the address, the filters panel's options, the card link's colour, the
// filter rule with unknown colours, and the alphabetical order (spec §2-§5).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $listing,
  activeFilterCount,
  applyListingFilters,
  cardUrl,
  colourOptions,
  platformFilterOptions,
  provideListing,
  readListingState,
  resolveType,
  sizeOptions,
  writeListingState,
} from '../../shared/catalogue/listing';
import { emptyFilters, filterProducts, type FilterSelection } from '../../shared/catalogue/filters';
import { alphabeticalKey, sortProducts } from '../../shared/catalogue/sort';
import { listProduct, product } from './shared-support/products';
import { setDictionary } from '../../shared/i18n';
import { islandStrings } from '../support/island-strings';

// Colour labels are the theme's translations, as a page hands them to the islands.
setDictionary('uk', await islandStrings('uk'));
setDictionary('en', await islandStrings('en'));

const LIST_SORTS = ['alphabetically', 'price_high_to_low', 'price_low_to_high'] as const;
const select = (over: Partial<FilterSelection>): FilterSelection => ({ ...emptyFilters(), ...over });
const withColours = (id: number, colours: string[], sizes: string[] = ['S']) =>
  listProduct({
    id,
    productOptions: [
      { name: 'Колір', values: colours },
      { name: 'Size', values: sizes },
    ],
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('list state in the address', () => {
  it('reads filters and sort; a sort the screen does not offer falls back to its default', () => {
    const state = readListingState(new URLSearchParams('color=black&size=m&sort=price_low_to_high'), LIST_SORTS, 'alphabetically');
    expect(state).toEqual({ filters: select({ color: ['black'], size: ['m'] }), sort: 'price_low_to_high', category: null, search: null });
    expect(readListingState(new URLSearchParams('sort=featured'), LIST_SORTS, 'alphabetically').sort).toBe('alphabetically');
    expect(readListingState(new URLSearchParams('sort=featured'), ['featured', ...LIST_SORTS], 'featured').sort).toBe('featured');
  });

  it('a category sets the type filter (spec §4), lower-cased', () => {
    const state = readListingState(new URLSearchParams('category=Сукні'), LIST_SORTS, 'alphabetically');
    expect(state.category).toBe('сукні');
    expect(state.filters.type).toEqual(['сукні']);
    // Explicit type params win over the category.
    expect(readListingState(new URLSearchParams('category=сукні&type=coats'), LIST_SORTS, 'alphabetically').filters.type).toEqual(['coats']);
  });

  it('a search is q with type=product; type=product is not a type filter then', () => {
    const state = readListingState(new URLSearchParams('q=%20coat%20&type=product'), LIST_SORTS, 'alphabetically');
    expect(state.search).toBe('coat');
    expect(state.filters.type).toEqual([]);
    expect(readListingState(new URLSearchParams('q=coat'), LIST_SORTS, 'alphabetically').search).toBeNull();
  });

  it('writes filters and sort over the address, keeps q and type=product, leaves the default sort and the page out', () => {
    const base = new URLSearchParams('q=silk&type=product&page=2&sort=price_low_to_high');
    const params = writeListingState({ filters: select({ color: ['black'] }), sort: 'alphabetically' }, base, 'alphabetically');
    expect(params.toString()).toBe('q=silk&type=product&color=black');
    const sorted = writeListingState({ filters: emptyFilters(), sort: 'price_high_to_low' }, base, 'alphabetically');
    expect(sorted.get('sort')).toBe('price_high_to_low');
  });

  it('keeps the category while the type filter is exactly it, drops it for any other type choice', () => {
    const base = new URLSearchParams('category=сукні');
    const same = writeListingState({ filters: select({ type: ['сукні'], size: ['m'] }), sort: 'alphabetically' }, base, 'alphabetically');
    expect(same.toString()).toBe('category=%D1%81%D1%83%D0%BA%D0%BD%D1%96&size=m');
    const other = writeListingState({ filters: select({ type: ['coats'] }), sort: 'alphabetically' }, base, 'alphabetically');
    expect(other.toString()).toBe('type=coats');
    const reset = writeListingState({ filters: emptyFilters(), sort: 'alphabetically' }, base, 'alphabetically');
    expect(reset.toString()).toBe('');
  });

  it('round-trips a state through the address', () => {
    const state = {
      filters: select({ type: ['coats', 'dresses'], color: ['black', 'milk'], size: ['one size'], collection: ['evening'] }),
      sort: 'price_high_to_low' as const,
    };
    const back = readListingState(writeListingState(state, new URLSearchParams(), 'alphabetically'), LIST_SORTS, 'alphabetically');
    expect(back.filters).toEqual(state.filters);
    expect(back.sort).toBe('price_high_to_low');
  });

  it('resolves a menu category (the type label in the page language) to the product type', () => {
    const labels: Record<string, string> = { dresses: 'Сукні', coats: 'Пальта' };
    const label = (type: string) => labels[type] ?? type;
    expect(resolveType('сукні', ['coats', 'dresses'], label)).toBe('dresses');
    expect(resolveType('Coats', ['coats', 'dresses'], label)).toBe('coats');
    expect(resolveType('hats', ['coats', 'dresses'], label)).toBe('hats');
  });

  it('counts active filter values', () => {
    expect(activeFilterCount(emptyFilters())).toBe(0);
    expect(activeFilterCount(select({ type: ['a'], color: ['b', 'c'] }))).toBe(3);
  });
});

describe('the filter rule (spec §5) with the colour mapping', () => {
  const navy = withColours(1, ['navy'], ['M']);
  const black = withColours(2, ['Black'], ['S']);
  const milk = withColours(3, ['Молочний'], ['ONE SIZE']);

  it('an unknown colour counts as black, so the black filter finds it', () => {
    expect(filterProducts([navy], select({ color: ['white'] }))).toEqual([]);
    expect(filterProducts([navy, black, milk], select({ color: ['black'] })).map((p) => p.id)).toEqual([1, 2]);
  });

  it('a colour matches in either language and any spelling; sizes ignore case', () => {
    expect(filterProducts([navy, black, milk], select({ color: ['milk'] })).map((p) => p.id)).toEqual([3]);
    expect(filterProducts([navy, black, milk], select({ size: ['one size'] })).map((p) => p.id)).toEqual([3]);
  });

  it('any value within a dimension, every non-empty dimension', () => {
    expect(filterProducts([navy, black, milk], select({ color: ['black', 'milk'], size: ['s', 'one size'] })).map((p) => p.id)).toEqual([2, 3]);
    expect(filterProducts([navy, black, milk], select({ color: ['black'], size: ['one size'] }))).toEqual([]);
  });

  it('keeps the given order and never changes its input', () => {
    const list = [milk, black, navy];
    const out = filterProducts(list, select({ color: ['black', 'milk'] }));
    expect(out.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(out).not.toBe(list);
  });
});

describe('filters panel options from the data', () => {
  it('sizes in wearing order, each once, labelled as written', () => {
    const list = [withColours(1, [], ['XL', 'M', 'xs']), withColours(2, [], ['S', 'm', 'ONE SIZE', '3XS-custom'])];
    expect(sizeOptions(list).map((s) => s.label)).toEqual(['xs', 'S', 'M', 'XL', 'ONE SIZE', '3XS-custom']);
    expect(sizeOptions(list).map((s) => s.value)).toEqual(['xs', 's', 'm', 'xl', 'one size', '3xs-custom']);
  });

  it('colours once each, in the table order, labelled in the page language; an unknown one logged once as black', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const list = [withColours(1, ['white', 'navy']), withColours(2, ['Black', 'navy', 'Білий']), withColours(3, ['powder'])];
    const uk = colourOptions(list, 'uk');
    expect(uk.map((c) => [c.value, c.label])).toEqual([
      ['black', 'Чорний'],
      ['white', 'Білий'],
      ['powder', 'Пудровий'],
    ]);
    expect(colourOptions(list, 'en').map((c) => c.label)).toEqual(['Black', 'White', 'Powder']);
    expect(uk[0]!.hex).toBe('#000000');
    expect(error.mock.calls.filter((c) => String(c[0]).includes('navy'))).toHaveLength(2);
  });
});

describe('filters panel options from the platform’s filters (the list’s props)', () => {
  const filters = [
    { name: 'колір', label: 'Colour', values: ['beige', 'black', 'navy'] },
    { name: 'розмір', label: 'Size', values: ['M', 'XS', 'ONE SIZE'] },
    { name: 'material', label: 'Material', values: ['wool'] },
  ];

  it('offer the sizes and colours the platform counted, as the list’s own products would', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // navy: unsupported, logged (spec §3)
    const options = platformFilterOptions(filters)!;
    expect(sizeOptions(options).map((s) => s.label)).toEqual(['XS', 'M', 'ONE SIZE']);
    expect(colourOptions(options, 'en').map((c) => c.label)).toEqual(['Black', 'Beige']);
    vi.restoreAllMocks();
  });

  it('know an option by its label when its name is the shop’s own spelling', () => {
    const options = platformFilterOptions([{ name: 'tsvet', label: 'Колір', values: ['white'] }])!;
    expect(colourOptions(options, 'uk').map((c) => c.label)).toEqual(['Білий']);
    expect(sizeOptions(options)).toEqual([]);
  });

  it('are none without a size or colour filter, or from anything malformed', () => {
    for (const malformed of [undefined, null, 'колір', {}, [], [null, 7, { name: 'колір' }], [{ name: 'material', label: 'Material', values: ['wool'] }]]) {
      expect(platformFilterOptions(malformed)).toBeNull();
    }
    const mixed = platformFilterOptions([{ name: 'розмір', label: 'Size', values: ['S', 3, null, 'L'] }])!;
    expect(sizeOptions(mixed).map((s) => s.label)).toEqual(['S', 'L']);
  });
});

describe('card links', () => {
  const coat = product({ id: 9, url: '/en/products/coat', productOptions: [{ name: 'Color', values: ['Beige', 'navy'] }] });

  it('carry the first selected colour the product comes in, in its own spelling', () => {
    expect(cardUrl(coat, [])).toBe('/en/products/coat');
    expect(cardUrl(coat, ['red', 'beige'])).toBe('/en/products/coat?color=Beige');
    expect(cardUrl(coat, ['black'])).toBe('/en/products/coat?color=navy');
    expect(cardUrl(coat, ['red'])).toBe('/en/products/coat');
  });
});

describe('alphabetical order', () => {
  const sorted = (names: string[]) =>
    sortProducts(
      names.map((name, i) => product({ id: i, name })),
      'alphabetically',
      'uk',
    ).map((p) => p.name);

  it('follows the Ukrainian alphabet (і after и, ї after і, є after е, ґ after г) and ignores the apostrophe', () => {
    expect(sorted(['Вовна', 'Вітровка', 'Вишиванка'])).toEqual(['Вишиванка', 'Вітровка', 'Вовна']);
    expect(sorted(['Ґудзик', 'Гольф', 'Дуб'])).toEqual(['Гольф', 'Ґудзик', 'Дуб']);
    expect(sorted(['Їжак', 'Іра', 'Йогурт'])).toEqual(['Іра', 'Їжак', 'Йогурт']);
    expect(sorted(['В’язаний жилет', 'Вовняне пальто', 'Вітровка'])).toEqual(['Вітровка', 'Вовняне пальто', 'В’язаний жилет']);
  });

  it('ignores case and accents, puts spaces and punctuation before letters, compares numbers as numbers', () => {
    expect(sorted(['b', 'A', 'c'])).toEqual(['A', 'b', 'c']);
    expect(sorted(['Dress 10', 'Dress 2', 'Dress'])).toEqual(['Dress', 'Dress 2', 'Dress 10']);
    expect(sorted(['Pal-a', 'Pal b', 'Pala'])).toEqual(['Pal b', 'Pal-a', 'Pala']);
    expect(sorted(['Éclair', 'Eagle', 'Ezra'])).toEqual(['Eagle', 'Éclair', 'Ezra']);
    expect(sorted(['Сукня', 'Blouse'])).toEqual(['Blouse', 'Сукня']);
  });

  it('gives equal keys to spellings that differ only in case or apostrophe', () => {
    expect(alphabeticalKey('В’язаний')).toBe(alphabeticalKey("в'язаний"));
    expect(alphabeticalKey('КАРДИГАН')).toBe(alphabeticalKey('кардиган'));
  });
});

describe('the listing the filters panel talks to', () => {
  it('takes filters on Apply only while a list is on the page', () => {
    const applied: FilterSelection[] = [];
    const stop = provideListing({ filters: emptyFilters(), products: null, unavailable: null }, { apply: (f) => applied.push(f), retry: () => {} });
    expect($listing.get()?.products).toBeNull();
    expect(applyListingFilters(select({ size: ['m'] }))).toBe(true);
    expect(applied).toEqual([select({ size: ['m'] })]);
    stop();
    expect($listing.get()).toBeNull();
    expect(applyListingFilters(select({ size: ['l'] }))).toBe(false);
    expect(applied).toHaveLength(1);
  });
});
