// The colour swatches and size chips a shopper picks from (spec §4), as the product page's form
// and quick add both draw them: the markup snippets/product-option.liquid draws on the server, so
// an island mounting over it moves nothing. A colour the platform gives a swatch shows it (style).
import type { CSSProperties } from 'react';
import type { Colour } from './colours';
import type { Size } from './sizes';
import { t } from '../i18n';

type Picker<T> = {
  options: (T & { available: boolean })[];
  selected: string | null;
  /** What the legend says is chosen. */
  selectedLabel: string;
  /** The radios' name (the form field, or a name of the panel's own). */
  name: string;
  onChoose: (value: string) => void;
  /** data-option-index of the fieldset, where the product form's variant slots read it. */
  optionIndex?: number;
};

export function ColourPicker({ options, selected, selectedLabel, name, onChoose, optionIndex }: Picker<Colour>) {
  return (
    <fieldset className="product-option product-option--color" data-option-index={optionIndex}>
      <legend className="product-option__legend">
        {t('product.color')}: <span className="product-option__selected">{selectedLabel}</span>
      </legend>
      <div className="product-option__values">
        {options.map((c) => (
          <label key={c.value} className={`swatch${c.available ? '' : ' is-unavailable'}`}>
            <input className="swatch__input" type="radio" name={name} value={c.value} checked={c.value === selected} onChange={() => onChoose(c.value)} />
            <span className={`swatch__chip ${c.classes}`} style={c.style as CSSProperties | undefined} aria-hidden="true" />
            <span className="visually-hidden">{c.label + (c.available ? '' : ` — ${t('product.unavailable')}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** disableUnavailable: a sold-out size cannot be chosen (quick add); the product form lets it be chosen and says so. */
export function SizePicker({
  options,
  selected,
  selectedLabel,
  name,
  onChoose,
  optionIndex,
  disableUnavailable = false,
}: Picker<Size> & { disableUnavailable?: boolean }) {
  return (
    <fieldset className="product-option product-option--size" data-option-index={optionIndex}>
      <legend className="product-option__legend">
        {t('product.size')}: <span className="product-option__selected">{selectedLabel}</span>
      </legend>
      <div className="product-option__values">
        {options.map((s) => (
          <label key={s.value} className={`size-chip${s.available ? '' : ' is-unavailable'}`}>
            <input
              className="size-chip__input"
              type="radio"
              name={name}
              value={s.value}
              checked={s.value === selected}
              disabled={disableUnavailable && !s.available}
              onChange={() => onChoose(s.value)}
            />
            <span className="size-chip__label">{s.label}</span>
            {!s.available && <span className="visually-hidden">{` — ${t('product.unavailable')}`}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
