import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The platform's own description of its Liquid (the data Shopify's theme tools ship): which
// filters, tags and objects exist. The preview accepts exactly these filters, and the coverage
// bench measures the preview against the same lists.

export interface DocEntry {
  name: string;
  deprecated?: boolean;
}
export interface DocProperty extends DocEntry {
  return_type?: { type: string }[];
}
export interface DocObject extends DocEntry {
  access?: { global?: boolean };
  properties?: DocProperty[];
}

const require = createRequire(import.meta.url);

function readDocs<T>(file: 'filters' | 'tags' | 'objects'): T[] {
  return JSON.parse(readFileSync(require.resolve(`@shopify/theme-check-docs-updater/data/${file}.json`), 'utf8')) as T[];
}

let filters: Set<string> | null = null;

/** Names the docs give as aliases in a filter's description rather than as entries of their own. */
export const FILTER_ALIASES: Record<string, string> = { t: 'translate', handle: 'handleize' };

/** Every filter the platform documents, deprecated ones and aliases included (they run on a shop). */
/**
 * Filters the docs leave out that the platform runs all the same: its own reference theme uses
 * them (Dawn's gift_card.liquid prints `gift_card.code | format_code`).
 */
export const UNDOCUMENTED_FILTERS = ['format_code'] as const;

export function documentedFilters(): Set<string> {
  return (filters ??= new Set([...readDocs<DocEntry>('filters').map((f) => f.name), ...Object.keys(FILTER_ALIASES), ...UNDOCUMENTED_FILTERS]));
}

export function platformDocs(): { filters: DocEntry[]; tags: DocEntry[]; objects: DocObject[] } {
  return { filters: readDocs('filters'), tags: readDocs('tags'), objects: readDocs('objects') };
}
