// One Chromium per test file; each test gets a fresh context (its own cookies: its own cart).
// Every context the browser opens is watched: a console.error, an uncaught error, a request that
// fails or an HTTP error answer fails the test it happens in, unless the test declared it with
// expectBrowserProblems (a 404 page it opens, a failing call it provokes).
import { readFileSync } from 'node:fs';
import { inject, afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { launchChromium } from './chromium';
import { DEMO_CUSTOMER } from './routes';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export function baseUrl(): string {
  return inject('baseUrl');
}

let problems: string[] = [];
let expected: RegExp[] = [];

/**
 * Inside a test: browser problems the spec expects there, each matched against a line such as
 * `console.error: …`, `pageerror: …`, `request failed: GET <url> (net::…)` or `HTTP 404: GET <url>`.
 */
export function expectBrowserProblems(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

/**
 * Inside a test: the platform answers `status` to requests for each of `paths` (a refused add, a
 * rate limit); the answer, and Chromium's console line about it, are then not problems. A path is
 * on the shared preview; a whole URL names a preview of the test's own.
 */
export function expectAnswer(status: number, ...paths: string[]): void {
  for (const path of paths) {
    const url = new URL(path, baseUrl()).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expected.push(new RegExp(`^HTTP ${status}: [A-Z]+ ${url}$`), new RegExp(`^console\\.error: Failed to load resource: .* ${status} .*\\(${url}\\)$`));
  }
}

/** Inside a test: it opens each of `paths` expecting the platform's 404 page. */
export function expectNotFound(...paths: string[]): void {
  expectAnswer(404, ...paths);
}

/** Spec §3: a colour outside the 24 is logged where it is shown (the fixture store has 'navy'). */
export function expectUnsupportedColour(value = 'navy'): void {
  expected.push(new RegExp(`^console\\.error: Unsupported colour: ${value} `));
}

function watch(context: BrowserContext, javaScriptEnabled: boolean): void {
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => problems.push(`pageerror: ${error.error().message}`));
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A navigation or a closing page cancels what was still loading: not a failure of the page.
    if (reason === 'net::ERR_ABORTED') return;
    // With JavaScript off, Chromium refuses the page's module preloads (reported as 'csp'): the
    // browser's choice, not the page's failure.
    if (!javaScriptEnabled && reason === 'csp' && request.resourceType() === 'script') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

export function useBrowser({ full = false }: { full?: boolean } = {}): { browser: () => Browser } {
  let browser: Browser | null = null;
  beforeAll(async () => {
    const launched = await launchChromium([], { full });
    const newContext = launched.newContext.bind(launched);
    launched.newContext = async (options) => {
      const context = await newContext(options);
      watch(context, options?.javaScriptEnabled !== false);
      return context;
    };
    browser = launched;
  });
  beforeEach(() => {
    problems = [];
    expected = [];
  });
  afterEach(() => {
    const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
    if (unexpected.length) throw new Error(`browser problems this test did not expect:\n  ${unexpected.join('\n  ')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
  };
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  /** A phone's touch screen (hasTouch and isMobile). */
  touch?: boolean;
  /** Signed in as the demo customer before the page opens. */
  signedIn?: boolean;
}

/** A new context and page; page errors and console errors are collected for assertions. */
export function openPage(browser: Browser, path: string, options: OpenOptions = {}): Promise<OpenedPage> {
  return open(browser, path, options);
}

/** As openPage, with `beforeLoad` run on the page before it navigates (routes, listeners). */
export function openPageWith(browser: Browser, path: string, options: OpenOptions, beforeLoad: (page: Page) => Promise<void>): Promise<OpenedPage> {
  return open(browser, path, options, beforeLoad);
}

/** As openPage, with the island's code held from the start (holdCode): it has not come yet. */
export async function openWithCodeHeld(browser: Browser, path: string, island: string, options: OpenOptions = {}): Promise<OpenedPage & { code: HeldCode }> {
  let code: HeldCode | null = null;
  const opened = await open(browser, path, options, async (page) => {
    code = await holdCode(page, island);
  });
  return { ...opened, code: code! };
}

async function open(browser: Browser, path: string, options: OpenOptions, beforeLoad?: (page: Page) => Promise<void>): Promise<OpenedPage> {
  const touch = options.touch ? { hasTouch: true, isMobile: true } : {};
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    baseURL: baseUrl(),
    ...touch,
  });
  if (options.signedIn) await signIn(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await beforeLoad?.(page);
  await page.goto(path, { waitUntil: 'load' });
  return { page, context, errors };
}

/** Waits until the page's running animations and transitions (the slide-ins) have finished. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A transition starts on the frame after its class changes.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    // Only running ones: a paused animation would never finish.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Signs a browser context in, as the platform's login form does (a post answered with a 302).
 * The context's baseURL names the preview it signs in to.
 */
export async function signIn(context: BrowserContext, customer: { email: string; password: string } = DEMO_CUSTOMER): Promise<void> {
  const response = await context.request.post('/account/login', {
    form: { form_type: 'customer_login', utf8: '✓', 'customer[email]': customer.email, 'customer[password]': customer.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * The chunk an island's entry (theme/assets/island-<name>.js) imports when it starts: its
 * component and handlers, what a test holds back to play "the code has not come yet".
 */
export function islandCodeChunk(name: string): string {
  const entry = readFileSync(`theme/assets/island-${name}.js`, 'utf8');
  // The chunk island('<name>', () => import(…)) loads; an entry may import other code (the product
  // form's early add imports the cart store), so the first import is not always it.
  const chunk = (new RegExp(`"${name}",\\(\\)=>import\\("\\./([\\w.-]+\\.js)"\\)`).exec(entry) ?? /import\("\.\/([\w.-]+\.js)"\)/.exec(entry))?.[1];
  if (!chunk) throw new Error(`island-${name}.js imports no chunk: build first`);
  return chunk;
}

export interface HeldCode {
  /** Whether the page has asked for the code. */
  asked: () => boolean;
  /** Lets the code come, the requests held so far and every later one. */
  release: () => Promise<void>;
}

/** Holds the island's start chunk until release() (the code "has not come yet", as on a slow network). */
export async function holdCode(page: Page, name: string): Promise<HeldCode> {
  const held: Route[] = [];
  let holding = true;
  await page.route(`**/assets/${islandCodeChunk(name)}*`, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    asked: () => held.length > 0,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * A whole press on a node, down and up, as a browser sends it: an island whose code arrives while
 * a press is still down waits for it to end (shared/runtime/press.ts).
 */
export async function press(node: Locator): Promise<void> {
  await node.dispatchEvent('pointerdown');
  await node.dispatchEvent('pointerup');
}

/**
 * Starts an island as a shopper's first touch would (shared/runtime/schedule.ts: most islands load
 * on the first input, on the page or on one of their nodes), then waits for its mount marker.
 */
export async function startIsland(page: Page, name: string): Promise<void> {
  const node = page.locator(`[data-island="${name}"]`).first();
  await node.waitFor({ state: 'attached' });
  if ((await node.getAttribute('data-island-mounted')) === null) await press(node);
  await page.locator(`[data-island="${name}"][data-island-mounted]`).first().waitFor({ state: 'attached', timeout: 15_000 });
}
