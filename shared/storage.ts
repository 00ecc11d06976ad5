// localStorage that never throws. Private modes, disabled storage, a full quota or a
// SecurityError on access must cost the shopper a cache or a remembered value, never the page.

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The browser's localStorage, or null where it is absent or access itself throws. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, storage = browserStorage()): string | null {
  try {
    return storage ? storage.getItem(key) : null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (no storage, quota exceeded). */
export function writeStorage(key: string, value: string, storage = browserStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string, storage = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: a storage we cannot write holds nothing of ours either.
  }
}
