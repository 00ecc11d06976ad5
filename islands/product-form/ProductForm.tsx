// The product form (spec §4): colour swatches and size chips, the variant they pick, its price,
// and the add-to-bag (or add-to-preorder) button. It renders the markup the server drew
// (sections/main-product.liquid, snippets/product-option.liquid) so that mounting moves nothing.
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { announceSubmitTaken } from '../../shared/runtime/schedule';
import { inDesignMode } from '../../shared/bootstrap';
import { language, t } from '../../shared/i18n';
import { isColourOption } from '../../shared/catalogue/colours';
import { isSizeOption } from '../../shared/catalogue/sizes';
import {
  availableColors,
  availableSizes,
  currentVariant,
  defaultSelection,
  findVariant,
  queryNamesOffered,
  type Selection,
} from '../../shared/catalogue/variants';
import type { CatalogueProduct, ProductOption, ProductVariant } from '../../shared/catalogue/product';
import { addItem, prepareAddItem } from '../../shared/stores/add-item';
import { PriceTag } from '../../shared/format/PriceTag';
import { ColourPicker, SizePicker } from '../../shared/catalogue/OptionPickers';
import { readSelectionQuery, writeSelectionQuery } from './query';
import { Slot, chosenPlanPrice, formExtras, preorderNoteOf, slotsOf, variantSelectedBefore, type PlanPrice } from './slots';

/** A variant as the section hands it over: its price already formatted by the server's `money`. */
/**
 * A variant as the section hands it over: its price, and its compare-at price when higher (else
 * null), already formatted by the server's `money`.
 */
export type FormVariant = ProductVariant & { price: string; compareAt?: string | null };

export type FormProduct = {
  id: number;
  handle: string;
  name: string;
  preorder: boolean;
  productOptions: ProductOption[];
  variants: FormVariant[];
  currentVariant: { id: number };
};

/** A part of the form the merchant placed as a block of the product section, in their order. */
export type FormPart = { type: 'price' | 'variant_picker' | 'buy_buttons'; block?: string; blockType?: string };

/** Every part in the theme's default order: for a page whose section names none. */
const ALL_PARTS: FormPart[] = [{ type: 'price' }, { type: 'variant_picker' }, { type: 'buy_buttons' }];

/** sectionId: the product section's, to ask the server for a variant's own parts (slots.tsx). */
export type ProductFormProps = { selectId: string; sectionId?: string; product: FormProduct; parts?: FormPart[] };

/** In the theme editor, the attribute by which the editor finds a part's block (as block.shopify_attributes). */
function editorBlock(part: FormPart): Record<string, string> {
  return part.block && inDesignMode() ? { 'data-shopify-editor-block': JSON.stringify({ id: part.block, type: part.blockType ?? part.type }) } : {};
}

let earlyChoice: { color: string | null; size: string | null } = { color: null, size: null };

/** What the shopper picked on the server's form before this island mounted: it wins over the address. */
export function rememberEarlyChoice(choice: { color: string | null; size: string | null }): void {
  earlyChoice = choice;
}

