// The recently viewed list kept in the browser (islands/recently-viewed/history.ts): newest first,
// each product once, at most 12, and nothing but a lost list when storage refuses.
import { describe, expect, it } from 'vitest';
import { forgetViewed, RECENTLY_VIEWED_CAP, RECENTLY_VIEWED_KEY, rememberViewed, viewedHandles } from '../../islands/recently-viewed/history';
import type { KeyValueStorage } from '../../shared/storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('recently viewed history', () => {
  it('keeps handles newest first, each once, at most 12', () => {
    const storage = memoryStorage();
    for (const handle of ['a', 'b', 'c', 'a']) rememberViewed(handle, storage);
    expect(viewedHandles(storage)).toEqual(['a', 'c', 'b']);
    for (let i = 0; i < 20; i++) rememberViewed(`p-${i}`, storage);
    const kept = viewedHandles(storage);
    expect(kept).toHaveLength(RECENTLY_VIEWED_CAP);
    expect(kept[0]).toBe('p-19');
    expect(JSON.parse(storage.data.get(RECENTLY_VIEWED_KEY)!)).toHaveLength(RECENTLY_VIEWED_CAP);
  });

  it('forgets products that are gone', () => {
    const storage = memoryStorage();
    for (const handle of ['a', 'b', 'c']) rememberViewed(handle, storage);
    forgetViewed(['b'], storage);
    expect(viewedHandles(storage)).toEqual(['c', 'a']);
  });

  it('reads anything unreadable as nothing, and never stores what is not a handle', () => {
    const storage = memoryStorage();
    storage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(viewedHandles(storage)).toEqual([]);
    storage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(['ok', 3, '<script>', null]));
    expect(viewedHandles(storage)).toEqual(['ok']);
    expect(rememberViewed('../x', storage)).toBe(false);
  });

  it('costs only the list when storage refuses (a private window, a full quota)', () => {
    const refusing: KeyValueStorage = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(rememberViewed('a', refusing)).toBe(false);
    expect(viewedHandles(refusing)).toEqual([]);
    expect(rememberViewed('a', null)).toBe(false);
  });
});
