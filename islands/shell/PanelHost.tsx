// The right-hand panel frame (spec §2, §4): one open at a time, a labelled modal dialog, focus
// moved in and returned to the opener on close, Escape and the backdrop close it. The page's
// scroll lock (768 px and up) follows $rightSidebar in shared/stores/panel.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $rightSidebar, closePanel, type PanelName } from '../../shared/stores/panel';
import { createFocusTrap } from '../../shared/dom/focus-trap';
import { t } from '../../shared/i18n';
import { loadPanel, loadedPanel, type PanelModule } from './panels';

export function PanelHost() {
  const name = useStore($rightSidebar);
  const [loaded, setLoaded] = useState<{ name: PanelName; module: PanelModule } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Even when the code is here: it may have come after this render, which then showed the spinner.
    if (!name) return;
    let current = true;
    loadPanel(name)
      .then((module) => current && setLoaded({ name, module }))
      .catch((error: unknown) => console.error(`Panel "${name}" failed to load`, error));
    return () => {
      current = false;
    };
  }, [name]);

  // A layout effect: focus goes back to the opener in the same task that removes the panel,
  // not a frame later, so nothing in between finds focus lost on the page.
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!name || !node) return;
    const trap = createFocusTrap(node, () => document.querySelector<HTMLElement>(`[data-action="${name}"]`));
    trap.activate();
    return () => trap.deactivate();
  }, [name]);

  if (!name) return null;
  const Panel = (loaded?.name === name ? loaded.module : loadedPanel(name))?.default ?? null;
  const titleId = `right-panel-title-${name}`;
  return (
    <div className="right-panel" data-panel={name}>
      <div className="right-panel__backdrop" onClick={closePanel} aria-hidden="true" />
      <div ref={dialog} className="right-panel__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <button type="button" className="right-panel__close" onClick={closePanel} aria-label={t('common.close')}>
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="m5 5 14 14M19 5 5 19" />
          </svg>
        </button>
        {Panel ? (
          <Panel titleId={titleId} />
        ) : (
          <p id={titleId} className="spinner" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    </div>
  );
}
