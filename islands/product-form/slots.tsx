// Parts of the product form only the server can draw (issue 34): the unit price and the
// installments banner under the price, the purchase options and a gift card's recipient fields
// above the button, buy it now and pickup under it ([data-variant-slot] in
// blocks/_product-buy-buttons.liquid). The island renders over the server's markup, so these nodes
// are taken out before it mounts and put back, the same nodes (the platform's script may have
// filled buy it now already), where the island draws each part.
import { useLayoutEffect, useRef } from 'react';
import { MOUNTED } from '../../shared/runtime/schedule';

export type SlotName = 'price-details' | 'purchase' | 'recipient' | 'buy-now' | 'pickup';
export type Slots = Partial<Record<SlotName, HTMLElement>>;

const taken = new Map<string, Slots>();
/** The pre-order note's words as the server drew them (a merchant's own, or none when hidden). */
const notes = new Map<string, string | null>();
/** The variant select's value when the island mounted: a denomination chosen before (see ProductForm). */
const selectedBefore = new Map<string, number>();

/** Takes the slots of every product form not yet mounted, keyed by its variant select's id. */
export function takeSlots(root: ParentNode): void {
  for (const node of Array.from(root.querySelectorAll<HTMLElement>('[data-island="product-form"]'))) {
    const select = node.querySelector<HTMLSelectElement>('select[name="id"]');
    const selectId = select?.id;
    if (!select || !selectId || node.hasAttribute(MOUNTED)) continue;
    if (Number(select.value) > 0) selectedBefore.set(selectId, Number(select.value));
    const slots: Slots = {};
    for (const slot of Array.from(node.querySelectorAll<HTMLElement>('[data-variant-slot]'))) {
      slots[slot.dataset['variantSlot'] as SlotName] = slot;
    }
    taken.set(selectId, slots);
    notes.set(selectId, node.querySelector('.product-form__preorder-note')?.textContent?.trim() || null);
  }
}

export function variantSelectedBefore(selectId: string): number | undefined {
  return selectedBefore.get(selectId);
}

/** The pre-order note the server drew for a form (null: none), or undefined when its slots were never taken. */
export function preorderNoteOf(selectId: string): string | null | undefined {
  return notes.get(selectId);
}

export function slotsOf(selectId: string): Slots {
  return taken.get(selectId) ?? {};
}

/**
 * The slot as the server drew it (same element, same class), its children moved in: the same
 * nodes, so mounting changes nothing a shopper sees and a filled buy-it-now keeps working.
 */
export function Slot({ name, node }: { name: SlotName; node: HTMLElement | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (node && ref.current && node.firstChild) ref.current.replaceChildren(...Array.from(node.childNodes));
  }, [node]);
  return node ? <div ref={ref} className={node.className || undefined} data-variant-slot={name} /> : null;
}

/**
 * What the form adds besides the variant: the chosen plan, and a gift card's recipient fields
 * when the shopper asked to send it (with the clock offset the platform reads "today" by).
 */
export function formExtras(form: HTMLFormElement): { sellingPlan?: number; properties?: Record<string, string> } {
  const data = new FormData(form);
  const plan = Number(data.get('selling_plan'));
  const properties: Record<string, string> = {};
  if (data.get('properties[__shopify_send_gift_card_to_recipient]')) {
    for (const [key, value] of data.entries()) {
      const name = /^properties\[(.+)\]$/.exec(key)?.[1];
      if (name && typeof value === 'string' && value.trim()) properties[name] = value;
    }
    properties['__shopify_offset'] = String(new Date().getTimezoneOffset());
  }
  return { ...(plan > 0 ? { sellingPlan: plan } : {}), ...(Object.keys(properties).length ? { properties } : {}) };
}

/** The chosen plan's price and the price it is compared with (its radio's data), or null for none. */
export type PlanPrice = { price: string; compareAt: string | null };

export function chosenPlanPrice(form: HTMLFormElement): PlanPrice | null {
  const radio = form.querySelector<HTMLInputElement>('input[name="selling_plan"]:checked');
  const price = radio?.value ? radio.dataset['price'] : undefined;
  return price ? { price, compareAt: radio?.dataset['compareAt'] ?? null } : null;
}
