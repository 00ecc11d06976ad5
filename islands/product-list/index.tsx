// Entry of the product list island (snippets/catalogue-screen.liquid). The server has drawn the
// whole first page, so the controller is not needed for the first paint: it loads when the
// browser is idle, or at once when the address already asks for a search, a filter, a sort or
// the filters panel (the list must show that state as soon as it can).
const LIST_STATE = /[?&](q|category|type|size|color|collection|sort|rightSidebar)=/;

function start(): void {
  import('./controller')
    .then((module) => module.startProductLists())
    .catch((error: unknown) => console.error('Island "product-list" failed to load', error));
}

if (document.querySelector('[data-island="product-list"]')) {
  if (LIST_STATE.test(window.location.search)) start();
  else if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

// A module, not a script: its names stay its own.
export {};
