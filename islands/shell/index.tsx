// Runs on every page: keeps the right-hand panel in step with the address, closes the topmost
// panel on Escape, turns the header's links into panel openers, and hosts the panels.
import { mountIsland } from '../../shared/islands/mount';
import { listenForEscape } from '../../shared/dom/escape';
import { syncPanelFromUrl } from '../../shared/stores/panel';
import { installActionLinks } from './actions';
import { PanelHost } from './PanelHost';

syncPanelFromUrl();
window.addEventListener('popstate', () => syncPanelFromUrl());
listenForEscape();
installActionLinks(document);
mountIsland('panels', PanelHost);