export function ProductForm({ selectId, sectionId, product, parts = ALL_PARTS }: ProductFormProps) {
  const [slots] = useState(() => slotsOf(selectId));
  // The note as the server drew it (the merchant may word it or hide it); the default otherwise.
  const [preorderNote] = useState(() => {
    const drawn = preorderNoteOf(selectId);
    return drawn === undefined ? (product.preorder ? t('product.preorder_note') : null) : drawn;
  });
  // variants.ts reads only productOptions, variants and currentVariant of a product, which is
  // all the page hands over; the cast saves shipping fields the form never shows.
  const catalogue = product as unknown as CatalogueProduct;
  const lang = language();
  const variantIdOf = (chosen: Selection): number | null => findVariant(catalogue, chosen.color, chosen.size)?.id ?? null;
  // What the address asked for when the form started, read once.
  const [asked] = useState(() => readSelectionQuery(window.location.search, catalogue));
  const [selection, setSelection] = useState<Selection>(() =>
    defaultSelection(catalogue, { color: earlyChoice.color ?? asked.color, size: earlyChoice.size ?? asked.size }),
  );
  // A choice made before mounting belongs in the address like any other (spec §4); so does the
  // default shown in place of a colour or size the product does not offer (a stale or mistyped
  // link), so that the address names what the page shows and a shared link opens the same.
  useEffect(() => {
    if (earlyChoice.color || earlyChoice.size || !queryNamesOffered(catalogue, asked)) writeSelectionQuery(selection, variantIdOf(selection));
  }, []);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const button = useRef<HTMLButtonElement>(null);

  // A product whose options are neither colour nor size (a gift card's denomination) is chosen in
  // its variant select, shown for it with and without JavaScript alike.
  const colourOrSize = product.productOptions.some((o) => isColourOption(o.name) || isSizeOption(o.name));
  const selectShown = !colourOrSize && product.variants.length > 1;
  const [pickedId, setPickedId] = useState(() => variantSelectedBefore(selectId) ?? product.currentVariant.id);
  const variant = (
    selectShown ? (product.variants.find((v) => v.id === pickedId) ?? null) : findVariant(catalogue, selection.color, selection.size)
  ) as FormVariant | null;
  const shown = variant ?? (currentVariant(catalogue) as FormVariant | null);
  const available = variant?.available === true;
  // Memoised: an unsupported colour is logged (spec §3) once per size, not once per render.
  const colours = useMemo(() => availableColors(catalogue, lang, selection.size), [selection.size]);
  const sizes = availableSizes(catalogue, selection.color);
  const colourIndex = product.productOptions.findIndex((o) => isColourOption(o.name));
  const sizeIndex = product.productOptions.findIndex((o) => isSizeOption(o.name));
  const colourLabel = (value: string) => colours.find((c) => c.value === value)?.label ?? value;

  // The purchase option chosen (a pre-order plan): its price is the product's price meanwhile.
  const [plan, setPlan] = useState<PlanPrice | null>(null);
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    setPlan(chosenPlanPrice(form));
    const onChange = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.name === 'selling_plan') setPlan(chosenPlanPrice(form));
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, []);

  // Another variant than the server drew (also one chosen before mounting): its unit price,
  // installments, purchase options and pickup from the server.
  const drawnVariant = useRef(product.currentVariant.id);
  useEffect(() => {
    if (!variant || variant.id === drawnVariant.current || !sectionId) return;
    drawnVariant.current = variant.id;
    const form = button.current?.form;
    if (!form) return;
    void import('./variant-slots')
      .then(({ refreshSlots }) => refreshSlots(form, product.handle, variant.id, sectionId))
      .then(() => setPlan(chosenPlanPrice(form)));
  }, [variant?.id]);

  const choose = (kind: keyof Selection, value: string) => {
    const next = { ...selection, [kind]: value };
    setSelection(next);
    setError('');
    writeSelectionQuery(next, variantIdOf(next));
  };

  const add = async () => {
    if (!variant || !variant.available || pending) return;
    // A tap made before this island came is still being added (early-add.ts): this is the same wish.
    if (button.current?.form?.dataset['earlyAdd'] === 'pending') return;
    setPending(true);
    setError('');
    const form = button.current?.form;
    const extras = form ? formExtras(form) : {};
    const result = Object.keys(extras).length ? await addItem(product.id, variant.id, extras) : await addItem(product.id, variant.id);
    setPending(false);
    // On success the cart store has opened the cart panel; a refusal (422) says why.
    if (!result.ok) setError(result.message);
  };

  // The form element is the server's ({% form 'product' %}) around this island: its submit
  // (the button, or Enter in a field) adds through the cart store instead of leaving the page.
  // The listener is attached once and calls the latest render's add: effects run after the next
  // frame, so a listener renewed by each render would, for a tap between a choice being drawn and
  // that frame (a slow phone, a quick keyboard), add the variant chosen before, or nothing when
  // that one was sold out, while the button already offers the new one.
  const latestAdd = useRef(add);
  latestAdd.current = add;
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    const onSubmit = (event: Event) => {
      // Buy it now (the platform's button, name="checkout") posts the form natively: to checkout.
      if ((event as SubmitEvent).submitter?.getAttribute('name') === 'checkout') return;
      event.preventDefault();
      void latestAdd.current();
    };
    form.addEventListener('submit', onSubmit);
    // The store is here before the tap on add to bag, so that tap's request leaves at once.
    void prepareAddItem();
    // A tap made before this island came, refused by the server (sold out meanwhile): say why.
    const earlyRefused = () => form.dataset['earlyAdd'] === 'refused' && setError(form.dataset['earlyAddError'] ?? '');
    earlyRefused();
    form.addEventListener('early-add:settled', earlyRefused);
    // From here a submit is handled here: a tap held while the island started may go now.
    announceSubmitTaken(form);
    return () => {
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('early-add:settled', earlyRefused);
    };
  }, []);

  const variantLabel = (v: FormVariant) =>
    v.options.map((o, i) => (i === colourIndex ? colourLabel(o) : o.trim())).join(' / ') + (v.available ? '' : ` — ${t('product.unavailable')}`);

  // The native carrier of the choice: posted if this island ever fails and the form goes to
  // /cart/add on its own; shown instead of the radios without JavaScript, so it sits with them.
  const variantSelect = (
    <div className="product-form__variant" hidden={!selectShown}>
      <label className="product-form__variant-label" htmlFor={selectId}>
        {selectShown ? product.productOptions[0]?.name : t('product.variant')}
      </label>
      <select
        className="product-form__variant-select"
        id={selectId}
        name="id"
        value={String(shown?.id ?? '')}
        onChange={selectShown ? (event) => setPickedId(Number(event.currentTarget.value)) : undefined}
      >
        {product.variants.map((v) => (
          <option key={v.id} value={String(v.id)} data-values={v.options.map((o) => o.trim().toLowerCase()).join('␟')} disabled={!v.available}>
            {variantLabel(v)}
          </option>
        ))}
      </select>
    </div>
  );
  const hasPickers = parts.some((p) => p.type === 'variant_picker');

  const drawPart = (part: FormPart) => {
    switch (part.type) {
      case 'price':
        return (
          <Fragment key={part.type}>
            <PriceTag
              current={plan?.price ?? shown?.price ?? ''}
              compareAt={plan ? plan.compareAt : shown?.compareAt}
              className="product__price"
              attributes={editorBlock(part)}
            />
            <Slot name="price-details" node={slots['price-details']} />
          </Fragment>
        );
      case 'variant_picker':
        return (
          <div key={part.type} className="product-form__pickers" {...editorBlock(part)}>
            {colours.length > 0 && (
              <ColourPicker
                options={colours}
                selected={selection.color}
                selectedLabel={selection.color ? colourLabel(selection.color) : ''}
                name="color"
                onChoose={(value) => choose('color', value)}
                optionIndex={colourIndex}
              />
            )}
            {sizes.length > 0 && (
              <SizePicker
                options={sizes}
                selected={selection.size}
                selectedLabel={sizes.find((s) => s.value === selection.size)?.label ?? ''}
                name="size"
                onChoose={(value) => choose('size', value)}
                optionIndex={sizeIndex}
              />
            )}
            {variantSelect}
          </div>
        );
      case 'buy_buttons':
        return (
          <div key={part.type} className="product-form__buy" {...editorBlock(part)}>
            {preorderNote && <p className="product-form__preorder-note">{preorderNote}</p>}
            <Slot name="purchase" node={slots.purchase} />
            <Slot name="recipient" node={slots.recipient} />
            <div className="product-form__actions">
              <button
                ref={button}
                type="submit"
                className="button product-form__submit"
                disabled={!available}
                aria-disabled={pending ? 'true' : undefined}
                aria-busy={pending ? 'true' : undefined}
              >
                {!available ? t('product.unavailable') : product.preorder ? t('product.add_to_preorder') : t('product.add_to_bag')}
              </button>
              {/* The button says it is sold out; the status tells a screen reader when a choice makes it so. */}
              <p className="product-form__status visually-hidden" role="status">
                {available ? '' : t('product.unavailable')}
              </p>
              <p className="form-error" role="alert">
                {error}
              </p>
            </div>
            <Slot name="buy-now" node={slots['buy-now']} />
            <Slot name="pickup" node={slots.pickup} />
          </div>
        );
    }
  };

  return (
    <>
      {parts.map(drawPart)}
      {!hasPickers && variantSelect}
    </>
  );
}
