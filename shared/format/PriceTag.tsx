// A price as snippets/price.liquid draws it, for islands that redraw one (the product form, the
// bag): the compare-at price first, struck through, read as "was …, now …" (a strike-through is
// not announced). Both amounts arrive formatted.
import { t } from '../i18n';

/** `attributes`: extra attributes for the element (the theme editor's block marker). */
type Props = { current: string; compareAt?: string | null; className: string; attributes?: Record<string, string> };

export function PriceTag({ current, compareAt, className, attributes }: Props) {
  return (
    <p className={`price${compareAt ? ' price--sale' : ''} ${className}`} {...attributes}>
      {compareAt && (
        <span className="price__was">
          <span className="visually-hidden">{t('price.was')} </span>
          <s className="price__compare">{compareAt}</s>
          <span className="visually-hidden">, {t('price.now')} </span>
        </span>
      )}
      <span className="price__current">{current}</span>
    </p>
  );
}
