// The address a recovery letter was asked for, handed from the forgot-password panel to the
// recover-password one (opening a panel clears pending form values, spec §2, so it cannot ride
// there). Kept for the tab's session so a reload of ?rightSidebar=recover-password still names it.
const KEY = 'recovery-email';

export function rememberRecoveryEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Without storage the confirmation simply names no address.
  }
}

export function recoveryEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
