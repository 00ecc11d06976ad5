// Starts the offline preview once for all end-to-end files, on a free loopback port.
import type { TestProject } from 'vitest/node';
import { createPreview } from '../../preview/server';
import { chromiumPath } from './chromium';
import { listenOnLoopback } from '../../preview/testing';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumPath())
    throw new Error('Chromium not found: run `apt-get install -y chromium chromium-headless-shell` (npm test installs them when run as root).');
  // The test browsers speak as a proxy on this machine would, naming a client of their own in
  // X-Forwarded-For where a test needs one (signin-panels.test.ts: the recover throttle).
  const app = await createPreview({ logger: false, trustProxy: ['127.0.0.1'] });
  project.provide('baseUrl', await listenOnLoopback(app));
  return async () => {
    await app.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
