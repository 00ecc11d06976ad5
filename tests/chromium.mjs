// Debian's Chromium for playwright-core, as every browser test, bench and screenshot run starts it.
// Test tools must never download a browser here.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CANDIDATES = [process.env['CHROME_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** @returns {string | null} */
export function chromiumPath() {
  return CANDIDATES.find((path) => !!path && existsSync(path)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * @param {string[]} [extraArgs] flags a caller needs besides the shared ones
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(extraArgs = []) {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: run `apt-get install -y chromium` (tests/run-all.mjs installs it when run as root).');
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}
