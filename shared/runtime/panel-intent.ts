// The shopper showing they are about to open a panel (a finger down on add to bag, a pointer over
// it, focus on it): the panel's code is asked for then, so that it is here, evaluated, when the
// answer that opens the panel comes. An event on the document rather than an import, so the small
// scripts that see the intent (an island's entry) do not carry the shell's code; an entry may
// spell the event itself (islands/product-form/early-add.ts) rather than load this as a chunk.
/** `document.dispatchEvent(new CustomEvent(PANEL_INTENT, { detail: '<panel name>' }))`: islands/shell loads that panel's code. */
export const PANEL_INTENT = 'panel:intent';
