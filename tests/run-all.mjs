#!/usr/bin/env node
// `npm test`: every layer, in the order a failure is cheapest to read: build (which also generates
// the Liquid and CSS written from TypeScript), lint, format, types, then vitest's projects. Every
// step runs even after one fails, so one run shows all that is wrong; the last lines name the
// failed steps and give the plain summary. `--fast` (npm run test:fast) leaves out the browser.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const fast = process.argv.includes('--fast');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (candidates.some((p) => p && existsSync(p))) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error("Chromium is missing. Install Debian's package: sudo apt-get install -y chromium (or set CHROME_PATH).");
    return false;
  }
  console.log("Installing Debian's chromium for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return false;
  return run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { env }) === 0 && existsSync('/usr/bin/chromium');
}

const started = performance.now();
const failed = [];
const step = (name, ok) => {
  if (!ok) failed.push(name);
  return ok;
};

// Nothing else can run on a theme that did not build.
if (!step('build', run('node', ['build.mjs', '--clean']) === 0)) process.exit(1);
if (!fast && !step('chromium', ensureChromium())) process.exit(1);
step('lint', run('npx', ['eslint', '--cache', '--cache-location', '.cache/eslint/', '.']) === 0);
step('format', run('npx', ['prettier', '--check', '--log-level', 'warn', '.']) === 0);
step('typecheck', run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) === 0);

mkdirSync('.build', { recursive: true });
const projects = fast ? ['--project', 'unit', '--project', 'islands', '--project', 'liquid'] : [];
step('tests', run('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', '--outputFile.json=.build/vitest.json']) === 0);

const minutes = ((performance.now() - started) / 60_000).toFixed(1);
if (failed.length) console.log(`failed steps: ${failed.join(', ')}`);
try {
  const report = JSON.parse(readFileSync('.build/vitest.json', 'utf8'));
  console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`);
} catch {
  console.log('tests: no report written');
}
console.log(`npm test${fast ? ' (fast)' : ''}: ${minutes} min`);
process.exit(failed.length ? 1 : 0);
