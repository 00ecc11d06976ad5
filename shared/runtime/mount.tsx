// Island entries call mountIsland: find the nodes the server rendered, read their props,
// render on top. A failing island must cost only itself: its server markup stays.
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ISLAND_PROPS_SELECTOR, readIslandProps } from '../bootstrap';
import { focusableIn } from '../dom/focus-trap';

type BoundaryProps = { name: string; onError: () => void; children?: ReactNode };

/** Catches a render error of one island, logs it, and asks for the server markup back. */
export class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Island "${this.props.name}" failed`, error, info);
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

import { MOUNTED, onUnload } from './schedule';

/**
 * Where focus sits inside node, as a way to find the same control after the island has drawn
 * over the server's markup (an island may load on the shopper's first touch, mid-interaction).
 */
function focusFinder(node: HTMLElement): ((root: HTMLElement) => HTMLElement | null) | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === node || !node.contains(active)) return null;
  if (active.id) {
    const id = active.id;
    return (root) => root.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  }
  const index = focusableIn(node).indexOf(active);
  const byPlace = (root: HTMLElement): HTMLElement | null => (index < 0 ? null : (focusableIn(root)[index] ?? null));
  // The island's control may carry no action where the server's link did (a guest's wishlist
  // link opens the login panel; the island's button decides that itself): then its place.
  const action = active.dataset['action'];
  if (action) return (root) => root.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]`) ?? byPlace(root);
  return index < 0 ? null : byPlace;
}

/**
 * Renders Component into every [data-island="name"] node not yet mounted. Props come from
 * the node's <script type="application/json" data-island-props> ({} when it has none); a
 * node whose props are malformed is left as the server drew it.
 */
export function mountIsland<P extends object>(name: string, Island: ComponentType<P>): void {
  for (const node of Array.from(document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`))) {
    if (node.hasAttribute(MOUNTED)) continue;
    const hasProps = node.querySelector(ISLAND_PROPS_SELECTOR) !== null;
    const props = readIslandProps<P>(node);
    if (hasProps && props === null) continue;
    node.setAttribute(MOUNTED, '');

    // Rendering replaces the node's children, so keep a copy to put back if the island fails.
    const serverMarkup = Array.from(node.childNodes, (child) => child.cloneNode(true));
    const root = createRoot(node);
    let restored = false;
    const restore = () => {
      if (restored) return;
      restored = true;
      // Unmounting inside the renderer's own error handling would re-enter it: wait a tick.
      queueMicrotask(() => {
        root.unmount();
        node.replaceChildren(...serverMarkup);
      });
    };
    // The theme editor removing or re-rendering the section ends the component (its effects clean up).
    onUnload(node, () => {
      restored = true;
      root.unmount();
    });
    const findFocus = focusFinder(node);
    try {
      root.render(
        <IslandBoundary name={name} onError={restore}>
          <Island {...(props ?? ({} as P))} />
        </IslandBoundary>,
      );
      if (findFocus && !node.contains(document.activeElement)) findFocus(node)?.focus();
    } catch (error) {
      // An error outside any component's render (the renderer itself) is not caught by the
      // boundary; handle it the same way so the next island still mounts.
      console.error(`Island "${name}" failed`, error);
      restore();
    }
  }
}
