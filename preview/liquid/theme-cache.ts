import { watch, type FSWatcher } from 'node:fs';
import type { LiquidCache } from 'liquidjs/dist/cache/cache';

// Parsed templates, section schemas, settings and translations, kept between requests and
// dropped the moment any file of the theme changes (a recursive watch of the theme folder), so an
// edit shows on the next request and an unchanged theme is not read and parsed on every page.
// Where the machine cannot watch the folder, nothing is cached: correct first, fast second.

class ThemeCache {
  private values = new Map<string, unknown>();
  private watcher: FSWatcher | null = null;
  users = 0;
  /** Counts the theme's changes: what was made from an older generation is stale. */
  generation = 0;

  constructor(themeDir: string) {
    try {
      // Not persistent: a script that used the preview and ended without closing it ends. On
      // Linux a recursive watch is one watcher per folder and file, and unref() reached only the
      // first; every other one held Node open (preview/tests/process-exit).
      this.watcher = watch(themeDir, { recursive: true, persistent: false }, () => {
        this.values.clear();
        this.generation++;
      });
      this.watcher.on('error', () => this.stop());
    } catch {
      this.watcher = null;
    }
  }

  get enabled(): boolean {
    return this.watcher !== null;
  }

  get<T>(key: string, compute: () => T): T {
    if (!this.watcher) return compute();
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    this.values.set(key, value);
    return value;
  }

  /**
   * liquidjs's template cache, backed by the same map (keys prefixed apart). An async render
   * writes its parse as a promise; a sync render cannot use a promise, so only parsed templates
   * are handed out (a parse still under way is simply done again).
   */
  liquidCache(): LiquidCache {
    return {
      read: (key: string) => {
        const value = this.watcher ? this.values.get(`liquid:${key}`) : undefined;
        return (value instanceof Promise ? undefined : value) as never;
      },
      write: (key: string, value: unknown) => {
        if (!this.watcher) return;
        const name = `liquid:${key}`;
        this.values.set(name, value);
        if (value instanceof Promise) {
          value.then(
            (templates) => {
              if (this.values.get(name) === value) this.values.set(name, templates);
            },
            () => {},
          );
        }
      },
      remove: (key: string) => {
        this.values.delete(`liquid:${key}`);
      },
    };
  }

  stop(): void {
    this.watcher?.close();
    this.watcher = null;
    this.values.clear();
  }
}

const caches = new Map<string, ThemeCache>();

/** Starts (or joins) caching for a theme folder; call the returned function to leave. */
export function useThemeCache(themeDir: string): { cache: LiquidCache | undefined; release: () => void } {
  let cache = caches.get(themeDir);
  if (!cache) {
    cache = new ThemeCache(themeDir);
    caches.set(themeDir, cache);
  }
  cache.users++;
  const joined = cache;
  let released = false;
  return {
    cache: joined.enabled ? joined.liquidCache() : undefined,
    release: () => {
      if (released) return;
      released = true;
      joined.users--;
      if (joined.users <= 0) {
        joined.stop();
        caches.delete(themeDir);
      }
    },
  };
}

/** A value computed from theme files, kept until the theme changes (computed each time when not cached). */
export function cachedFromTheme<T>(themeDir: string, key: string, compute: () => T): T {
  const cache = caches.get(themeDir);
  return cache ? cache.get(key, compute) : compute();
}

/** The theme's change count while its files are watched; null when changes cannot be seen. */
export function themeGeneration(themeDir: string): number | null {
  const cache = caches.get(themeDir);
  return cache?.enabled ? cache.generation : null;
}
