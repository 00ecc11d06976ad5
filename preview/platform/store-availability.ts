import type { FixtureLocation, FixtureProduct, Store } from '../store/types.js';
import { localize } from '../store/load-store.js';

// Pickup availability: the shop's locations that stock a product (locations.json), each with
// whether the variant is in stock there and the location's local pickup settings, as
// `variant.store_availabilities` lists them.

interface Where {
  store: Store;
  language: string;
}

/** The Liquid location object. */
export function locationObject(where: Where, location: FixtureLocation): Record<string, unknown> {
  const primary = where.store.shop.primary_locale;
  const a = location.address;
  const city = localize(a.city, where.language, primary);
  const street = [a.address1, a.address2].filter(Boolean).join(', ');
  return {
    id: location.id,
    name: localize(location.name, where.language, primary),
    latitude: location.latitude,
    longitude: location.longitude,
    metafields: {},
    address: {
      address1: a.address1,
      address2: a.address2,
      city,
      province: a.province,
      province_code: a.province_code,
      zip: a.zip,
      country: a.country,
      country_code: a.country_code,
      phone: a.phone,
      street,
      summary: [street, city, a.province, a.zip, a.country].filter(Boolean).join(', '),
      first_name: '',
      last_name: '',
      name: '',
      company: '',
    },
  };
}

/** The store_availability objects of a variant of `product`: one per location that stocks it. */
export function storeAvailabilities(where: Where, product: FixtureProduct): Record<string, unknown>[] {
  return where.store.locations
    .filter((location) => location.stock[product.handle] !== undefined)
    .map((location) => ({
      available: (location.stock[product.handle] ?? 0) > 0,
      pick_up_enabled: location.pick_up_enabled,
      pick_up_time: localize(location.pick_up_time, where.language, where.store.shop.primary_locale) || null,
      location: locationObject(where, location),
    }));
}
