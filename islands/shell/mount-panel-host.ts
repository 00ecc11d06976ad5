// The lazily loaded half of the shell: mounts the right-hand panel host into the layout's
// [data-island="panels"] node (snippets/right-panel.liquid).
import { mountIsland } from '../../shared/runtime/mount';
import { PanelHost } from './PanelHost';

export { loadPanel } from './panels';

export function mountPanelHost(): void {
  mountIsland('panels', PanelHost);
}
