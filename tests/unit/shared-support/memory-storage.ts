// A localStorage stand-in whose failures can be switched on per method.
import type { KeyValueStorage } from '../../../shared/storage';

export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  failGet = false;
  failSet = false;

  get length(): number {
    return this.data.size;
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    if (this.failGet) throw new Error('SecurityError');
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failSet) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** Puts the page's bootstrap JSON in the document (DOM test environments only). */
export function setBootstrapScript(data: unknown, id = 'shop-bootstrap'): void {
  document.getElementById(id)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.head.append(script);
}
