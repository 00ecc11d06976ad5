// One look of "complete your look" (spec §3 Dot, §4): its dots become buttons, and a dot opens
// a small popup with its product (image, name, price, link) and an add-to-bag. The popup is a
// non-modal dialog: Escape, a click outside or the close button shut it, and focus goes back to
// the dot. It opens where it covers no other dot (./placement.ts), or as a sheet under the image.
// Loaded by ./index.tsx on the first touch of a look.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mountIsland } from '../../shared/runtime/mount';
import { addItem } from '../../shared/stores/add-item';
import { t } from '../../shared/i18n';
import { placePopup, type Placement } from './placement';

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

  // A layout effect: the popup answers Escape as soon as it is drawn (it takes focus once placed).
  useLayoutEffect(() => {
    if (open === null) return;
    const inside = (target: EventTarget | null) => target instanceof Node && (!!popup.current?.contains(target) || !!list.current?.contains(target));
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
      {open !== null && dots[open] && <LookPopup key={open} id={id} dots={dots} open={open} list={list} popup={popup} onDone={() => close(true)} />}
    </>
  );
}

type PopupProps = {
  id: string;
  dots: LookDot[];
  open: number;
  /** The dots' list: it covers the image, so its box is the image's. */
  list: { current: HTMLUListElement | null };
  popup: { current: HTMLDivElement | null };
  onDone: () => void;
};

function LookPopup({ id, dots, open, list, popup, onDone }: PopupProps) {
  const { product } = dots[open]!;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  // null while the popup is drawn (unseen, before the browser paints) at its floating width to be measured.
  const [placement, setPlacement] = useState<Placement | null>(null);
  const focused = useRef(false);

  useLayoutEffect(() => {
    const image = list.current;
    const box = popup.current;
    if (!image || !box) return;
    if (placement === null) {
      const width = image.clientWidth;
      const height = image.clientHeight;
      const points = dots.map((d) => ({ x: (d.x / 100) * width, y: (d.y / 100) * height }));
      setPlacement(placePopup({ width, height }, { width: box.offsetWidth, height: box.offsetHeight }, points, open));
    } else if (!focused.current) {
      focused.current = true;
      box.focus();
    }
  }, [placement]);

  // A new width may free a spot or take one away: measure again.
  useEffect(() => {
    const image = list.current;
    if (!image || typeof ResizeObserver === 'undefined') return;
    let width = image.clientWidth;
    const observer = new ResizeObserver(() => {
      if (image.clientWidth === width) return;
      width = image.clientWidth;
      setPlacement(null);
    });
    observer.observe(image);
    return () => observer.disconnect();
  }, []);

  // Spec §4: disabled while its request is pending, and the popup closes afterwards; a refusal
  // (422) keeps it open with the platform's message instead.
  const add = async () => {
    setPending(true);
    setError('');
    const result = await addItem(product.id, product.variantId);
    setPending(false);
    if (result.ok) return onDone();
    setError(result.message);
    // The message makes the popup taller: find it a spot again.
    setPlacement(null);
  };

  const where =
    placement === null
      ? { className: 'look__popup--measuring', style: {} }
      : placement.kind === 'sheet'
        ? { className: 'look__popup--sheet', style: { marginLeft: `${placement.left}px`, '--caret': `${placement.caret}px` } }
        : { className: 'look__popup--float', style: { left: `${placement.left}px`, top: `${placement.top}px` } };
  return (
    <div
      ref={popup}
      id={id}
      className={`look__popup ${where.className}`}
      data-placement={placement === null ? undefined : placement.kind === 'sheet' ? 'sheet' : placement.side}
      style={where.style as Record<string, string>}
      role="dialog"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      {product.image && (
        <img className="look__popup-image" src={product.image} srcSet={`${product.image} 1x, ${product.image2x} 2x`} width={80} height={120} alt="" />
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
