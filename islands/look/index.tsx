// Complete your look (spec §2, §4). The looks sit below the product, so their code is fetched
// only when one comes near the viewport (as Astro's client:visible does); until then each dot is
// the server's link to its product.
function load(): void {
  import('./Look')
    .then(({ mountLooks }) => mountLooks())
    .catch((error: unknown) => console.error('Island "look" failed to load', error));
}

function loadWhenNear(nodes: HTMLElement[]): void {
  if (!nodes.length) return;
  if (typeof IntersectionObserver !== 'function') {
    load();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: '300px 0px' },
  );
  for (const node of nodes) observer.observe(node);
}

loadWhenNear(Array.from(document.querySelectorAll<HTMLElement>('[data-island="look"]')));
