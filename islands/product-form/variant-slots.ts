// When the shopper picks another variant, the parts only the server draws for a variant (unit
// price and installments, purchase options, pickup) are asked for again through the Section
// Rendering API (the product page of that variant, this section only) and replaced in place.
// Loaded on the first change of variant, not with the page.
import { bootstrap } from '../../shared/bootstrap';
import type { SlotName } from './slots';

/** Redrawn for each variant; buy it now and the recipient fields stay (the shopper's input, the platform's button). */
const PER_VARIANT: SlotName[] = ['price-details', 'purchase', 'pickup'];

let latest = 0;

export async function refreshSlots(form: HTMLFormElement, handle: string, variantId: number, sectionId: string): Promise<void> {
  const ask = ++latest;
  const url = `${bootstrap().rootUrl}products/${encodeURIComponent(handle)}?variant=${variantId}&section_id=${encodeURIComponent(sectionId)}`;
  let html: string;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return;
    html = await response.text();
  } catch {
    // Offline: the parts keep showing the last variant's; the add still posts the right one.
    return;
  }
  // A later choice has asked since: its answer wins.
  if (ask !== latest) return;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const name of PER_VARIANT) {
    const slot = form.querySelector<HTMLElement>(`[data-variant-slot="${name}"]`);
    const fresh = doc.querySelector(`[data-variant-slot="${name}"]`);
    if (!slot || !fresh) continue;
    // The plan chosen stays chosen when the new variant offers it too.
    const plan = slot.querySelector<HTMLInputElement>('input[name="selling_plan"]:checked')?.value;
    slot.replaceChildren(...Array.from(fresh.childNodes, (child) => document.importNode(child, true)));
    if (plan !== undefined) {
      const same = slot.querySelector<HTMLInputElement>(`input[name="selling_plan"][value="${CSS.escape(plan)}"]`);
      if (same) same.checked = true;
    }
  }
}
