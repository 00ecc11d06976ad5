// The gallery follows the chosen colour (spec §4: the colour is in the address as ?color=): the
// server draws the selected variant's photo first (snippets/product-gallery.liquid), and this
// brings the chosen colour's photo to the front when the address asks for another colour or the
// shopper picks one. Part of the page's first code (small, plain DOM, no strings): the choice may
// come before anything in the gallery is touched, and a link with ?color= should open on its
// colour. The snippet lists each colour's photo (the platform's variant.featured_media) by value.

const ROOT = '[data-island="product-gallery"]';

/** Each colour's photo id, by its value in lower case, from the gallery's own list. */
export function colourMedia(root: ParentNode): Map<string, string> {
  const script = root.querySelector('script[data-gallery-colours]');
  const map = new Map<string, string>();
  try {
    const parsed: unknown = JSON.parse(script?.textContent || '{}');
    if (parsed && typeof parsed === 'object')
      for (const [value, id] of Object.entries(parsed as Record<string, unknown>)) if (typeof id === 'number') map.set(value.trim().toLowerCase(), String(id));
  } catch {
    // A list that is not JSON: the gallery keeps its order.
  }
  return map;
}

/**
 * Brings the colour's photo first (the phone strip back to it); false when the colour has none.
 * The photo that comes first loads at once and takes the first place's sizes (the first of an odd
 * count spans the row on wide screens), the one it replaces those of the rest.
 */
export function showColour(root: HTMLElement, colour: string, media = colourMedia(root)): boolean {
  const id = media.get(colour.trim().toLowerCase());
  const slide = id ? root.querySelector<HTMLElement>(`.product-gallery__slide[data-media-id="${id}"]`) : null;
  const list = slide?.parentElement;
  if (!slide || !list) return false;
  const first = list.firstElementChild;
  if (first !== slide) {
    const incoming = slide.querySelector('img');
    const outgoing = first?.querySelector('img');
    if (incoming && outgoing) {
      const sizes = outgoing.getAttribute('sizes');
      outgoing.setAttribute('sizes', incoming.getAttribute('sizes') ?? '');
      if (sizes !== null) incoming.setAttribute('sizes', sizes);
      outgoing.removeAttribute('fetchpriority');
    }
    if (incoming) incoming.loading = 'eager';
    list.prepend(slide);
  }
  const track = root.querySelector<HTMLElement>('.product-gallery__track');
  if (track && track.scrollLeft) track.scrollLeft = 0;
  return true;
}

/** Follows ?color= at once and every colour the shopper picks in the product form. */
export function followColour(): void {
  const root = document.querySelector<HTMLElement>(ROOT);
  if (!root?.querySelector('script[data-gallery-colours]')) return;
  const media = colourMedia(root);
  const asked = new URLSearchParams(window.location.search).get('color');
  if (asked) showColour(root, asked, media);
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.name === 'color' && input.checked && input.closest('form')) showColour(root, input.value, media);
  });
}
