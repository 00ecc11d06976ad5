// A bag line's extra details in the island: what the shopper wrote on it (a gift card's recipient)
// and its unit price, in the page's language, as the cart page's Liquid writes them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { resetBootstrap } from '../../shared/bootstrap';
import { resetI18n, setDictionary } from '../../shared/i18n';
import type { CartItem } from '../../shared/stores/cart';
import { LineProperties, LineUnitPrice } from '../../islands/panels/cart/LineDetails';
import { setBootstrapScript } from '../unit/shared-support/memory-storage';
import { islandStrings } from '../support/island-strings';

const dictionaries = { en: await islandStrings('en'), uk: await islandStrings('uk') };

function inLanguage(language: 'en' | 'uk'): void {
  setBootstrapScript({ rootUrl: '/', cartItemCount: 0, locale: { requestLocale: { isoCode: language }, cartCurrency: { isoCode: 'UAH' } } });
  resetBootstrap();
  resetI18n();
  setDictionary(language, dictionaries[language]);
}

const item = (extra: Partial<CartItem>): CartItem => ({ ...({} as CartItem), ...extra });

beforeEach(() => inLanguage('en'));
afterEach(cleanup);

describe('the line’s properties', () => {
  it('shows the recipient in the page’s words, the send date as a date, and leaves out private and empty ones', () => {
    const properties = {
      'Recipient email': 'maria@example.com',
      'Recipient name': '',
      Message: 'Happy birthday!',
      'Send on': '2026-12-24',
      _origin: 'quick-add',
      Engraving: 'M.',
    };
    for (const [language, rows] of [
      ['en', ['To: maria@example.com', 'Message: Happy birthday!', 'Send on: 24 Dec 2026', 'Engraving: M.']],
      ['uk', ['Кому: maria@example.com', 'Повідомлення: Happy birthday!', 'Дата надсилання: 24 груд 2026', 'Engraving: M.']],
    ] as const) {
      inLanguage(language);
      const { container } = render(<LineProperties item={item({ properties })} />);
      expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(rows);
      cleanup();
    }
  });

  it('draws nothing for a line without properties to show', () => {
    for (const properties of [null, {}, { _private: 'x', Blank: '  ' }] as (Record<string, string> | null)[]) {
      const { container } = render(<LineProperties item={item({ properties })} />);
      expect(container.innerHTML).toBe('');
      cleanup();
    }
  });
});

describe('the line’s unit price', () => {
  it('writes the price per reference unit, with the reference quantity when it is not one', () => {
    const perItem = render(
      <LineUnitPrice
        item={item({
          unit_price: 50000,
          unit_price_measurement: { measured_type: 'count', quantity_value: 3, quantity_unit: 'item', reference_value: 1, reference_unit: 'item' },
        })}
        currency="UAH"
      />,
    );
    expect(perItem.container.textContent).toBe('Unit price: 500 UAH / item');
    cleanup();
    inLanguage('uk');
    const perVolume = render(
      <LineUnitPrice
        item={item({
          unit_price: 12000,
          unit_price_measurement: { measured_type: 'volume', quantity_value: 250, quantity_unit: 'ml', reference_value: 100, reference_unit: 'ml' },
        })}
        currency="UAH"
      />,
    );
    expect(perVolume.container.textContent).toBe('Ціна за одиницю: 120 UAH за 100 мл');
  });

  it('draws nothing for a line without a unit price', () => {
    expect(render(<LineUnitPrice item={item({})} currency="UAH" />).container.innerHTML).toBe('');
  });
});
