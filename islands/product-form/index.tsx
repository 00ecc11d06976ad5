// The product form (start.ts): a native form until first touched (a submit meanwhile is held, a
// colour or size chosen meanwhile is kept), or at once when the address names a colour or size
// (spec §4: the query values are the default; a card in a colour-filtered list links so): the
// server can only draw the product's first available variant, and the page must show, and add
// to the bag, the one the address asks for.
import { island } from '../../shared/runtime/schedule';
import { loadBagOnIntent, postEarlyAdds } from './early-add';

const query = new URLSearchParams(window.location.search);
island('product-form', () => import('./start'), { interaction: true, takesSubmit: true, now: query.has('color') || query.has('size') });
// A tap on add to bag before the island has come posts at once; the bag's code comes on intent.
postEarlyAdds();
loadBagOnIntent();

// Until the form's code has come, and should it never come (a dropped connection), a submit is
// the native form's, which posts its variant select: the select follows the pickers, so the bag
// gets what the page shows. Once the island runs, the form is its own.
document.addEventListener('change', (event) => {
  const radio = event.target;
  if (!(radio instanceof HTMLInputElement) || radio.type !== 'radio' || radio.closest('[data-island-mounted]')) return;
  const form = radio.closest('form');
  const select = form?.querySelector<HTMLSelectElement>('select[name="id"]');
  if (!form || !select) return;
  // Each picker's value against the variant's value of that option (its place in data-values).
  const picked = Array.from(form.querySelectorAll<HTMLInputElement>('.product-option input:checked'), (input) => ({
    index: Number(input.closest<HTMLElement>('[data-option-index]')?.dataset['optionIndex']),
    value: input.value.trim().toLowerCase(),
  }));
  const variant = Array.from(select.options).find((option) => {
    const values = (option.dataset['values'] ?? '').split('␟');
    return picked.every(({ index, value }) => values[index] === value);
  });
  // A combination the shop does not sell posts nothing it did not show: the platform says so.
  select.value = variant && !variant.disabled ? variant.value : '';
});
