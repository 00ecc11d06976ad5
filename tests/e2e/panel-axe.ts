// axe-core inside the open right-hand panel only: the panel's own markup, judged as the page
// shows it (colours against what is behind, names, roles), once what it loads has arrived.
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

export async function axeViolationsIn(page: Page, selector = '.right-panel'): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return axeViolations(page, selector);
}
