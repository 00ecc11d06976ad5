import type { Store } from '../store/types.js';

// Markets as the preview keeps them: one market a currency the shop enables, each selling to one
// country. The localization form's country_code picks a country, and the country's market sets
// the currency of the session (the platform's way since the currency form was deprecated).

/** The country each currency's market sells to; the first currency's is the shop's own. */
const COUNTRY_OF_CURRENCY: Record<string, string> = {
  UAH: 'UA',
  USD: 'US',
  EUR: 'DE',
  GBP: 'GB',
  PLN: 'PL',
  CAD: 'CA',
  CHF: 'CH',
  CZK: 'CZ',
  JPY: 'JP',
  AUD: 'AU',
};

const CONTINENT_OF_COUNTRY: Record<string, string> = {
  UA: 'Europe',
  DE: 'Europe',
  GB: 'Europe',
  PL: 'Europe',
  CH: 'Europe',
  CZ: 'Europe',
  US: 'North America',
  CA: 'North America',
  JP: 'Asia',
  AU: 'Oceania',
};

export interface Market {
  id: number;
  handle: string;
  country: string;
  currency: string;
}

export function markets(store: Store): Market[] {
  return store.shop.currencies.flatMap((currency, index) => {
    const country = COUNTRY_OF_CURRENCY[currency.iso_code];
    return country ? [{ id: index + 1, handle: index === 0 ? country.toLowerCase() : 'international', country, currency: currency.iso_code }] : [];
  });
}

/** The market a country_code belongs to, or null for a country the shop does not sell to. */
export function marketOfCountry(store: Store, countryCode: string): Market | null {
  const code = countryCode.trim().toUpperCase();
  return markets(store).find((m) => m.country === code) ?? null;
}

/** The market whose currency the session shows (the first market when none matches). */
export function marketOfCurrency(store: Store, currency: string): Market | null {
  const all = markets(store);
  return all.find((m) => m.currency === currency) ?? all[0] ?? null;
}

/** The platform's localization country object for a market, named in `language`. */
export function countryObject(store: Store, market: Market, language: string, availableLanguages: unknown[]): Record<string, unknown> {
  const currency = store.shop.currencies.find((c) => c.iso_code === market.currency);
  const country: Record<string, unknown> = {
    name: regionName(market.country, language),
    iso_code: market.country,
    currency: currency ? { iso_code: currency.iso_code, symbol: currency.symbol, name: currency.iso_code } : null,
    unit_system: market.country === 'US' ? 'imperial' : 'metric',
    available_languages: availableLanguages,
    market: { id: market.id, handle: market.handle, metafields: {} },
    // The shop's own country is the one its selector lists first, as the platform's popular ones.
    'popular?': market.id === 1,
    continent: CONTINENT_OF_COUNTRY[market.country] ?? 'Europe',
  };
  // `country | image_url` is the country's flag on the platform's CDN (routes/platform-cdn.ts);
  // image_url reads it as it reads a resource's image, and `| json` leaves it out.
  Object.defineProperty(country, 'preview_image', { value: { src: flagUrl(market.country), width: 640, height: 480, alt: country['name'] } });
  return country;
}

function regionName(country: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** A country's flag on the platform's CDN, as `country | image_url` writes it (served by routes/platform-cdn.ts). */
export function flagUrl(iso: string): string {
  return `/cdn/shopify/static/images/flags/${iso.toLowerCase()}.svg`;
}
