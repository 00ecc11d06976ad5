// Option values as a shopper reads them: a colour by its label in the page's language (spec §3,
// the platform stores 'pink', a Ukrainian page says 'Рожевий'); anything else as it is. A colour
// outside the 24 stays as written here: the bag is no place to relabel what was bought.
import { colourFor, colourName } from '../../../shared/catalogue/colours';
import { language } from '../../../shared/i18n';

export function optionValueLabel(value: string): string {
  return colourName(value) ? colourFor(value, language()).label : value;
}
