// The right-hand panel, the left menu and the search overlay (spec §2, §4).
// The open right panel lives in the address as ?rightSidebar=<name>, so a link or a redirect
// (/cart, /account/login) can open it and a reload keeps it open.
import { atom } from 'nanostores';
import { lockScroll, unlockScroll } from '../dom/scroll-lock';
import { hasHostedAccounts, openAccountSignIn } from '../account/sign-in';

export const PANEL_NAMES = ['cart', 'login', 'signup', 'forgot-password', 'recover-password', 'size-guide', 'filters'] as const;

/**
 * The spec's panels, which the address names, and quick add (islands/quick-add), which a card's
 * button opens for its product and no address can name (shared/stores/quick-add.ts).
 */
export type PanelName = (typeof PANEL_NAMES)[number] | 'quick-add';

export const RIGHT_SIDEBAR_PARAM = 'rightSidebar';

/** One of the panels an address can name (PANEL_NAMES). */
export function isPanelName(value: unknown): value is PanelName {
  return typeof value === 'string' && (PANEL_NAMES as readonly string[]).includes(value);
}

/** The open right panel, or null. Only one at a time. */
export const $rightSidebar = atom<PanelName | null>(null);
export const $leftMenuOpen = atom(false);
export const $searchOpen = atom(false);

/** The address's rightSidebar, in the current history entry (replaceState): the panel named, or none. */
export function writePanelParam(name: PanelName | null): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (name) url.searchParams.set(RIGHT_SIDEBAR_PARAM, name);
  else url.searchParams.delete(RIGHT_SIDEBAR_PARAM);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
}

/** The panels whose forms post to legacy account routes (/account/login, /account, /account/recover). */
const LEGACY_ACCOUNT_PANELS: readonly PanelName[] = ['login', 'signup', 'forgot-password', 'recover-password'];

/**
 * With today's customer accounts the legacy panels have nothing to post to: asking for one
 * (a login link, a guest's wishlist heart, ?rightSidebar=login) opens the platform's account
 * component instead. True when that happened.
 */
function handOverToAccountComponent(name: PanelName): boolean {
  if (!LEGACY_ACCOUNT_PANELS.includes(name) || !hasHostedAccounts()) return false;
  $leftMenuOpen.set(false);
  $searchOpen.set(false);
  openAccountSignIn();
  return true;
}

// Opening any right panel closes the left menu and the search. Spec §2's "clears pending login,
// create and forgot-password values" needs no store: the panel host shows one panel at a time,
// so a sign-in panel's typed values go with it when another opens.
function show(name: PanelName): void {
  $leftMenuOpen.set(false);
  $searchOpen.set(false);
  $rightSidebar.set(name);
}

/** Opens a right panel and writes its name to the address (other params kept). */
export function openPanel(name: PanelName): void {
  if (handOverToAccountComponent(name)) return;
  show(name);
  writePanelParam(name);
}

/** Closes the right panel and removes rightSidebar from the address. */
export function closePanel(): void {
  $rightSidebar.set(null);
  writePanelParam(null);
}

/**
 * Opens the panel the address names (call at start and on popstate); no parameter closes it.
 * An unknown value is ignored.
 */
export function syncPanelFromUrl(search: string = typeof window === 'undefined' ? '' : window.location.search): void {
  const value = new URLSearchParams(search).get(RIGHT_SIDEBAR_PARAM);
  if (value === null) $rightSidebar.set(null);
  else if (isPanelName(value) && handOverToAccountComponent(value)) writePanelParam(null);
  else if (isPanelName(value) && value !== $rightSidebar.get()) show(value);
}

export function openLeftMenu(): void {
  $leftMenuOpen.set(true);
}
export function closeLeftMenu(): void {
  $leftMenuOpen.set(false);
}
export function toggleLeftMenu(): void {
  $leftMenuOpen.set(!$leftMenuOpen.get());
}

export function openSearch(): void {
  $searchOpen.set(true);
}
export function closeSearch(): void {
  $searchOpen.set(false);
}

/** Escape: closes the search, else the right panel, else the left menu. True if one closed. */
export function closeTopmost(): boolean {
  if ($searchOpen.get()) closeSearch();
  else if ($rightSidebar.get()) closePanel();
  else if ($leftMenuOpen.get()) closeLeftMenu();
  else return false;
  return true;
}

// Scroll locking follows the stores, so every island that opens or closes a panel gets it.
// Spec §9: side panels lock at 768 px and up; spec §2: the left menu locks at every width.
$rightSidebar.listen((name) => (name ? lockScroll('right-sidebar') : unlockScroll('right-sidebar')));
$leftMenuOpen.listen((open) => (open ? lockScroll('left-menu', { always: true }) : unlockScroll('left-menu')));
