// One look of "complete your look" (spec §3 Dot, §4): its dots become buttons, and a dot opens
// a small popup with its product (image, name, price, link) and an add-to-bag. The popup is a
// non-modal dialog: Escape, a click outside or the close button shut it, and focus goes back to
// the dot. Loaded by ./index.tsx when the looks come near the viewport.
import { useLayoutEffect, useRef, useState } from 'react';
import { mountIsland } from '../../shared/islands/mount';
import { addItem } from '../../shared/stores/add-item';
import { t } from '../../shared/i18n';

export type DotProduct = {
  id: number;
  title: string;
  url: string;
  image: string;
  image2x: string;
  /** Formatted by the server's `money`. */
  price: string;
  /** The variant the bag gets: the product's selected or first available one. */
  variantId: number;
  available: boolean;
  /** The theme's answer (snippets/product-preorder.liquid). */
  preorder: boolean;
};

/** x and y in % of the image (the server divides the 2x-image pixels by its size). */
export type LookDot = { x: number; y: number; product: DotProduct };

export type LookProps = { dots: LookDot[] };

/** Spec §4: the popup's placement flips at 25 % of the width: to the right of a dot left of that line, else to its left. */
export function popupPlacement(x: number): 'right' | 'left' {
  return x < 25 ? 'right' : 'left';
}

let looks = 0;

export function Look({ dots }: LookProps) {
  const [open, setOpen] = useState<number | null>(null);
  const [id] = useState(() => `look-${++looks}`);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLUListElement>(null);
  const popup = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    if (returnFocus && open !== null) buttons.current[open]?.focus();
    setOpen(null);
  };

  // A layout effect: the popup takes focus and answers Escape as soon as it is drawn.
  useLayoutEffect(() => {
    if (open === null) return;
    popup.current?.focus();
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (!!popup.current?.contains(target) || !!list.current?.contains(target));
    // The shell's Escape handler runs first and closes an open right panel; only an Escape it
    // left alone closes the popup.
    const onKeydown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    };
    const onPointerdown = (event: PointerEvent) => {
      if (!inside(event.target)) close(false);
    };
    const onFocusin = (event: FocusEvent) => {
      if (!inside(event.target)) close(false);
    };
    document.addEventListener('keydown', onKeydown);
    document.addEventListener('pointerdown', onPointerdown);
    document.addEventListener('focusin', onFocusin);
    return () => {
      document.removeEventListener('keydown', onKeydown);
      document.removeEventListener('pointerdown', onPointerdown);
      document.removeEventListener('focusin', onFocusin);
    };
  }, [open]);

  const dot = open === null ? null : dots[open];
  return (
    <>
      <ul ref={list} className="look__dots" role="list">
        {dots.map((d, i) => (
          <li key={i} className="look__dot" style={{ left: `${d.x}%`, top: `${d.y}%` }}>
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className="look__dot-button"
              aria-haspopup="dialog"
              aria-expanded={open === i}
              aria-controls={open === i ? id : undefined}
              onClick={() => (open === i ? close(false) : setOpen(i))}
            >
              <span className="visually-hidden">{d.product.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {dot && <LookPopup key={open} id={id} dot={dot} popup={popup} onDone={() => close(true)} />}
    </>
  );
}

type PopupProps = {
  id: string;
  dot: LookDot;
  popup: { current: HTMLDivElement | null };
  onDone: () => void;
};

function LookPopup({ id, dot, popup, onDone }: PopupProps) {
  const { product } = dot;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  // Spec §4: disabled while its request is pending, and the popup closes afterwards; a refusal
  // (422) keeps it open with the platform's message instead.
  const add = async () => {
    setPending(true);
    setError('');
    const result = await addItem(product.id, product.variantId);
    setPending(false);
    if (result.ok) onDone();
    else setError(result.message);
  };

  // Horizontally the spec's 25 % rule; vertically below the dot, or above one low in the image
  // (not in the spec: it keeps the popup over the look rather than the page under it).
  return (
    <div
      ref={popup}
      id={id}
      className={`look__popup look__popup--${popupPlacement(dot.x)}${dot.y > 60 ? ' look__popup--above' : ''}`}
      style={{ '--x': `${dot.x}%`, '--y': `${dot.y}%` } as Record<string, string>}
      role="dialog"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      {product.image && (
        <img
          className="look__popup-image"
          src={product.image}
          srcSet={`${product.image} 1x, ${product.image2x} 2x`}
          width={80}
          height={120}
          alt=""
        />
      )}
      <div className="look__popup-body">
        <a id={`${id}-title`} className="look__popup-title" href={product.url}>
          {product.title}
        </a>
        <p className="look__popup-price">{product.price}</p>
        {!product.available && <p className="look__popup-status">{t('product.unavailable')}</p>}
      </div>
      <button type="button" className="button look__popup-add" disabled={pending || !product.available} onClick={add}>
        {product.preorder === true ? t('product.add_to_preorder') : t('product.add_to_bag')}
      </button>
      <p className="form-error look__popup-error" role="alert">
        {error}
      </p>
      <button type="button" className="look__popup-close" aria-label={t('common.close')} onClick={onDone}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="m5 5 14 14M19 5 5 19" />
        </svg>
      </button>
    </div>
  );
}

/**
 * Mounts every look. A dot the keyboard already reached while it was still the server's link
 * keeps the focus once it is a button.
 */
export function start(): void {
  const focused = document.activeElement;
  const nodes = Array.from(document.querySelectorAll<HTMLElement>('[data-island="look"]'));
  const at = nodes.map((node) => Array.from(node.querySelectorAll('.look__dot-button')).indexOf(focused as Element));
  mountIsland('look', Look);
  nodes.forEach((node, i) => {
    const index = at[i] ?? -1;
    if (index >= 0) node.querySelectorAll<HTMLElement>('.look__dot-button')[index]?.focus();
  });
}
