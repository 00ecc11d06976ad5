// Entry of the collections minimap (sections/main-list-collections.liquid). The minimap is a
// pointer convenience beside a list that is complete without it, so its code loads when the
// browser is idle.
function start(): void {
  import('./minimap')
    .then((module) => module.startMinimaps())
    .catch((error: unknown) => console.error('Island "collections-minimap" failed to load', error));
}

if (document.querySelector('[data-island="collections-minimap"]')) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

// A module, not a script: its names stay its own.
export {};
