// Spec §3: the one reading of the preorder metafield (snippets/product-preorder.liquid), whose
// answer every JSON block hands the islands as a boolean.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { createLiquid } from '../../preview/liquid/engine';

const liquid = createLiquid(resolve('theme'));
const preorder = async (value: unknown) =>
  (
    (await liquid.parseAndRender("{% render 'product-preorder', product: product %}", {
      product: { metafields: { custom: { preorder: { value } } } },
    })) as string
  ).trim();

describe('product-preorder', () => {
  it.each([
    ['true', 'true'],
    [' TRUE ', 'true'],
    [true, 'true'],
    ['false', 'false'],
    ['', 'false'],
    [null, 'false'],
    ['yes', 'false'],
  ])('%j → %s', async (value, expected) => {
    expect(await preorder(value)).toBe(expected);
  });

  it('is a JSON boolean where the islands read it', async () => {
    const json = (await liquid.parseAndRender('{"preorder":{% render \'product-preorder\', product: product %}}', {
      product: { metafields: { custom: { preorder: { value: 'True' } } } },
    })) as string;
    expect(JSON.parse(json)).toEqual({ preorder: true });
  });
});
