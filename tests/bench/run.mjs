#!/usr/bin/env node
// `npm run bench`: builds once, then runs every tests/bench/*.bench.mjs in name order. A bench
// module exports `default async function run()` and prints its figures; benches never pass or
// fail on times. `npm run bench -- throughput` runs only the benches whose file name contains
// "throughput". One bench failing to run is reported and the others still run. First it prints how
// fast the machine is just then (machine-reference.mjs), so figures from two runs can be compared.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printMachineReference } from './machine-reference.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => !filters.length || filters.some((f) => file.includes(f)))
  .sort();

const build = spawnSync('node', ['build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

printMachineReference();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file.replace('.bench.mjs', '')}`);
  try {
    const module = await import(pathToFileURL(join(here, file)).href);
    await module.default();
  } catch (error) {
    failed++;
    console.error(`${file} could not run: ${error instanceof Error ? error.stack : error}`);
  }
}
if (!benches.length) console.log('no bench matches', filters.join(' '));
process.exit(failed ? 1 : 0);
