// The fixture store with what the product-page layout tests need and the fixtures lack: looks
// whose dots sit at the edges, in a cluster and at 25/50/75 % (coats and jackets, so on the wool
// wrap coat's page), and products with one and with five images.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

type Dot = { x_coordinate: number; y_coordinate: number; product: string };
type Look = { file: string; width: number; height: number; dots: Dot[] };
type Collection = { handle: string; metafields: { custom: { looks: Look[] } } };
type Product = { handle: string; images: { id: number }[]; variants: { image_id?: number }[] };

/** Dots in % of a 2000×1200 look (the fixtures' size), as the platform stores them: pixels. */
const look = (file: string, dots: [number, number, string][]): Look => ({
  file,
  width: 2000,
  height: 1200,
  dots: dots.map(([x, y, product]) => ({ x_coordinate: x * 20, y_coordinate: y * 12, product })),
});

export const LAYOUT_LOOKS: Look[] = [
  look('look-coats-and-jackets-1.jpg', [
    [25, 43.33, 'wool-wrap-coat'],
    [50, 51.42, 'merino-crew-sweater'],
    [75, 44.5, 'wide-leg-trousers'],
  ]),
  look('look-coats-and-jackets-2.jpg', [
    [2, 3, 'leather-biker-jacket'],
    [98, 3, 'silk-blouse'],
    [3, 97, 'straight-jeans'],
    [97, 96, 'leather-pencil-skirt'],
    [50, 50, 'basic-t-shirt'],
  ]),
  look('look-basics-1.jpg', [
    [45, 40, 'basic-t-shirt'],
    [55, 40, 'straight-jeans'],
    [50, 58, 'oversized-linen-shirt'],
    [12, 80, 'silk-blouse'],
    [88, 15, 'wool-wrap-coat'],
  ]),
];

export const ONE_IMAGE = 'double-breasted-coat';
export const FIVE_IMAGES = 'merino-crew-sweater';

export function productLayoutStore(): string {
  const fixtures = resolve('preview/fixtures');
  const dir = mkdtempSync(join(tmpdir(), 'product-layout-'));
  for (const file of ['shop.json', 'customers.json', 'menus.json', 'pages.json', 'metafield-definitions.json'])
    writeFileSync(join(dir, file), readFileSync(join(fixtures, file)));
  symlinkSync(join(fixtures, 'images'), join(dir, 'images'), 'dir');
  const collections = JSON.parse(readFileSync(join(fixtures, 'collections.json'), 'utf8')) as Collection[];
  collections.find((c) => c.handle === 'coats-and-jackets')!.metafields.custom.looks = LAYOUT_LOOKS;
  writeFileSync(join(dir, 'collections.json'), JSON.stringify(collections));
  const products = JSON.parse(readFileSync(join(fixtures, 'products.json'), 'utf8')) as Product[];
  const one = products.find((p) => p.handle === ONE_IMAGE)!;
  one.images = one.images.slice(0, 1);
  // A variant whose photo was removed shows none (the platform's nil featured_media).
  for (const variant of one.variants) if (!one.images.some((image) => image.id === variant.image_id)) delete variant.image_id;
  const five = products.find((p) => p.handle === FIVE_IMAGES)!;
  five.images = [...five.images, { ...five.images[0]!, id: 7_000_009_999 }];
  writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
  return dir;
}
