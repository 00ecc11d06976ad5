// Which customer accounts the fixture shop has. A shop on the platform has one or the other:
// 'current' — today's customer accounts (the <shopify-account> component and hosted account
// pages; no legacy forms); 'legacy' — legacy (classic) accounts with passwords and the theme's
// customers/* templates. PREVIEW_ACCOUNTS=current|legacy picks it for `npm start`.
export type AccountMode = 'current' | 'legacy';

export const ACCOUNT_MODES: readonly AccountMode[] = ['current', 'legacy'];

/** PREVIEW_ACCOUNTS read strictly: a typo stops the preview rather than showing the other mode. */
export function accountModeFromEnv(value: string | undefined): AccountMode {
  if (value === undefined || value === '') return 'legacy';
  if ((ACCOUNT_MODES as readonly string[]).includes(value)) return value as AccountMode;
  throw new Error(`PREVIEW_ACCOUNTS must be "current" or "legacy", not ${JSON.stringify(value.slice(0, 40))}`);
}
