// Throughput of the offline preview (the built bundle, preview/dist/preview.mjs): requests per second
// and latency under a fixed load (autocannon, 10 connections, 5 s each) on a product page,
// GET /cart.js and POST /cart/add.js. Figures only: times depend on the machine.
import autocannon from 'autocannon';
import { createPreview } from '../../preview/dist/preview.mjs';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS || 5);

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export default async function run() {
  // Reset links and other developer lines would only clutter the figures.
  const app = await createPreview({ logger: false, log: () => {} });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const base = `http://127.0.0.1:${port}`;
  // An in-stock variant with room for every add of the run (a preorder variant never runs out),
  // added by fresh browsers (no cookie), as first adds are.
  const products = JSON.parse((await app.inject({ url: '/pages/api/products' })).body).items;
  const preorder = products.find((p) => p.preorder === 'true');
  const cases = [
    ['GET product page', { url: `${base}/products/wool-wrap-coat` }],
    ['GET /cart.js', { url: `${base}/cart.js` }],
    [
      'POST /cart/add.js',
      {
        url: `${base}/cart/add.js`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ id: preorder.currentVariant.id, quantity: 1 }] }),
      },
    ],
  ];
  console.log(`\nPreview throughput (${CONNECTIONS} connections, ${SECONDS} s each, node ${process.version})`);
  console.log('  request               req/s     p50 ms   p99 ms   non-2xx');
  try {
    for (const [name, options] of cases) {
      const result = await load(options);
      const non2xx = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${name.padEnd(20)} ${result.requests.average.toFixed(0).padStart(7)}   ${String(result.latency.p50).padStart(6)}   ${String(result.latency.p99).padStart(6)}   ${String(non2xx).padStart(7)}`,
      );
    }
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
