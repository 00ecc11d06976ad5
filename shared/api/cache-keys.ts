// Where the client keeps cached answers, and how to drop them, apart from the client itself:
// the shell clears the cache after a currency change without loading the whole client.
import { browserStorage, type KeyValueStorage } from '../storage';

export const CACHE_PREFIX = 'api:';

/** Drops cached answers whose URL starts with prefix (all of them without one). */
export function clearCachedAnswers(prefix = '', storage: KeyValueStorage | null = browserStorage()): void {
  if (!storage) return;
  try {
    const doomed: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(CACHE_PREFIX + prefix)) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    // Storage that throws holds no cache of ours.
  }
}
