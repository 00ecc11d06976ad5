// The preview's design mode (the theme editor's view): the section wrapper and the blocks carry
// the attributes the platform's editor adds, and nothing of the kind outside it.
import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { renderSection } from '../liquid/sections';
import { REQUEST_KEY } from '../liquid/context';
import { dropContext } from '../platform/globals';
import { loadStore } from '../store/load-store';
import { liquid, renderRequest } from './support/render';
import { FIXTURES } from '../testing';

const uk = dropContext(loadStore(FIXTURES), 'uk', 'UAH');
const sectionBlocks = { type: 'editor-demo', blocks: { one: { type: 'item', settings: { label: 'First' } } }, block_order: ['one'] };
const themeBlocks = { type: 'theme-blocks', blocks: { two: { type: 'editor-note', settings: { text: 'Nested' } } }, block_order: ['two'] };

async function draw(designMode: boolean): Promise<Element> {
  const globals = { [REQUEST_KEY]: renderRequest({ drops: uk, designMode }) };
  const html =
    (await renderSection(liquid, globals, 'template--1__main', sectionBlocks)) + (await renderSection(liquid, globals, 'template--1__more', themeBlocks));
  const window = new Window();
  window.document.body.innerHTML = `<main>${html}</main>`;
  return window.document.body.firstElementChild as unknown as Element;
}

describe('design mode', () => {
  it('names the section on its wrapper and each block on its element, as the editor finds them', async () => {
    const page = await draw(true);
    const wrapper = page.firstElementChild!;
    expect(wrapper.id).toBe('shopify-section-template--1__main');
    expect(JSON.parse(wrapper.getAttribute('data-shopify-editor-section')!)).toEqual({ id: 'template--1__main', type: 'editor-demo', disabled: false });
    const item = wrapper.querySelector('.item')!;
    expect(JSON.parse(item.getAttribute('data-shopify-editor-block')!)).toEqual({ id: 'one', type: 'item' });
    const note = page.querySelector('.editor-note')!;
    expect(JSON.parse(note.getAttribute('data-shopify-editor-block')!)).toEqual({ id: 'two', type: 'editor-note' });
  });

  it('adds nothing outside the editor (block.shopify_attributes is blank)', async () => {
    const page = await draw(false);
    expect(page.querySelectorAll('[data-shopify-editor-section]')).toHaveLength(0);
    expect(page.querySelectorAll('[data-shopify-editor-block]')).toHaveLength(0);
    expect(page.querySelector('.item')!.outerHTML).toBe('<li class="item">First</li>');
  });
});
