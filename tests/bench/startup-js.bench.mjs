// Prints, per template, the JavaScript a page loads as the shopper pays it (Chromium, 375 px, no
// input, until the network is quiet; gzip -9 of every script), what the first touch adds, and
// Dawn 15.4.1's figures beside it. Dawn does not render in the preview yet (it uses platform
// filters the preview lacks), so its figures are the ones measured the same way in issue 16.
import { launchChromium } from '../chromium.mjs';
import { createPreview } from '../../preview/dist/preview.mjs';
import {
  CUSTOMER_TEMPLATE_PAGES,
  DEMO_SIGN_IN,
  RESET_TEMPLATE,
  STARTUP_JS_BUDGET,
  TEMPLATE_PAGES,
  freshResetPath,
  sessionCookie,
} from '../budget/startup-js.mjs';
import { firstTouch, measurePageJs } from '../budget/page-js.mjs';

const DAWN = { index: 14.7, collection: 17.5, product: 20.9 };
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(5);

export default async function run() {
  const logs = [];
  const app = await createPreview({ logger: false, log: (line) => logs.push(line) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const browser = await launchChromium([], { full: true });
  const login = await app.inject({
    method: 'POST',
    url: '/account/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: DEMO_SIGN_IN,
  });
  const [name, value] = sessionCookie(login.headers['set-cookie']).split('=');
  const cookies = [{ name, value, url: base }];
  console.log(`\nJavaScript per template, Chromium 375 px (gzip -9; budget ${kb(STARTUP_JS_BUDGET).trim()} KB with no input)`);
  console.log('  template                               no input  req   +1st touch  req   Dawn 15.4.1');
  try {
    const pages = [
      ...TEMPLATE_PAGES.map(([t, p]) => [t, p, null]),
      [RESET_TEMPLATE, await freshResetPath(app, logs), null],
      ...CUSTOMER_TEMPLATE_PAGES.map(([t, p]) => [t, p, cookies]),
    ];
    for (const [template, path, session] of pages) {
      const m = await measurePageJs(browser, base, path, { interact: firstTouch, cookies: session ?? undefined });
      const flag = m.bytes <= STARTUP_JS_BUDGET ? 'ok  ' : 'OVER';
      const added = m.redirect
        ? `${kb(m.redirect.bytes)} KB ${String(m.redirect.requests).padStart(3)}`
        : `${kb(m.interaction.bytes)} KB ${String(m.interaction.requests).padStart(3)}`;
      const dawn = DAWN[template] ? `${DAWN[template].toFixed(1)} KB` : '';
      console.log(`  ${template.padEnd(38)} ${kb(m.bytes)} KB ${String(m.requests).padStart(3)} ${flag} ${added}   ${dawn}`);
      if (m.redirect) console.log(`  ${''.padEnd(38)} (sends on to ${m.redirect.url}: the open panel it asked for is the second figure)`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
