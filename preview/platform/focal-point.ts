// The focal point of an image (shopify.dev, Liquid objects: focal_point), apart so the image
// object (drop-context.ts) and the media (media.ts) share it.
import { Drop } from 'liquidjs';
import { platformFloat, type FloatNumber } from '../liquid/float-number.js';

/**
 * image.presentation.focal_point: `x` and `y` in % of the width and height (50 each when the
 * merchant set none). Printed directly it is "X% Y%", as a theme writes it into object-position.
 */
/** Focal points a merchant set (image_tag writes only those into the image's object-position). */
const MERCHANT_SET = new WeakSet<FocalPointDrop>();

/** "X% Y%" of a focal point the merchant set, else null. */
export function merchantFocalPoint(value: unknown): string | null {
  return value instanceof FocalPointDrop && MERCHANT_SET.has(value) ? value.valueOf() : null;
}

export class FocalPointDrop extends Drop {
  readonly x: number | FloatNumber;
  readonly y: number | FloatNumber;
  constructor(x?: number, y?: number) {
    super();
    if (x !== undefined && y !== undefined) MERCHANT_SET.add(this);
    x ??= 50;
    y ??= 50;
    this.x = platformFloat(x);
    this.y = platformFloat(y);
  }
  override valueOf(): string {
    return `${String(this.x)}% ${String(this.y)}%`;
  }
  override toString(): string {
    return this.valueOf();
  }
  toLiquidJSON(): string {
    return this.valueOf();
  }
}
