// The phone's add-to-bag bar (snippets/product-sticky-buy.liquid), loaded with the product page
// and kept to an observer: the bar shows once the product form has scrolled up out of view and
// hides when it is back (an IntersectionObserver, so no work on scroll). What the bar does when it
// shows (show.ts: the form's choice, price and button copied in) loads the first time the form
// leaves the screen. Its button submits the form itself.
const bar = document.querySelector<HTMLElement>('[data-sticky-buy]');
const form = bar ? document.getElementById(bar.dataset['stickyBuy'] ?? '') : null;

if (bar && form instanceof HTMLFormElement && typeof IntersectionObserver === 'function') {
  let shown = false;
  let code: Promise<import('./show').StickyBar> | null = null;
  // Observed: the form itself (the island redraws what is inside it, and an observed node it
  // replaced would never be reported again).
  new IntersectionObserver(([entry]) => {
    // Above the screen: scrolled past. Below it (a phone's first screen is the gallery): not yet.
    shown = !!entry && !entry.isIntersecting && entry.boundingClientRect.bottom < 0;
    if (!shown && !code) return;
    code ??= import('./show').then(({ stickyBar }) => stickyBar(bar, form));
    // The latest state when the code has come: the form may have come back meanwhile.
    void code.then((sticky) => sticky.show(shown));
  }).observe(form);
}
