import { describe, expect, it } from 'vitest';
import { choiceBeforeMount } from '../../islands/product-form/query';

function form(): HTMLElement {
  document.body.innerHTML = `<form>
    <input type="radio" name="color" value="beige" checked><input type="radio" name="color" value="black">
    <input type="radio" name="size" value="xs" checked><input type="radio" name="size" value="s">
  </form>`;
  return document.body;
}

describe('a choice made before the product form mounts', () => {
  it('is nothing while the radios are as the server drew them', () => {
    expect(choiceBeforeMount(form())).toEqual({ color: null, size: null });
  });

  it('is the radio the shopper moved to', () => {
    const root = form();
    root.querySelector<HTMLInputElement>('input[name="size"][value="s"]')!.checked = true;
    expect(choiceBeforeMount(root)).toEqual({ color: null, size: 's' });
    root.querySelector<HTMLInputElement>('input[name="color"][value="black"]')!.checked = true;
    expect(choiceBeforeMount(root)).toEqual({ color: 'black', size: 's' });
  });
});
