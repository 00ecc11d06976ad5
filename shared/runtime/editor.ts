// The theme editor's selection (design mode only; shared/runtime/schedule.ts loads this module
// there). Selecting a section or block in the editor's sidebar dispatches
// shopify:section:select / shopify:block:select on its element (and the matching deselect);
// the theme must make what was selected visible: the right-hand panel it lives in opens, a
// block in a strip (a slide) scrolls into view, a block folded in a <details> (the product
// page's size guide) unfolds.
import { $rightSidebar, closePanel, isPanelName, openPanel, type PanelName } from '../stores/panel';

export const SECTION_SELECT = 'shopify:section:select';
export const SECTION_DESELECT = 'shopify:section:deselect';
export const BLOCK_SELECT = 'shopify:block:select';
export const BLOCK_DESELECT = 'shopify:block:deselect';

/**
 * The attribute that ties a section or block to the right-hand panel that shows it: selecting
 * it in the editor opens that panel (the cart section on the cart template, the login form…).
 */
export const EDITOR_PANEL = 'data-editor-panel';

/**
 * The panel that shows target: its own or its nearest ancestor's data-editor-panel, or for a
 * section (the platform's wrapper) the one its markup names.
 */
function panelOf(target: Element, isSection: boolean): PanelName | null {
  const marked = target.closest(`[${EDITOR_PANEL}]`) ?? (isSection ? target.querySelector(`[${EDITOR_PANEL}]`) : null);
  const value = marked?.getAttribute(EDITOR_PANEL);
  return isPanelName(value) ? value : null;
}

// The panel a selection opened: deselecting closes only that one, not one the merchant opened.
let openedBySelection: PanelName | null = null;

// The <details> a selection unfolded: deselecting folds it again, not one the merchant opened.
let unfoldedBySelection: HTMLDetailsElement | null = null;

function hide(): void {
  if (openedBySelection && $rightSidebar.get() === openedBySelection) closePanel();
  openedBySelection = null;
  if (unfoldedBySelection) unfoldedBySelection.open = false;
  unfoldedBySelection = null;
}

/** Unfolds the closed <details> that is or holds target, so the selected block shows. */
function unfold(target: Element): void {
  const details = target.closest('details');
  if (!details || details.open) return;
  details.open = true;
  unfoldedBySelection = details;
}

function show(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const panel = panelOf(target, event.type === SECTION_SELECT);
  if (panel) {
    openedBySelection = panel;
    if ($rightSidebar.get() !== panel) openPanel(panel);
    return;
  }
  // Anything else the merchant selects is on the page itself: a panel over it would hide it.
  hide();
  // A block in a horizontal strip (a slide) scrolls its strip to it; the editor scrolls the page.
  if (event.type === BLOCK_SELECT) {
    unfold(target);
    target.scrollIntoView({ block: 'nearest', inline: 'center' });
  }
}

let listening = false;

/** Listens to the editor's selection events, once per page. */
export function listenToEditor(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(SECTION_SELECT, show);
  document.addEventListener(BLOCK_SELECT, show);
  document.addEventListener(SECTION_DESELECT, hide);
  document.addEventListener(BLOCK_DESELECT, hide);
}
