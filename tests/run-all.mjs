#!/usr/bin/env node
// `npm test`: every layer, in the order a failure is cheapest to read. Builds first, makes sure
// Debian's Chromium is there for the browser tests, then runs vitest's projects and prints one
// plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (candidates.some((p) => p && existsSync(p))) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('Chromium is missing. Install Debian\'s package: sudo apt-get install -y chromium (or set CHROME_PATH).');
    return false;
  }
  console.log('Installing Debian\'s chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return false;
  return run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { env }) === 0 && existsSync('/usr/bin/chromium');
}

if (run('node', ['build.mjs', '--clean']) !== 0) process.exit(1);
if (!ensureChromium()) process.exit(1);
if (run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.error('typecheck failed');
  process.exit(1);
}
mkdirSync('.build', { recursive: true });
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.build/vitest.json']);
try {
  const report = JSON.parse(readFileSync('.build/vitest.json', 'utf8'));
  console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`);
} catch {
  console.log('tests: no report written');
}
process.exit(status);
