// Fills each recommendations placeholder with the section the platform renders for it
// (/recommendations/products?section_id=…&product_id=…&limit=…&intent=…, the address the server
// printed in data-url). The section is empty when no products came: the placeholder then stays
// empty, so the page shows no heading over nothing. A failed request is logged and shows nothing
// (spec §8), like the bag's recommendations.
import { onUnload } from '../../shared/runtime/schedule';

/** The section's content from its Section Rendering API answer, or null when it drew nothing. */
export function sectionContent(html: string): DocumentFragment | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const wrapper = doc.querySelector('.shopify-section') ?? doc.body;
  if (!wrapper.querySelector('li')) return null;
  const fragment = document.createDocumentFragment();
  for (const node of Array.from(wrapper.childNodes)) fragment.append(document.importNode(node, true));
  return fragment;
}

async function fill(slot: HTMLElement, signal: AbortSignal): Promise<void> {
  const url = slot.dataset['url'];
  if (!url) return;
  try {
    const response = await fetch(url, { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const content = sectionContent(await response.text());
    if (signal.aborted) return;
    if (content) slot.replaceChildren(content);
    slot.dataset['state'] = content ? 'filled' : 'empty';
  } catch (error) {
    if (signal.aborted) return;
    console.error(`Product recommendations (${slot.dataset['intent'] ?? 'related'}) failed`, error);
    slot.dataset['state'] = 'failed';
  }
}

export function start(nodes: HTMLElement[]): void {
  for (const slot of nodes) {
    const controller = new AbortController();
    onUnload(slot, () => controller.abort());
    void fill(slot, controller.signal);
  }
}
