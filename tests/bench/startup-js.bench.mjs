// Prints, for each page template, the JavaScript it loads at start (minified, gzip) beside the budget.
import { createPreview } from '../../.build/preview.mjs';
import { STARTUP_JS_BUDGET, TEMPLATE_PAGES, startupJs } from '../budget/startup-js.mjs';

export default async function run() {
  const app = await createPreview({ logger: false });
  console.log('\nStart-up JavaScript per template (minified, gzip -9; budget 15.0 KB)');
  for (const [template, path] of TEMPLATE_PAGES) {
    const response = await app.inject({ method: 'GET', url: path });
    const { files, bytes } = startupJs(response.body);
    const flag = bytes <= STARTUP_JS_BUDGET ? 'ok' : 'OVER';
    console.log(`  ${template.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(5)} KB  ${flag}  (${files.length} files, HTTP ${response.statusCode})`);
  }
  await app.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
