// The quick-add panel (islands/quick-add opens it from a product card): the product's photo, name
// and price, its colours when it has several and its sizes (sold-out ones disabled), chosen as
// the product page chooses them (spec §4: the first available colour and size to start with), and
// add to bag through the cart store, which opens the bag with the line. A refused or failed add
// says why (the platform's message, or the theme's) and keeps the panel and the choice as they
// were; one tap is one add. The panel frame (focus kept inside and given back to the card's
// button, Escape, the backdrop) is the panel host's.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $quickAdd, type QuickAddProduct } from '../../../shared/stores/quick-add';
import { closePanel } from '../../../shared/stores/panel';
import { addItem } from '../../../shared/stores/add-item';
import { availableColors, availableSizes, defaultSelection, findVariant, type Selection } from '../../../shared/catalogue/variants';
import type { CatalogueProduct } from '../../../shared/catalogue/product';
import { bootstrap } from '../../../shared/bootstrap';
import { formatPrice, imageAtWidth, safeUrl } from '../../../shared/format/values';
import { PriceTag } from '../../../shared/format/PriceTag';
import { ColourPicker, SizePicker } from '../../../shared/catalogue/OptionPickers';
import { language, t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';

export const titleKey = 'quick_add.title';

export default function QuickAddPanel({ titleId }: PanelProps) {
  const quickAdd = useStore($quickAdd);
  // Opened without a product (nothing but the button opens it), it has nothing to offer.
  useEffect(() => {
    if (!quickAdd) closePanel();
  }, [quickAdd]);
  if (!quickAdd)
    return (
      <h2 id={titleId} className="visually-hidden">
        {t('quick_add.title')}
      </h2>
    );
  return <QuickAddForm key={quickAdd.product.id} titleId={titleId} error={quickAdd.error ?? ''} product={quickAdd.product} color={quickAdd.color ?? null} />;
}

type FormProps = { titleId: string; product: QuickAddProduct; error: string; color: string | null };

function QuickAddForm({ titleId, product, error: firstError, color }: FormProps) {
  const lang = language();
  const currency = bootstrap().locale.cartCurrency.isoCode;
  // The shape shared/catalogue/variants.ts reads: the options by their values in the variants.
  const catalogue = useMemo(() => {
    const productOptions = product.optionNames.map((name, index) => ({
      name,
      values: [...new Set(product.variants.map((v) => v.options[index] ?? ''))].filter(Boolean),
    }));
    const first = product.variants.find((v) => v.available) ?? product.variants[0]!;
    return { productOptions, variants: product.variants, currentVariant: { id: first.id } } as unknown as CatalogueProduct;
  }, [product]);
  const [selection, setSelection] = useState<Selection>(() => defaultSelection(catalogue, { color }));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(firstError);
  // Memoised: an unsupported colour is logged (spec §3) once, not once per render.
  const colours = useMemo(() => availableColors(catalogue, lang, selection.size), [catalogue, selection.size]);
  const sizes = availableSizes(catalogue, selection.color);
  const variant = product.variants.length === 1 ? product.variants[0]! : findVariant(catalogue, selection.color, selection.size);
  const chosen = product.variants.find((v) => v.id === variant?.id) ?? null;
  const available = chosen?.available === true;

  const choose = (kind: keyof Selection, value: string): void => {
    let next = { ...selection, [kind]: value };
    // A new colour in which the chosen size is sold out: its first size that is not.
    if (kind === 'color' && next.size && !availableSizes(catalogue, value).some((s) => s.value === next.size && s.available)) {
      next = { ...next, size: availableSizes(catalogue, value).find((s) => s.available)?.value ?? next.size };
    }
    setSelection(next);
    setError('');
  };

  const add = async (): Promise<void> => {
    if (!chosen || !available || pending) return;
    setPending(true);
    setError('');
    const result = await addItem(product.id, chosen.id);
    setPending(false);
    // Added: the store has opened the bag in this panel's place. Refused: say why, keep the choice.
    if (!result.ok) setError(result.message);
  };

  const price = chosen ?? product.variants[0]!;
  const image = product.image ? safeUrl(product.image) : '';
  return (
    <div className="quick-add">
      <h2 id={titleId} className="quick-add__title">
        {t('quick_add.title')}
      </h2>
      <div className="quick-add__product">
        {image && <img className="quick-add__image" src={imageAtWidth(image, 200)} width="100" height="150" alt="" />}
        <div>
          <p className="quick-add__name">{product.title}</p>
          <PriceTag
            current={formatPrice(price.price, currency)}
            compareAt={price.compareAt ? formatPrice(price.compareAt, currency) : null}
            className="quick-add__price"
          />
        </div>
      </div>
      {colours.length > 1 && (
        <ColourPicker
          options={colours}
          selected={selection.color}
          selectedLabel={colours.find((c) => c.value === selection.color)?.label ?? ''}
          name="quick-add-color"
          onChoose={(value) => choose('color', value)}
        />
      )}
      {sizes.length > 0 && (
        <SizePicker
          options={sizes}
          selected={selection.size}
          selectedLabel={sizes.find((s) => s.value === selection.size)?.label ?? ''}
          name="quick-add-size"
          onChoose={(value) => choose('size', value)}
          disableUnavailable
        />
      )}
      <button
        type="button"
        className="button quick-add__submit"
        disabled={!available}
        aria-disabled={pending ? 'true' : undefined}
        aria-busy={pending ? 'true' : undefined}
        onClick={() => void add()}
      >
        {!available ? t('product.unavailable') : product.preorder ? t('product.add_to_preorder') : t('product.add_to_bag')}
      </button>
      <p className="form-error" role="alert">
        {error}
      </p>
      <a className="quick-add__details" href={safeUrl(product.url)}>
        {t('quick_add.view_product')}
      </a>
    </div>
  );
}
