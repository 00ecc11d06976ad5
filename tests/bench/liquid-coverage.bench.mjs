// Coverage of the platform's Liquid by the offline preview, against the platform's own
// documentation data (@shopify/theme-check-docs-updater): filters, tags, global objects and
// object properties implemented out of the documented (non-deprecated) totals, then every
// property still missing with its reason. `npm run bench:coverage` runs it alone.
import { resolve } from 'node:path';
import { measureCoverage } from '../../preview/dist/preview.mjs';

const percent = (n, total) => `${total ? ((n / total) * 100).toFixed(1) : '100.0'}%`;

export default async function run() {
  const coverage = await measureCoverage({
    themeDir: resolve(process.env.PREVIEW_THEME || 'theme'),
    storeDir: resolve(process.env.PREVIEW_STORE || 'preview/fixtures'),
  });
  console.log(
    '\nPlatform Liquid implemented by the preview (filters and tags: documented, non-deprecated; objects and properties: all documented, deprecated included, as they still work on a shop)',
  );
  for (const key of ['filters', 'tags', 'globals', 'properties']) {
    const { implemented, total } = coverage[key];
    const label = key === 'globals' ? 'global objects' : key === 'properties' ? 'object properties' : key;
    console.log(`  ${label.padEnd(18)} ${String(implemented).padStart(4)} / ${String(total).padEnd(4)} ${percent(implemented, total).padStart(6)}`);
  }
  for (const key of ['filters', 'tags', 'globals']) if (coverage[key].missing.length) console.log(`  missing ${key}: ${coverage[key].missing.join(', ')}`);
  const byReason = new Map();
  for (const { object, property, reason } of coverage.properties.missing) {
    if (!byReason.has(reason)) byReason.set(reason, new Map());
    const objects = byReason.get(reason);
    if (!objects.has(object)) objects.set(object, []);
    objects.get(object).push(property);
  }
  if (byReason.size) console.log('\n  object properties still missing, by reason:');
  for (const [reason, objects] of byReason) {
    console.log(`  - ${reason}:`);
    for (const [object, properties] of objects) console.log(`      ${object}: ${properties.join(', ')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
