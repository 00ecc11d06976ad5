// Option values as a shopper reads them: a colour by its label in the page's language (spec §3,
// the platform stores 'pink', a Ukrainian page says 'Рожевий'); anything else as it is. A colour
// outside the 24 stays as written here: the bag is no place to relabel what was bought.
import { colourFor, colourName, isColourOption } from '../../../shared/catalogue/colours';
import { isSizeOption } from '../../../shared/catalogue/sizes';
import { language, t } from '../../../shared/i18n';

/** A colour or size option is named in the theme's words, as on the product page (the merchant may have typed "Color"). */
export function optionNameLabel(name: string): string {
  if (isColourOption(name)) return t('product.color');
  if (isSizeOption(name)) return t('product.size');
  return name;
}

export function optionValueLabel(value: string): string {
  return colourName(value) ? colourFor(value, language()).label : value;
}
