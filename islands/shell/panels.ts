// Each right-hand panel is its own chunk, loaded the first time it opens (STYLE.md: Astro islands).
import type { ComponentType } from 'react';
import type { PanelName } from '../../shared/stores/panel';

export type PanelModule = { default: ComponentType<PanelProps>; titleKey: string };
export type PanelProps = { titleId: string };

export const PANEL_LOADERS: Record<PanelName, () => Promise<PanelModule>> = {
  cart: () => import('./panels/placeholder'),
  login: () => import('./panels/placeholder'),
  signup: () => import('./panels/placeholder'),
  'forgot-password': () => import('./panels/placeholder'),
  'recover-password': () => import('./panels/placeholder'),
  'size-guide': () => import('./panels/placeholder'),
  filters: () => import('./panels/placeholder'),
};
