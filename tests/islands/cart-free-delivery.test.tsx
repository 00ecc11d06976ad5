// The bag's count-down to free delivery (islands/panels/cart/Trust.tsx): the threshold, set in the
// shop's currency, in the bag's, at the rate the platform tells theme scripts (Shopify.currency).
import { describe, expect, it } from 'vitest';
import { thresholdIn } from '../../islands/panels/cart/Trust';

describe('free-delivery threshold in the bag’s currency', () => {
  it('is the threshold itself in the shop’s currency', () => {
    expect(thresholdIn(1000000, 'UAH', 'UAH', { active: 'USD', rate: '0.0244' })).toBe(1000000);
  });

  it('is converted at the page’s rate and rounded to whole units in another', () => {
    expect(thresholdIn(1000000, 'UAH', 'USD', { active: 'USD', rate: String(1 / 41) })).toBe(24400);
  });

  it('is unknown when the page knows no rate for the bag’s currency (another tab changed it)', () => {
    expect(thresholdIn(1000000, 'UAH', 'EUR', { active: 'USD', rate: '0.0244' })).toBeNull();
    expect(thresholdIn(1000000, 'UAH', 'USD', { active: 'USD', rate: 'x' })).toBeNull();
    expect(thresholdIn(1000000, 'UAH', 'USD', undefined)).toBeNull();
  });
});
