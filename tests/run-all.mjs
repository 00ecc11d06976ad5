#!/usr/bin/env node
// `npm test`: every layer. Builds first (which also generates the Liquid and CSS written from
// TypeScript), makes sure Debian's Chromium is there for the browser tests, then runs the browser
// project and, beside it, the checks that need no browser (lint, format, types, then the unit,
// islands, liquid and preview projects). Every step runs even after one fails, so one run shows all that is
// wrong; the last lines name the failed steps, the plain summary and the time taken.
//
// Why beside: the browser project spends much of its time waiting on Chromium and the preview, so
// on a two-core machine the other layers fit in its gaps (vitest alone would run them one after
// the other: it gives a two-core machine one worker). Their output is printed a step at a time,
// as each finishes, so it never interleaves with the browser project's. `--fast` leaves out the
// browser project.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromiumPath, HEADLESS_SHELL } from './chromium.mjs';

const fast = process.argv.includes('--fast');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** Runs a command with its output held back; resolves with its status and what it printed. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}

function runAsync(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
}

/**
 * The browser tests run Debian's Chromium headless shell, and the full Chromium where they measure
 * what a shopper's browser loads (tests/chromium.mjs says why). Run as root, npm test installs
 * both when missing; otherwise a missing shell falls back to the full browser (slower), and no
 * browser at all stops the run with how to get one.
 */
function ensureChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return true;
  const ready = () => chromiumPath() === HEADLESS_SHELL && chromiumPath({ full: true }) !== null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!ready() && isRoot) {
    console.log("Installing Debian's chromium and chromium-headless-shell for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq'], { env }) === 0)
      run('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell', 'fonts-dejavu-core'], { env });
  }
  if (ready()) return true;
  const found = chromiumPath({ full: true });
  if (found) {
    console.log(`Using ${found}: the browser tests take longer than with Debian's chromium-headless-shell (apt-get install -y chromium-headless-shell).`);
    return true;
  }
  console.error("Chromium is missing. Install Debian's packages: sudo apt-get install -y chromium chromium-headless-shell (or set CHROME_PATH).");
  return false;
}

const vitest = (report, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=.build/${report}`,
];

/** The checks that need no browser, in the order a failure is cheapest to read. */
const BESIDE_BROWSER = [
  ['lint', 'npx', ['eslint', '--cache', '--cache-location', '.cache/eslint/', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['unit, islands, liquid and preview tests', 'npx', vitest('vitest-fast.json', ['unit', 'islands', 'liquid', 'preview'])],
];

async function runBesideBrowser() {
  const failed = [];
  for (const [name, command, args] of BESIDE_BROWSER) {
    const { status, output } = await runQuietly(command, args);
    process.stdout.write(`\n── ${name} ──\n${output}`);
    if (status !== 0) failed.push(name);
  }
  return failed;
}

const started = performance.now();
// Nothing else can run on a theme that did not build.
if (run('node', ['build.mjs', '--clean']) !== 0) process.exit(1);
if (!fast && !ensureChromium()) process.exit(1);
mkdirSync('.build', { recursive: true });
// A report left by an earlier run must not stand in for one this run did not write.
for (const file of ['vitest-fast.json', 'vitest-e2e.json']) rmSync(`.build/${file}`, { force: true });

const [besideFailed, browserStatus] = await Promise.all([runBesideBrowser(), fast ? 0 : runAsync('npx', vitest('vitest-e2e.json', ['e2e']))]);
const failed = [...besideFailed, ...(browserStatus === 0 ? [] : ['browser tests'])];

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of fast ? ['vitest-fast.json'] : ['vitest-fast.json', 'vitest-e2e.json']) {
  try {
    const report = JSON.parse(readFileSync(`.build/${file}`, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    console.log(`tests: no report written to .build/${file}`);
  }
}
if (failed.length) console.error(`failed: ${failed.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`npm test${fast ? ' (fast)' : ''}: ${((performance.now() - started) / 60_000).toFixed(1)} min`);
process.exit(failed.length ? 1 : 0);
