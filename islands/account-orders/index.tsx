// Orders of the account area (see AccountOrders.tsx). The server drew every order as a
// <details> row that opens without JavaScript, so the island is not needed for the first paint:
// it loads when the browser is idle.
function load(): void {
  import('./start')
    .then((module) => module.start())
    .catch((error: unknown) => console.error('Island "account-orders" failed to load', error));
}

if (document.querySelector('[data-island="account-orders"]')) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 });
  else setTimeout(load, 200);
}

// A module, not a script: its names stay its own.
export {};
