import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { check } from '@shopify/theme-check-node';

describe('theme check', () => {
  it('reports no errors on the theme (the same checks `shopify theme check` runs)', async () => {
    const offenses = await check(resolve('theme'));
    const errors = offenses.filter((o) => o.severity === 0).map((o) => `${o.uri} ${o.check}: ${o.message}`);
    expect(errors).toEqual([]);
  }, 240_000); // theme check reads the whole theme: minutes on a busy two-core machine
});
