// What the platform's theme editor does to a page, for tests in the preview's design mode
// (?design_mode=1): it re-renders a section in place when the merchant changes a setting
// (shopify:section:unload on the old element, the new HTML from the Section Rendering API,
// shopify:section:load on the new element) and tells the page what the merchant selected.
// Every event bubbles, cannot be cancelled, and names the section (and block) in its detail.
import type { Page } from 'playwright-core';

/** The section wrapper's ID (`template--1__main`, `sections--1__header`) from its element id. */
export async function sectionIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-shopify-editor-section]', (nodes) =>
    nodes.map((node) => (JSON.parse(node.getAttribute('data-shopify-editor-section') ?? '{}') as { id: string }).id),
  );
}

/** The ID of the section (its wrapper) that holds the first element matching selector. */
export async function sectionIdOf(page: Page, selector: string): Promise<string> {
  const id = await page.$eval(selector, (node) => {
    const wrapper = node.closest('[data-shopify-editor-section]');
    return wrapper ? (JSON.parse(wrapper.getAttribute('data-shopify-editor-section') ?? '{}') as { id: string }).id : null;
  });
  if (!id) throw new Error(`${selector} is not inside an editor section`);
  return id;
}

/**
 * Re-renders one section as the editor does after a change: unload on the old element, the
 * section's HTML fetched with the Section Rendering API for this very page (design mode kept),
 * the element replaced, load on the new one.
 */
export async function reRenderSection(page: Page, sectionId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const wrapper = document.getElementById(`shopify-section-${id}`);
    if (!wrapper) throw new Error(`no section ${id} on the page`);
    const url = new URL(window.location.href);
    url.searchParams.set('section_id', id);
    url.searchParams.set('design_mode', '1');
    const response = await fetch(url.href);
    if (!response.ok) throw new Error(`section ${id}: ${response.status}`);
    const html = await response.text();
    wrapper.dispatchEvent(new CustomEvent('shopify:section:unload', { bubbles: true, detail: { sectionId: id } }));
    // Parsed in the live document, as innerHTML there does: <noscript> stays inert text.
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const fresh = holder.firstElementChild;
    if (!fresh || fresh.id !== wrapper.id) throw new Error(`section ${id}: the answer is not its wrapper`);
    wrapper.replaceWith(fresh);
    fresh.dispatchEvent(new CustomEvent('shopify:section:load', { bubbles: true, detail: { sectionId: id } }));
  }, sectionId);
}

/** The merchant selects a section in the editor's sidebar (deselect: select: false). */
export async function selectSection(page: Page, sectionId: string, selected = true): Promise<void> {
  await page.evaluate(
    ({ id, on }) => {
      const wrapper = document.getElementById(`shopify-section-${id}`);
      if (!wrapper) throw new Error(`no section ${id} on the page`);
      const type = on ? 'shopify:section:select' : 'shopify:section:deselect';
      wrapper.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { sectionId: id, load: false } }));
    },
    { id: sectionId, on: selected },
  );
}

/**
 * The merchant selects a block: the event's target is the element carrying the block's
 * data-shopify-editor-block (its {{ block.shopify_attributes }}), here the first matching selector.
 */
export async function selectBlock(page: Page, selector: string, selected = true): Promise<void> {
  await page.$eval(
    selector,
    (node, on) => {
      const wrapper = node.closest('[data-shopify-editor-section]');
      const section = wrapper ? (JSON.parse(wrapper.getAttribute('data-shopify-editor-section') ?? '{}') as { id: string }).id : '';
      const block = node.getAttribute('data-shopify-editor-block');
      const blockId = block ? (JSON.parse(block) as { id: string }).id : '';
      const type = on ? 'shopify:block:select' : 'shopify:block:deselect';
      node.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { sectionId: section, blockId, load: false } }));
    },
    selected,
  );
}
