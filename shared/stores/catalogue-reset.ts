// Spec §2: "Visiting any collections route triggers a reset action." The shell island calls
// resetCatalogue() when a page of /collections… starts; the catalogue islands subscribe with
// onCatalogueReset() and drop whatever filter, sort or category state they keep across pages
// (stored selections, open filter panel values). The shell and the catalogue never import
// each other: this store is the only thing they share.
import { atom } from 'nanostores';

/** How many resets this page has seen (0: none yet). */
export const $catalogueResets = atom(0);

/** Asks every catalogue island to forget its filter state. */
export function resetCatalogue(): void {
  $catalogueResets.set($catalogueResets.get() + 1);
}

/**
 * Runs listener on every reset. An island that subscribes after this page's reset already
 * happened (islands load in any order) is called at once, so it never misses it.
 * Returns the unsubscribe.
 */
export function onCatalogueReset(listener: () => void): () => void {
  if ($catalogueResets.get() > 0) listener();
  return $catalogueResets.listen(() => listener());
}

const EN_PREFIX = /^\/en(?=\/|$)/;

/** True for /collections, /collections/{handle} and anything below, in either language. */
export function isCollectionsPath(pathname: string): boolean {
  const path = pathname.replace(EN_PREFIX, '') || '/';
  return path === '/collections' || path.startsWith('/collections/');
}
