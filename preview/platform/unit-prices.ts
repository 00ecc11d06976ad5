import type { FixtureUnitPriceMeasurement } from '../store/types.js';

// Unit prices: the price of `reference_value` `reference_unit` of a variant sold as
// `quantity_value` `quantity_unit` (e.g. a set of 3 items, priced per 1 item).

/** Base units of the platform's measurement units, so quantities and references may differ in unit. */
const BASE: Record<string, number> = {
  ml: 0.001,
  cl: 0.01,
  l: 1,
  m3: 1000,
  mg: 0.001,
  g: 1,
  kg: 1000,
  mm: 0.001,
  cm: 0.01,
  m: 1,
  m2: 1,
  item: 1,
};

const inBase = (value: number, unit: string): number => value * (BASE[unit.toLowerCase()] ?? 1);

/** The unit price, in minor units, of a variant priced `price` with this measurement. */
export function unitPrice(price: number, measurement: FixtureUnitPriceMeasurement): number {
  const quantity = inBase(measurement.quantity_value, measurement.quantity_unit);
  const reference = inBase(measurement.reference_value, measurement.reference_unit);
  return quantity > 0 ? Math.round((price * reference) / quantity) : price;
}

/** The Liquid unit_price_measurement object (the AJAX API prints the same fields). */
export function measurementObject(measurement: FixtureUnitPriceMeasurement): Record<string, unknown> {
  return {
    measured_type: measurement.measured_type,
    quantity_value: measurement.quantity_value,
    quantity_unit: measurement.quantity_unit,
    reference_value: measurement.reference_value,
    reference_unit: measurement.reference_unit,
  };
}
