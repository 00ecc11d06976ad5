// Compare-at prices of the bag's lines (issue 18: a reduced price shows struck through wherever
// the shop has one). The platform's /cart.js lines carry the price paid but not the compare-at
// price, so each product in the bag is asked once through its AJAX endpoint
// (/products/<handle>.js), which answers in the shopper's currency. A failed answer leaves that
// line with its price alone.
import { useEffect, useState } from 'react';
import { getJSON } from '../../../shared/api/client';
import type { CartItem } from '../../../shared/stores/cart';

type ProductJs = { variants?: { id?: unknown; compare_at_price?: unknown }[] };

/** Compare-at prices (minor units) by variant id, for the products of the given lines. */
export async function loadCompareAt(items: readonly CartItem[]): Promise<Map<number, number>> {
  const handles = [...new Set(items.map((item) => item.handle).filter((handle) => /^[\w-]{1,255}$/.test(handle)))];
  const prices = new Map<number, number>();
  await Promise.all(
    handles.map(async (handle) => {
      const product = await getJSON<ProductJs>('product.js', { params: { handle } });
      for (const variant of product?.variants ?? []) {
        if (typeof variant.id === 'number' && typeof variant.compare_at_price === 'number') prices.set(variant.id, variant.compare_at_price);
      }
    }),
  );
  return prices;
}

/**
 * The compare-at prices of the bag's products in the bag's currency, asked again when its set of
 * products or its currency changes (another tab chose another one): until they come, none rather
 * than amounts in the old currency.
 */
export function useCompareAt(items: readonly CartItem[], currency: string): ReadonlyMap<number, number> {
  const [found, setFound] = useState<{ currency: string; prices: ReadonlyMap<number, number> }>({ currency, prices: new Map() });
  const handles = [...new Set(items.map((item) => item.handle))].sort().join(',');
  useEffect(() => {
    if (!handles) return;
    let current = true;
    void loadCompareAt(items).then((prices) => current && setFound({ currency, prices }));
    return () => {
      current = false;
    };
  }, [handles, currency]);
  return found.currency === currency ? found.prices : NONE;
}

const NONE: ReadonlyMap<number, number> = new Map();

/** The line's compare-at total, when it is above what the line costs; else null. */
export function lineCompareAt(item: CartItem, unitCompareAt: number | undefined): number | null {
  if (unitCompareAt === undefined || unitCompareAt <= item.price) return null;
  const total = unitCompareAt * item.quantity;
  return total > item.final_line_price ? total : null;
}
