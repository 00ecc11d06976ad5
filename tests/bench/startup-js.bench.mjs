// Prints, for each page template, the JavaScript it loads at start (minified, gzip) beside the budget.
import { createPreview } from '../../.build/preview.mjs';
import { CUSTOMER_TEMPLATE_PAGES, DEMO_SIGN_IN, STARTUP_JS_BUDGET, TEMPLATE_PAGES, sessionCookie, startupJs } from '../budget/startup-js.mjs';

export default async function run() {
  const app = await createPreview({ logger: false });
  console.log('\nStart-up JavaScript per template (minified, gzip -9; budget 15.0 KB)');
  const login = await app.inject({ method: 'POST', url: '/account/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: DEMO_SIGN_IN });
  const cookie = sessionCookie(login.headers['set-cookie']);
  const pages = [...TEMPLATE_PAGES.map(([t, p]) => [t, p, '']), ...CUSTOMER_TEMPLATE_PAGES.map(([t, p]) => [t, p, cookie])];
  for (const [template, path, session] of pages) {
    const response = await app.inject({ method: 'GET', url: path, headers: session ? { cookie: session } : {} });
    const { files, bytes } = startupJs(response.body);
    const flag = bytes <= STARTUP_JS_BUDGET ? 'ok' : 'OVER';
    console.log(`  ${template.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(5)} KB  ${flag}  (${files.length} files, HTTP ${response.statusCode})`);
  }
  await app.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
