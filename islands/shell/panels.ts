// Each right-hand panel is its own chunk, loaded the first time it opens (STYLE.md: Astro islands).
import type { ComponentType } from 'react';
import type { PanelName } from '../../shared/stores/panel';
import { preloadIslandCode } from '../../shared/runtime/schedule';

export type PanelModule = { default: ComponentType<PanelProps>; titleKey: string };
export type PanelProps = { titleId: string };

const PANEL_IMPORTS: Record<PanelName, () => Promise<PanelModule>> = {
  cart: () => import('../panels/cart/CartPanel'),
  login: () => import('../panels/login/LoginPanel'),
  signup: () => import('../panels/signup/SignupPanel'),
  'forgot-password': () => import('../panels/forgot-password/ForgotPasswordPanel'),
  'recover-password': () => import('../panels/recover-password/RecoverPasswordPanel'),
  'size-guide': () => import('../panels/size-guide/SizeGuidePanel'),
  filters: () => import('../panels/filters/FiltersPanel'),
};

/**
 * Loads a panel's code, asking for all its chunks at once (snippets/island-code: panel-<name>).
 * The first panel's were asked for by the shell with the host's; a template is copied once.
 */
export function loadPanel(name: PanelName): Promise<PanelModule> {
  preloadIslandCode(`panel-${name}`);
  return PANEL_IMPORTS[name]().then((module) => {
    loaded.set(name, module);
    return module;
  });
}

const loaded = new Map<PanelName, PanelModule>();

/**
 * A panel's code, if it has loaded (on the shopper's intent, or an earlier opening): the host then
 * draws the panel in the frame that opens it, where waiting on the import would show a spinner first.
 */
export function loadedPanel(name: PanelName): PanelModule | null {
  return loaded.get(name) ?? null;
}
