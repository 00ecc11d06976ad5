// The products a shopper opened, newest first, kept in this browser (localStorage) by handle: a
// handle names the product in every language and currency, so the list survives both changing.
// Storage that is absent or refuses (a private window, a full quota) keeps nothing and costs
// nothing (shared/storage).
import { readStorage, writeStorage, type KeyValueStorage } from '../../shared/storage';

export const RECENTLY_VIEWED_KEY = 'recently-viewed';
/** Handles kept: enough for a row on any page, small enough to never matter to the quota. */
export const RECENTLY_VIEWED_CAP = 12;
const HANDLE = /^[a-z0-9][a-z0-9_-]{0,254}$/i;

/** The stored handles, newest first; anything unreadable counts as none. */
export function viewedHandles(storage?: KeyValueStorage | null): string[] {
  const raw = readStorage(RECENTLY_VIEWED_KEY, storage);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((h): h is string => typeof h === 'string' && HANDLE.test(h)).slice(0, RECENTLY_VIEWED_CAP);
  } catch {
    return [];
  }
}

/** Puts `handle` first (once), keeping at most the cap. Returns whether it was stored. */
export function rememberViewed(handle: string, storage?: KeyValueStorage | null): boolean {
  if (!HANDLE.test(handle)) return false;
  const handles = [handle, ...viewedHandles(storage).filter((h) => h !== handle)].slice(0, RECENTLY_VIEWED_CAP);
  return writeStorage(RECENTLY_VIEWED_KEY, JSON.stringify(handles), storage);
}

/** Drops handles whose product is gone (the platform answered 404 for it). */
export function forgetViewed(gone: string[], storage?: KeyValueStorage | null): void {
  if (!gone.length) return;
  writeStorage(RECENTLY_VIEWED_KEY, JSON.stringify(viewedHandles(storage).filter((h) => !gone.includes(h))), storage);
}
