// Runs on every page, first. In order: the stored-language redirect (not in the theme editor) and the spec's redirect
// routes (leaving the page ends the work here), a page shown from history for someone no longer
// signed in asked for again (account-pages.ts), the once-after-a-currency-change cache clear,
// scroll position, the right-hand panel in step with the address, Escape, the data-action links,
// the localization forms, the header's islands (header-islands.ts), and the panel host.
// Spec §2's reset on visiting a collections route needs no code here: the catalogue keeps its
// filter and sort state only in the address, so every collections page starts from what its
// address says, and a plain link to a collection is a reset.
import { bootstrap, inDesignMode } from '../../shared/bootstrap';
import { hasHostedAccounts } from '../../shared/account/sign-in';
import { listenForEscape } from '../../shared/dom/escape';
import { $rightSidebar, isPanelName, syncPanelFromUrl, type PanelName } from '../../shared/stores/panel';
import { PANEL_INTENT } from '../../shared/runtime/panel-intent';
import { preloadIslandCode } from '../../shared/runtime/schedule';
import { consumeCurrencyChange, redirectToStoredLanguage } from '../../shared/stores/locale';
import { installActionLinks } from './actions';
import { installLocalizationForms } from './localization';
import { reloadPagesRestoredForAnotherSession } from './account-pages';
import { scheduleHeaderIslands } from './header-islands';
import { keepsScrollPosition, pageKeepsItself, redirectTarget, searchRendersInPlace } from './routes';

function rendersInPlace(pathname: string, search: string): boolean {
  return searchRendersInPlace(pathname, search, document.getElementById('search-results') !== null);
}

function leaving(): boolean {
  if (redirectToStoredLanguage()) return true;
  const { pathname, search } = window.location;
  const target = redirectTarget(pathname, search, bootstrap().rootUrl, {
    notFound: document.body.dataset['pageType'] === '404',
    keepsItself: pageKeepsItself(document),
    hostedAccounts: hasHostedAccounts(),
  });
  if (target === null) return false;
  if (rendersInPlace(pathname, search)) {
    // The search page has drawn its results: the address becomes the spec's without loading
    // the list a second time (the list island reads the results from this page).
    window.history.replaceState(window.history.state, '', target);
    return false;
  }
  window.location.replace(target);
  return true;
}

function placeScroll(): void {
  const { pathname, search, hash } = window.location;
  if (keepsScrollPosition(pathname, search)) {
    window.history.scrollRestoration = 'auto';
    return;
  }
  // The browser would restore the old position on reload and history moves; spec §2 wants
  // the top. A #fragment is the shopper asking for a place on the page: keep it.
  window.history.scrollRestoration = 'manual';
  if (!hash) window.scrollTo(0, 0);
}

// The panel host (Preact and the panel frame) loads when a panel first opens, or a moment before,
// when the shopper shows they are about to open one (shared/runtime/panel-intent: a finger down on
// add to bag): not with every page, most pages are read without one. It reads $rightSidebar when
// it mounts, and a panel whose code came on intent is drawn in the frame that opens it.
function loadPanelHostWhenNeeded(): void {
  const load = (name: PanelName): void => {
    // The host's chunks and the panel's, all at once (snippets/island-code): the host would
    // otherwise find its own imports, then the panel, then the panel's, a round trip each.
    preloadIslandCode('panels');
    preloadIslandCode(`panel-${name}`);
    // Mounting is once (mountIsland skips a mounted node), and so is each import.
    import('./mount-panel-host')
      .then(({ mountPanelHost, loadPanel }) => {
        mountPanelHost();
        return loadPanel(name);
      })
      .catch((error: unknown) => console.error(`The panel host or panel "${name}" failed to load`, error));
  };
  document.addEventListener(PANEL_INTENT, (event) => {
    const name = (event as CustomEvent<unknown>).detail;
    if (isPanelName(name)) load(name);
  });
  const opened = $rightSidebar.get();
  if (opened) {
    load(opened);
    return;
  }
  const stop = $rightSidebar.listen((name) => {
    if (!name) return;
    stop();
    load(name);
  });
}

// In the theme editor, what the merchant selects shows itself (its panel opens); that code is
// loaded there only.
function followEditorSelection(): void {
  import('../../shared/runtime/editor')
    .then(({ listenToEditor }) => listenToEditor())
    .catch((error: unknown) => console.error('The theme editor support failed to load', error));
}

function start(): void {
  // A page from history drawn for someone no longer signed in is asked for again: nothing else.
  if (reloadPagesRestoredForAnotherSession()) return;
  if (inDesignMode()) followEditorSelection();
  consumeCurrencyChange();
  placeScroll();
  syncPanelFromUrl();
  window.addEventListener('popstate', () => syncPanelFromUrl());
  listenForEscape();
  installActionLinks(document);
  installLocalizationForms(document);
  scheduleHeaderIslands();
  loadPanelHostWhenNeeded();
}

// In the theme editor the page stays where the merchant opened it: no stored-language jump and
// no redirect route, so every template (cart, search, login, register) can be edited.
if (inDesignMode() || !leaving()) start();
