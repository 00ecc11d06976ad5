// Debian's Chromium for playwright-core, as every browser test, bench and screenshot run starts it.
// Test tools must never download a browser here.
//
// Two builds of the one engine: Debian's `chromium-headless-shell` (Chromium's own headless build,
// the one Playwright itself runs headless) for the tests, and the full `chromium` for the benches,
// which time what a shopper's browser pays. The shell has no browser UI or GPU process to keep
// up: on the accessibility and panel files it spent 12 s of browser-process CPU where the full
// browser spent 50 s (plus 65 s in its GPU process over a whole run), and the two files took 78 s
// instead of 101 s on two cores. Blink, V8, layout and fonts are the same in both.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Where Debian puts the headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * CHROME_PATH if set, else the headless shell when installed (full Chromium when not), or with
 * `full` the full browser.
 * @param {{ full?: boolean }} [options]
 * @returns {string | null}
 */
export function chromiumPath({ full = false } = {}) {
  const candidates = [process.env['CHROME_PATH'], ...(full ? [] : [HEADLESS_SHELL]), ...FULL];
  return candidates.find((path) => !!path && existsSync(path)) ?? null;
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
 * @param {{ full?: boolean }} [options] full: the full browser, for figures a shopper pays
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(extraArgs = [], options = {}) {
  const executablePath = chromiumPath(options);
  if (!executablePath)
    throw new Error('Chromium not found: run `apt-get install -y chromium chromium-headless-shell` (tests/run-all.mjs installs them when run as root).');
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}
