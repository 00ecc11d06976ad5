// Prints how long the catalogue takes to filter and sort 5,000 generated products (the work of
// one sort or filter change in islands/product-list), beside the budget of one 16.7 ms frame.
// Figures only: a bench never passes or fails. Runs under tests/bench/run.mjs or on its own:
// `node tests/bench/catalogue.bench.mjs`.
import * as esbuild from 'esbuild';
import { performance } from 'node:perf_hooks';

const FRAME_MS = 1000 / 60;
const COUNT = 5000;

/** The shipped modules, bundled in memory (Node runs no TypeScript). */
async function loadCatalogue() {
  const source = `
    export { filterProducts, emptyFilters } from './shared/catalogue/filters.ts';
    export { sortProducts } from './shared/catalogue/sort.ts';
    export { colourOptions, sizeOptions } from './shared/catalogue/listing.ts';
  `;
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

// A deterministic catalogue: Ukrainian names (with є, і, ї, ґ and apostrophes), ten types, the
// 24 colours, five sizes, a dozen collections.
function generate(count, set = 0) {
  let seed = 20260101 + set;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = [
    'Сукня',
    'Пальто',
    'Вітровка',
    'В’язаний',
    'Ґудзик',
    'Їжа',
    'Єва',
    'Штани',
    'Спідниця',
    'Топ',
    'Жакет',
    'Шорти',
    'Кардиган',
    'Лляний',
    'Шовкова',
    'Базова',
  ];
  const types = ['coats', 'jackets', 'pants', 'skirts', 'shorts', 'dresses', 'sweaters', 'shirts', 'tops', 'sportswear'];
  const colours = [
    'black',
    'blue',
    'fuchsia',
    'gray',
    'green',
    'light-green',
    'dark-red',
    'dark-blue',
    'olive',
    'beige',
    'red',
    'light-gray',
    'dark-gray',
    'blue-green',
    'white',
    'yellow',
    'milk',
    'pink',
    'light-blue',
    'brown',
    'mustard',
    'graphite',
    'khaki',
    'powder',
  ];
  const collections = Array.from({ length: 12 }, (_, i) => ({ id: 6000 + i, handle: `collection-${i}` }));
  return Array.from({ length: count }, (_, i) => ({
    id: 8000000000 + i,
    name: `${pick(words)} ${pick(words).toLowerCase()} ${set}-${i}`,
    handle: `product-${i}`,
    url: `/products/product-${i}`,
    available: true,
    type: pick(types),
    price: (10 + Math.floor(random() * 200)) * 5000,
    image: '',
    image2x: '',
    preorder: false,
    productOptions: [
      { name: 'Колір', values: [pick(colours), pick(colours), pick(colours)] },
      { name: 'Розмір', values: ['XS', 'S', 'M', 'L', 'XL'].filter(() => random() > 0.3) },
    ],
    collections: [pick(collections), pick(collections)],
  }));
}

function measure(label, fn, runs = 60, warmup = 5) {
  for (let i = 0; i < warmup; i++) fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(warmup + i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  const flag = p95 <= FRAME_MS ? 'within a frame' : 'OVER a frame';
  console.log(`  ${label.padEnd(58)} median ${median.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  ${flag}`);
}

export default async function run() {
  const { filterProducts, emptyFilters, sortProducts, colourOptions, sizeOptions } = await loadCatalogue();
  const products = generate(COUNT);
  const filters = { ...emptyFilters(), type: ['dresses', 'skirts', 'tops'], color: ['black', 'white', 'powder'], size: ['m'] };
  console.log(
    `\nCatalogue: filter and sort ${COUNT} generated products (Node ${process.versions.node}; budget ${FRAME_MS.toFixed(1)} ms; load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
  // The list keeps the whole list in its default order once; a change sorts that and filters it.
  const alphabetical = sortProducts(products, 'alphabetically', 'uk');
  let kept = 0;
  // Names never seen before: every sort key is built (what the first sort of a new list pays).
  const fresh = Array.from({ length: 16 }, (_, set) => generate(COUNT, set + 1));
  measure('sort alphabetically, first time (sort keys built)', (i) => sortProducts(fresh[i], 'alphabetically', 'uk'), 11, 5);
  measure('sort alphabetically again (keys known)', () => sortProducts(products, 'alphabetically', 'uk'));
  measure('sort by price, high to low', () => sortProducts(alphabetical, 'price_high_to_low', 'uk'));
  measure('filter: type × colour × size (3 dimensions)', () => (kept = filterProducts(products, filters).length));
  measure('one change: sort by price low to high, then filter', () => filterProducts(sortProducts(alphabetical, 'price_low_to_high', 'uk'), filters));
  measure('one change: alphabetical, then filter', () => filterProducts(sortProducts(products, 'alphabetically', 'uk'), filters));
  measure(
    'filters panel options: sizes and colours of all products',
    () => {
      sizeOptions(products);
      colourOptions(products, 'uk');
    },
    20,
  );
  console.log(`  (the filter keeps ${kept} of ${COUNT})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
