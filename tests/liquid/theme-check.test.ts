import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { check } from '@shopify/theme-check-node';

describe('theme check', () => {
  it('reports nothing on the theme at any severity (the same checks `shopify theme check` runs)', async () => {
    const offenses = await check(resolve('theme'));
    const reported = offenses.map((o) => `${o.severity} ${o.uri} ${o.check}: ${o.message}`);
    expect(reported).toEqual([]);
  }, 240_000); // theme check reads the whole theme: minutes on a busy two-core machine
});
