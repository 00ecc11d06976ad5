// Add to bag right after a choice: the form adds the variant the button offers, even when the tap
// comes before the frame in which the island's effects run (a slow phone, a quick keyboard).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { resetI18n, setDictionary } from '../../shared/i18n';
import { ProductForm } from '../../islands/product-form/ProductForm';
import { DRESS } from './support/dress';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

// The cart store's add: what the form asks it for is the behaviour under test.
const addItem = vi.hoisted(() => vi.fn(async () => ({ ok: true as const })));
vi.mock('../../shared/stores/add-item', () => ({ addItem }));

const en = await islandStrings('en');

beforeEach(() => {
  setBootstrapScript({ rootUrl: '/en/', locale: { requestLocale: { isoCode: 'en' }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary('en', en);
  window.history.replaceState(null, '', '/en/products/dress');
  addItem.mockClear();
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const button = () => document.querySelector<HTMLButtonElement>('.product-form__submit')!;

describe('add to bag straight after a choice', () => {
  it('adds the variant the button offers, before the choice’s effects have run', async () => {
    await act(async () => {
      render(
        <form action="/en/cart/add" method="post">
          <ProductForm selectId="variant" product={DRESS} />
        </form>,
      );
    });
    // Light green in S is sold out: the button is disabled, and every effect has run.
    await act(async () => radio('Light green — Sold out').click());
    expect(button().disabled).toBe(true);

    // M: drawn at once (the render is a microtask away), its effects wait for the next frame.
    radio('M').click();
    await Promise.resolve();
    expect(button().disabled).toBe(false);
    button().click();

    expect(addItem).toHaveBeenCalledTimes(1);
    expect(addItem).toHaveBeenCalledWith(7, 74);
  });
});
