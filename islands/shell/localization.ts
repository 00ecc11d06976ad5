// The language and currency forms (footer, left menu) are the platform's localization form,
// posted natively. Before they go: the chosen language becomes the stored default (spec §2;
// otherwise the stored-language redirect would send the shopper straight back), a currency
// (country) change is flagged so the next page clears the cached product lists once (spec §4),
// and return_to becomes the address as it is now. The server drew return_to with the page; a
// colour and size picked since, or a sort and filters, live in the query the islands rewrote, and
// switching language or currency must not lose them.
// A choice submits its form at once: the forms are marked so their buttons (for pages read
// without JavaScript) are hidden, and a changed select asks its form to submit, which runs the
// submit work above as a button press would.
import { languageOf } from '../../shared/bootstrap';
import { markCurrencyChange, setDefaultLanguage } from '../../shared/stores/locale';

function formType(form: HTMLFormElement): string | null {
  const field = form.elements.namedItem('form_type');
  return field instanceof HTMLInputElement ? field.value : null;
}

function chosen(form: HTMLFormElement, name: string): string | null {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLSelectElement || field instanceof HTMLInputElement ? field.value : null;
}

/** The current address without its hash (the platform's return_to is a path and query). */
function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function localizationFormOf(target: EventTarget | null): HTMLFormElement | null {
  const form = target instanceof HTMLSelectElement ? target.form : null;
  return form && formType(form) === 'localization' ? form : null;
}

export function installLocalizationForms(root: Document): void {
  for (const form of Array.from(root.forms)) {
    if (formType(form) === 'localization') form.dataset['submitsOnChange'] = '';
  }
  root.addEventListener('change', (event) => {
    localizationFormOf(event.target)?.requestSubmit();
  });
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || formType(form) !== 'localization') return;
    const language = chosen(form, 'language_code');
    if (language) setDefaultLanguage(languageOf(language));
    if (chosen(form, 'country_code')) markCurrencyChange();
    const returnTo = form.elements.namedItem('return_to');
    if (returnTo instanceof HTMLInputElement) returnTo.value = currentAddress();
  });
}
