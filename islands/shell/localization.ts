// The language and currency forms (footer, left menu) post natively to the platform. Before
// they go: the chosen language becomes the stored default (spec §2; otherwise the
// stored-language redirect would send the shopper straight back), and a currency change is
// flagged so the next page clears the cached product lists once (spec §4).
import { languageOf } from '../../shared/i18n/language';
import { markCurrencyChange, setDefaultLanguage } from '../../shared/stores/locale';

function formType(form: HTMLFormElement): string | null {
  const field = form.elements.namedItem('form_type');
  return field instanceof HTMLInputElement ? field.value : null;
}

export function installLocalizationForms(root: Document): void {
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const type = formType(form);
    if (type === 'localization') {
      const language = form.elements.namedItem('language_code');
      if (language instanceof HTMLSelectElement || language instanceof HTMLInputElement) setDefaultLanguage(languageOf(language.value));
    } else if (type === 'currency') {
      markCurrencyChange();
    }
  });
}
