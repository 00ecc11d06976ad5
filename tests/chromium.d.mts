// Types of tests/chromium.mjs for the TypeScript tests.
import type { Browser } from 'playwright-core';

/** full: the full browser (the benches' and byte budgets'), not the headless shell the tests run. */
export type ChromiumChoice = { full?: boolean };

export declare const HEADLESS_SHELL: string;
export declare function chromiumPath(options?: ChromiumChoice): string | null;
export declare const CHROMIUM_ARGS: string[];
export declare function launchChromium(extraArgs?: string[], options?: ChromiumChoice): Promise<Browser>;
