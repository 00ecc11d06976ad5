// The new-password screen (see NewPasswordForm.tsx). The server's form works on its own (the
// browser checks the rules, the platform too), so the island loads when it is first needed: at
// once when the address asks for the success view (?recovered=true, which Liquid cannot see),
// as soon as the shopper reaches into the form, or else when the browser is idle.
let started = false;

function load(): void {
  if (started) return;
  started = true;
  import('./start')
    .then((module) => module.start())
    .catch((error: unknown) => console.error('Island "new-password" failed to load', error));
}

const node = document.querySelector('[data-island="new-password"]');
if (node) {
  if (/[?&]recovered=true(&|$)/.test(window.location.search)) load();
  else {
    node.addEventListener('focusin', load, { once: true });
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 });
    else setTimeout(load, 200);
  }
}

export {};
