// Upgrades the server's allow-listed merchant HTML (snippets/rich-text.liquid) to the full HTML,
// sanitised by DOMPurify, in the same block. The server marks only HTML that lost something in
// its version as this island, so DOMPurify loads only where such HTML is shown.
import { readIslandProps } from '../../shared/bootstrap';
import { sanitizePageContent } from '../../shared/sanitize';

export function start(nodes: HTMLElement[]): void {
  for (const node of nodes) {
    const html = readIslandProps<{ html?: string }>(node)?.html;
    if (typeof html !== 'string') continue;
    const props = node.querySelector(':scope > script[data-island-props]');
    node.innerHTML = sanitizePageContent(html);
    if (props) node.prepend(props);
  }
}
