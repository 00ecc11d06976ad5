// Conformance of the preview's Liquid engine to Shopify's liquid-spec (preview/tests/liquid-spec/:
// basics, liquid_ruby and partials at 8a308cb1), beside plain liquidjs (new Liquid() with its
// defaults): per suite, cases passed / failed of the applicable ones and the cases that do not apply
// (each under a named reason), then the totals. LIQUID_SPEC_FAILURES=1 lists the failing cases
// (=liquidjs for plain liquidjs's). The runner is TypeScript: it is bundled here with esbuild, as
// the preview is (preview/build.mjs), into a temporary module under .cache/ and imported.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function loadRunner() {
  // Inside the project, so that the bundle's packages resolve from its node_modules.
  mkdirSync(join(root, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, '.cache', 'liquid-spec-bench-'));
  const outfile = join(dir, 'runner.mjs');
  try {
    await esbuild.build({
      entryPoints: [join(root, 'preview', 'tests', 'liquid-spec', 'runner.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'warning',
      // The runner finds its suites beside its source, not beside the bundle.
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, 'preview', 'tests', 'liquid-spec', 'runner.ts')).href) },
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run() {
  const runner = await loadRunner();
  const result = await runner.runConformance();
  console.log("\nShopify's liquid-spec: applicable cases passed/failed, per engine (preview = createLiquid, liquidjs = new Liquid())");
  console.log(runner.conformanceTable(result));
  console.log('\n  not applicable, by reason:');
  for (const [reason, count] of runner.notApplicableReasons(result)) console.log(`  ${String(count).padStart(5)}  ${reason}`);
  const wanted = process.env.LIQUID_SPEC_FAILURES;
  if (wanted) {
    const engine = wanted === 'liquidjs' ? 'liquidjs' : 'preview';
    const failing = runner.failures(result, engine);
    console.log(`\n  failing for ${engine} (${failing.length}):`);
    for (const line of failing) console.log(`  - ${line}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
