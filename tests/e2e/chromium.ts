// The browser tests start Chromium as the benches and screenshots do (tests/chromium.mjs).
export { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../chromium.mjs';
