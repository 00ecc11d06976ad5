// Body scroll lock (spec §9): overflow hidden on <body>, only at widths of 768 px and up for
// side panels; the left menu locks at every width (spec §2) with { always: true }.
// Reference-counted by owner, so the cart panel closing does not unlock under an open menu.

export const DESKTOP_MIN_WIDTH = 768;

const owners = new Map<string, { always: boolean }>();
let saved: string | null = null;
let listening = false;

function apply(): void {
  if (typeof document === 'undefined') return;
  const wide = window.innerWidth >= DESKTOP_MIN_WIDTH;
  const locked = [...owners.values()].some((o) => o.always || wide);
  const style = document.body.style;
  if (locked && saved === null) {
    saved = style.overflow;
    style.overflow = 'hidden';
  } else if (!locked && saved !== null) {
    style.overflow = saved;
    saved = null;
  }
}

/** Locks scrolling for owner (idempotent per owner); re-evaluated when the window resizes. */
export function lockScroll(owner: string, options: { always?: boolean } = {}): void {
  owners.set(owner, { always: options.always === true });
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('resize', apply);
    listening = true;
  }
  apply();
}

/** Releases owner's lock; the body scrolls again once no owner holds one. */
export function unlockScroll(owner: string): void {
  owners.delete(owner);
  if (owners.size === 0 && listening) {
    window.removeEventListener('resize', apply);
    listening = false;
  }
  apply();
}
