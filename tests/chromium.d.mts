// Types of tests/chromium.mjs for the TypeScript tests.
import type { Browser } from 'playwright-core';

export declare function chromiumPath(): string | null;
export declare const CHROMIUM_ARGS: string[];
export declare function launchChromium(extraArgs?: string[]): Promise<Browser>;
