// Finds Debian's Chromium for playwright-core. Test tools must never download a browser here.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env['CHROME_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | null {
  return CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
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

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: run `apt-get install -y chromium` (tests/run-all.mjs installs it when run as root).');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
