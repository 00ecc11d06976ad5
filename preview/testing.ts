// Builds a preview for a test: a real theme or the preview's test theme (tests/theme), the fixture
// store or another folder, with the developer log captured instead of printed.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createPreview } from './server';
import { FIXTURE_STORE, PACKAGE_DIR } from './package-dir';

/** The preview's own small theme (tests/theme), which prints what each platform object holds. */
export const TEST_THEME = join(PACKAGE_DIR, 'tests', 'theme');
/** A full real theme to render: the shop theme this repository builds, beside the package. */
export const REAL_THEME = resolve(PACKAGE_DIR, '..', 'theme');
export const FIXTURES = FIXTURE_STORE;

export const OLENA = { email: 'olena@example.com', password: 'Demo-password-2026!', id: 4000000001 };
export const MARIA = { email: 'maria@example.com', password: 'Demo-password-2026!' };
/** tweed-jacket pink / XS: the only variant in the store with a stock of 1. */
export const STOCK_ONE_VARIANT = 9000000136;

export interface TestPreview {
  app: FastifyInstance;
  logs: string[];
}

export async function testPreview(options: { theme?: 'test' | 'real'; storeDir?: string } = {}): Promise<TestPreview> {
  const logs: string[] = [];
  const app = await createPreview({
    themeDir: options.theme === 'real' ? REAL_THEME : TEST_THEME,
    storeDir: options.storeDir ?? FIXTURES,
    log: (line) => logs.push(line),
  });
  await app.ready();
  return { app, logs };
}

export interface ThemeCopyPreview {
  app: FastifyInstance;
  /** The copy's folder: a test may edit it further (the preview sees theme edits). */
  dir: string;
  /** Closes the preview and removes the copy. */
  close(): Promise<void>;
}

/** A preview of a temporary copy of the test theme, with `files` (paths in the theme) written over it. */
export async function themeCopyPreview(prefix: string, files: Record<string, string>): Promise<ThemeCopyPreview> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(TEST_THEME, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  const app = await createPreview({ themeDir: dir, storeDir: FIXTURES, log: () => {} });
  await app.ready();
  return {
    app,
    dir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('no cookie set');
  return first.split(';')[0]!;
}

/** A urlencoded form body, as a browser's native form post sends it. */
export function form(fields: Record<string, string | number>): { payload: string; headers: Record<string, string> } {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** A fresh browser (its own session cookie), from a first page view. */
export async function newBrowser(app: FastifyInstance): Promise<string> {
  return cookieOf(await app.inject({ method: 'GET', url: '/cart.js' }));
}

export async function signIn(app: FastifyInstance, who: { email: string; password: string } = OLENA, prefix = ''): Promise<string> {
  const cookie = await newBrowser(app);
  const { payload, headers } = form({ form_type: 'customer_login', utf8: '✓', 'customer[email]': who.email, 'customer[password]': who.password });
  const response = await app.inject({ method: 'POST', url: `${prefix}/account/login`, payload, headers: { ...headers, cookie } });
  if (response.statusCode !== 302) throw new Error(`sign-in failed: ${response.statusCode}`);
  // Sign-in renews the session id (no fixation): the browser holds the new cookie from here on.
  return cookieOf(response);
}

/** Starts a preview on a free loopback port and gives the address its browsers are sent to. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `${serverScheme(app)}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** https for a preview made with `tls` (HTTP/2, as the platform serves a shop), else http. */
export function serverScheme(app: Pick<FastifyInstance, 'initialConfig'>): 'https' | 'http' {
  return app.initialConfig.https ? 'https' : 'http';
}
